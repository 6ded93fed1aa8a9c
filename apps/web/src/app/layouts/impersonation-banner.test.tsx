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
  XSRF_VALUE,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { userWithRole } from '../test-users';
import { AppLayout } from './app-layout';

const MODER = userWithRole('moder', { id: 3, name: 'Mo Derator', email: 'moder@pushdeck.test' });
const ENTERED = userWithRole('user', {
  id: 9,
  name: 'Ursula <User>',
  email: 'user@pushdeck.test',
  client_uid: 'acme-uid',
  client_id: 1,
  backToModerUrl: '/api/auth/moder/backToModer/3',
});

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderLayout(
  user: UserInfo,
  clientAnswer: () => Response = () =>
    jsonResponse(200, { data: { id: 1, client_uid: 'acme-uid', name: 'Acme Shop', is_active: 1 } }),
) {
  const network = stubFetch((call: StubbedCall) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/clients/current') return clientAnswer();
    if (call.path === '/api/auth/moder/backToModer/3') return jsonResponse(200, { data: MODER });
    if (call.path === '/api/v1/domains') return jsonResponse(200, { data: [] });
    return jsonResponse(404, { message: 'Not found.' });
  });
  renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<Where />} />
      </Route>
    </Routes>,
    { route: '/dashboard', user },
  );
  return { ...network, user: userEvent.setup() };
}

describe('ImpersonationBanner in the app layout', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('says whose account this is — name, e-mail and client — in a labelled region with a live status', async () => {
    renderLayout(ENTERED);
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    const status = within(banner).getByRole('status');
    expect(status).toHaveTextContent('You are signed in as Ursula <User> (user@pushdeck.test) of the client');
    await waitFor(() => expect(status).toHaveTextContent('of the client Acme Shop.'));
    expect(within(banner).getByRole('button', { name: 'Return to moderation' })).toBeInTheDocument();
  });

  it('names the client by its uid when the client cannot be read', async () => {
    const { calls } = renderLayout(ENTERED, () => jsonResponse(500, { message: 'Server Error' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/clients/current')).toBe(true));
    expect(screen.getByRole('status')).toHaveTextContent('of the client acme-uid.');
  });

  it('is not there outside an impersonation', () => {
    const { calls } = renderLayout(userWithRole('user'));
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/clients/current')).toBe(false);
  });

  it('returns to moderation from the keyboard: POSTs backToModerUrl with the CSRF header, then opens /moderation-dashboard', async () => {
    const { calls, user } = renderLayout(ENTERED);
    const button = within(screen.getByRole('region', { name: 'Impersonation' })).getByRole('button', {
      name: 'Return to moderation',
    });
    // reachable with Tab
    for (let i = 0; i < 30 && document.activeElement !== button; i++) await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      const post = calls.find((c) => c.path === '/api/auth/moder/backToModer/3');
      expect(post?.method).toBe('POST');
      expect(post?.headers.get('X-XSRF-TOKEN')).toBe(XSRF_VALUE);
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/moderation-dashboard'), {
      timeout: 4000,
    });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull();
  });
});
