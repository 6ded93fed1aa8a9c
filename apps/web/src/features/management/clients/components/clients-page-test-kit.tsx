import { notifications } from '@mantine/notifications';
import type { RoleName } from '@pushdeck/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ClientsManagementPage } from './clients-management-page';

/** The Clients Management screen's test fixtures and helpers, shared by its test files. */

/** After each test: no CSRF cookie, no stubbed fetch, no snackbars left over. */
export function cleanUp() {
  clearXsrfCookie();
  vi.unstubAllGlobals();
  notifications.clean();
}

export const user = (id: number, email: string, over: Record<string, unknown> = {}) => ({
  id,
  name: `Name ${id}`,
  email,
  client_id: 1,
  client_uid: 'acme-uid',
  client_name: 'Acme <b>Shop</b>',
  is_active: 1,
  role_name: 'client',
  roles: ['client'],
  permissions: [],
  ...over,
});

export const ACME = {
  id: 1,
  client_uid: 'acme-uid',
  name: 'Acme <b>Shop</b>',
  is_active: 1,
  users: [
    user(11, 'owner@acme.test'),
    user(12, 'waiting@acme.test', { is_active: 0, role_name: 'user', roles: ['user'] }),
  ],
};
export const GLOBEX = { id: 2, client_uid: 'globex-uid', name: 'Globex', is_active: 0, users: [] };

export const TINY = {
  id: 3,
  name: 'Tiny',
  monthly_sends: 10,
  active_subscribers: null,
  websites: 1,
  features: {},
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export type Answer = (call: StubbedCall) => Response | undefined;

export function renderPage(answer?: Answer, role: RoleName = 'admin') {
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/api/v1/management/clients') {
      return jsonResponse(200, { data: { data: [ACME, GLOBEX], total: 2, page: 1, pageLength: 10 } });
    }
    if (call.method === 'GET' && call.path === '/api/v1/management/roles') {
      const role = (id: number, name: string, permissions: string[] = []) => ({
        id,
        name,
        guard_name: 'web',
        permissions,
        users_count: 0,
        built_in: true,
      });
      return jsonResponse(200, {
        data: [
          role(1, 'client'),
          role(2, 'user', ['menu.domain.audience.edit']),
          role(3, 'viewer', ['menu.files']),
          role(4, 'auditor', ['reports.export']),
        ],
      });
    }
    if (call.method === 'GET' && call.path === '/api/v1/billing/plans') return jsonResponse(200, { data: [TINY] });
    if (call.method === 'GET' && call.path === '/api/v1/billing/clients') {
      return jsonResponse(200, {
        data: [
          { client_id: 1, plan_id: 3 },
          { client_id: 2, plan_id: null },
        ],
      });
    }
    return jsonResponse(500, { message: 'unexpected' });
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/management/clients" element={<ClientsManagementPage />} />
    </Routes>,
    { route: '/management/clients', user: userWithRole(role, { id: 1 }) },
  );
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, ...rendered, writes, user: userEvent.setup() };
}

export const confirmDialog = () => screen.findByRole('dialog', { name: 'Are you sure?' });

export async function expandAcme(u: ReturnType<typeof userEvent.setup>) {
  const row = (await screen.findByText('Acme <b>Shop</b>')).closest('tr')!;
  await u.click(within(row).getByRole('button', { name: 'Show details' }));
  return screen.findByRole('table', { name: 'Users of Acme <b>Shop</b>' });
}
