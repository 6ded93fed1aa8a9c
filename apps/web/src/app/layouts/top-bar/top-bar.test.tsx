import type { RoleName } from '@pushdeck/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { setSelectedClientUid, setStaffActor } from '@/lib/api';
import { jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { TopBar } from './top-bar';

const CLIENTS = [
  { id: 1, client_uid: 'acme-uid', name: 'Acme Shop', is_active: 1 },
  { id: 2, client_uid: 'globex-uid', name: 'Globex News', is_active: 1 },
];
const SITES: Record<string, { id: number; url: string }[]> = {
  'acme-uid': [{ id: 3, url: 'https://shop.acme.test' }],
  'globex-uid': [{ id: 9, url: 'https://news.globex.test' }],
};

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function renderTopBar(role: RoleName, route = '/dashboard') {
  const network = stubFetch((call) => {
    if (call.path === '/api/v1/management/clients') return jsonResponse(200, { data: CLIENTS });
    if (call.path === '/api/v1/domains') {
      const uid = call.headers.get('client');
      return jsonResponse(200, { data: uid ? (SITES[uid] ?? []) : [...SITES['acme-uid']!, ...SITES['globex-uid']!] });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  const user = userWithRole(role);
  setStaffActor(role === 'moder' || role === 'admin');
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <TopBar user={user} navOpened={false} onToggleNav={() => {}} onLogout={() => {}} />
            <Where />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { ...network, user: userEvent.setup() };
}

describe('TopBar website picker', () => {
  afterEach(() => {
    setSelectedClientUid(null);
    setStaffActor(false);
    vi.unstubAllGlobals();
  });

  it.each(['client', 'user', 'viewer', 'admin'] as const)('gives role %s the website picker', async (role) => {
    const { user } = renderTopBar(role);
    const picker = await screen.findByRole('combobox', { name: 'Website' });
    expect(picker).toBeEnabled();
    expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /shop\.acme\.test/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/3');
  });

  it('makes a moder pick the client first, then lists that client’s websites, from the keyboard', async () => {
    const { user, calls } = renderTopBar('moder', '/moderation-dashboard');
    const websites = await screen.findByRole('combobox', { name: 'Website' });
    expect(websites).toBeDisabled();
    expect(websites).toHaveAttribute('placeholder', 'Select a client first');
    expect(calls.some((c) => c.path === '/api/v1/domains')).toBe(false);

    const client = await screen.findByRole('combobox', { name: 'Client' });
    await user.click(client);
    await user.type(client, 'glob');
    await screen.findByRole('option', { name: 'Globex News' });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(client).toHaveValue('Globex News'));
    await waitFor(() => expect(websites).toBeEnabled());

    await user.click(websites);
    await user.type(websites, 'news');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'All Websites',
        'https://news.globex.test#9',
      ]),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/9'));
    const asked = calls.filter((c) => c.path === '/api/v1/domains');
    expect(asked.map((c) => c.headers.get('client'))).toEqual(['globex-uid']);
    // the website open now is the one shown
    await waitFor(() => expect(websites).toHaveValue('https://news.globex.test'));
  });
});
