import type { UserInfo } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { userWithRole } from '../test-users';
import { BareLayout } from './bare-layout';

const MODER = userWithRole('moder', { id: 3, name: 'Mo Derator', email: 'moder@pushdeck.test' });
const ENTERED = userWithRole('client', {
  id: 9,
  name: 'Cleo Client',
  email: 'client@pushdeck.test',
  client_uid: 'acme-uid',
  client_id: 1,
  backToModerUrl: '/api/auth/moder/backToModer/3',
});

function Page() {
  return (
    <>
      <h1>Add a website</h1>
      <p data-testid="location">{useLocation().pathname}</p>
    </>
  );
}

function renderBare(user: UserInfo) {
  const network = stubFetch((call: StubbedCall) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/clients/current') {
      return jsonResponse(200, { data: { id: 1, client_uid: 'acme-uid', name: 'Acme Shop', is_active: 1 } });
    }
    if (call.path === '/api/auth/moder/backToModer/3') return jsonResponse(200, { data: MODER });
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(
    <Routes>
      <Route element={<BareLayout />}>
        <Route path="*" element={<Page />} />
      </Route>
    </Routes>,
    { route: '/new-website', user },
  );
  return { ...network, user: userEvent.setup() };
}

describe('BareLayout', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('heads a bare page with the impersonation banner while staff act as a user, and returns to moderation', async () => {
    const { calls, user } = renderBare(ENTERED);
    expect(screen.getByRole('heading', { name: 'Add a website' })).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    await waitFor(() =>
      expect(within(banner).getByRole('status')).toHaveTextContent(
        'You are signed in as Cleo Client (client@pushdeck.test) of the client Acme Shop.',
      ),
    );
    await user.click(within(banner).getByRole('button', { name: 'Return to moderation' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/moder/backToModer/3')?.method).toBe('POST'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/moderation-dashboard'), {
      timeout: 4000,
    });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });

  it('shows the page alone outside an impersonation', () => {
    const { calls } = renderBare(userWithRole('client'));
    expect(screen.getByRole('heading', { name: 'Add a website' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
