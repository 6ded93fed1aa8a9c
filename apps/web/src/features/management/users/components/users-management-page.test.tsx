import { notifications } from '@mantine/notifications';
import type { RoleName } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { setSessionExpiredHandler } from '@/lib/api';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY, documentLocation } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { UsersManagementPage } from './users-management-page';

const base = {
  client_id: 4,
  client_uid: 'acme-uid',
  client_name: 'Acme',
  roles: ['user'],
  permissions: [] as string[],
};
const USERS = [
  { ...base, id: 11, name: 'Uma User', email: 'uma@acme.test', is_active: 1, role_name: 'user' },
  { ...base, id: 12, name: '<b>Ivy</b>', email: 'ivy@acme.test', is_active: 0, role_name: 'viewer' },
];
const ROLES = ['client', 'user', 'viewer', 'support', 'moder'].map((name, i) => ({
  id: i + 2,
  name,
  guard_name: 'web',
  permissions: [],
  users_count: 0,
  built_in: name !== 'support',
  // (moder is a staff role: only an administrator gives it)
}));
const PERMISSIONS = ['menu.files', 'reports.export'].map((name, i) => ({
  id: i + 1,
  name,
  guard_name: 'web',
  roles: [],
  built_in: false,
}));
const CLIENTS = [{ id: 4, client_uid: 'acme-uid', name: 'Acme', is_active: 1 }];

function renderPage(
  answer?: (call: StubbedCall) => Response | Promise<Response> | undefined,
  role: RoleName = 'admin',
  route = '/users-management',
) {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: userWithRole(role, { id: 1 }) });
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/api/v1/management/users') {
      return jsonResponse(200, { data: { data: USERS, total: 2, page: 1, pageLength: 25 } });
    }
    if (call.method === 'GET' && call.path === '/api/v1/management/roles') return jsonResponse(200, { data: ROLES });
    if (call.method === 'GET' && call.path === '/api/v1/management/permissions') {
      return jsonResponse(200, { data: PERMISSIONS });
    }
    if (call.method === 'GET' && call.path === '/api/v1/management/clients')
      return jsonResponse(200, { data: CLIENTS });
    if (call.method === 'PUT') return jsonResponse(200, { data: { ...USERS[0], ...(call.body as object) } });
    return jsonResponse(404, { message: 'Not found' });
  });
  const rendered = renderWithProviders(<UsersManagementPage />, { route });
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  const userCalls = () => network.calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/management/users');
  return { ...network, ...rendered, writes, userCalls, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Users' });

describe('UsersManagementPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
    notifications.clean();
  });

  it('lists the users with their role, permissions and activeness; user text stays text', async () => {
    renderPage();
    expect(await within(table()).findByText('Uma User')).toBeInTheDocument();
    expect(within(table()).getByText('<b>Ivy</b>')).toBeInTheDocument();
    // the Client column names the client, its uid under the name
    const uma = within(table()).getByRole('row', { name: /Uma User/ });
    expect(within(uma).getByText('Acme')).toBeInTheDocument();
    expect(within(uma).getByText('acme-uid')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Uma User' })).toHaveValue('user');
    expect(screen.getByRole('switch', { name: 'Active: Uma User' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Active: <b>Ivy</b>' })).not.toBeChecked();
    // 'Log in as' comes with the user's permissions (GET /auth/user/info, answered apart from the list)
    expect(await screen.findByRole('button', { name: 'Log in as Uma User' })).toBeInTheDocument();
    // An inactive user cannot be entered.
    expect(screen.queryByRole('button', { name: 'Log in as <b>Ivy</b>' })).toBeNull();
  });

  it('sends the filters from the URL and a search to the server', async () => {
    const { user, userCalls } = renderPage(undefined, 'admin', '/users-management?role=viewer&is_active=0&client_id=4');
    await within(table()).findByText('Uma User');
    const first = userCalls()[0]!.url.searchParams;
    expect([first.get('role'), first.get('is_active'), first.get('client_id'), first.get('page')]).toEqual([
      'viewer',
      '0',
      '4',
      '1',
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'uma');
    await waitFor(() => expect(userCalls().at(-1)!.url.searchParams.get('search')).toBe('uma'));
  });

  it('syncs a new role only after the confirmation', async () => {
    const { user, writes } = renderPage();
    await within(table()).findByText('Uma User');
    await user.click(screen.getByRole('combobox', { name: 'Role of Uma User' }));
    await user.click(await screen.findByRole('option', { name: 'support' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(confirm).getByText('Uma User will have the role support, from their next page load.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(writes()).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Role of Uma User' }));
    await user.click(await screen.findByRole('option', { name: 'support' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('The role of Uma User has been synced!')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/v1/management/users/11', { id: 11, roles: ['support'] }],
    ]);
  });

  it('offers a moder no staff role in the role select (the server refuses it)', async () => {
    const { user } = renderPage(undefined, 'moder');
    await within(table()).findByText('Uma User');
    await user.click(screen.getByRole('combobox', { name: 'Role of Uma User' }));
    expect(await screen.findByRole('option', { name: 'support' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'moder' })).toBeNull();
  });

  it("shows the server's refusal of a role sync", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const { user } = renderPage((call) =>
      call.method === 'PUT' ? jsonResponse(403, { message: 'You may not give a staff role.' }) : undefined,
    );
    await within(table()).findByText('Uma User');
    await user.click(screen.getByRole('combobox', { name: 'Role of Uma User' }));
    await user.click(await screen.findByRole('option', { name: 'client' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes!' }),
    );
    expect(
      await screen.findByText('Failed to sync role to Uma User: You may not give a staff role.'),
    ).toBeInTheDocument();
    uninstall();
  });

  it('syncs direct permissions with the multi-select after the confirmation', async () => {
    const { user, writes } = renderPage();
    await within(table()).findByText('Uma User');
    await user.click(screen.getByRole('button', { name: /^Permissions of Uma User: \d+$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Uma User' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Permissions' }));
    await user.click(await screen.findByRole('option', { name: 'reports.export' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sync' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes!' }),
    );
    expect(await screen.findByText('The permissions of Uma User have been synced!')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/v1/management/users/11', { id: 11, permissions: ['reports.export'] }],
    ]);
  });

  it('switches a user off after the confirmation', async () => {
    const { user, writes } = renderPage();
    await within(table()).findByText('Uma User');
    await user.click(screen.getByRole('switch', { name: 'Active: Uma User' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('Uma User will be switched off and signed out at once.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('Uma User has been switched off.')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/v1/management/users/11', { id: 11, is_active: 0 }],
    ]);
  });

  it('deletes a user only after the confirmation, and never offers deleting oneself', async () => {
    const { user, writes } = renderPage((call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    await within(table()).findByText('Uma User');
    await user.click(screen.getByRole('button', { name: 'Delete Uma User' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText(/Uma User will be deleted: they are signed out at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(writes()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Uma User' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Uma User has been deleted.')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path])).toEqual([['DELETE', '/api/v1/management/users/11']]);
  });

  it("shows the server's refusal of a delete", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const { user } = renderPage((call) =>
      call.method === 'DELETE' ? jsonResponse(403, { message: 'Staff accounts are managed by an admin.' }) : undefined,
    );
    await within(table()).findByText('Uma User');
    await user.click(screen.getByRole('button', { name: 'Delete <b>Ivy</b>' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('Fail to delete the user! Staff accounts are managed by an admin.'),
    ).toBeInTheDocument();
    uninstall();
  });

  it("'Log in as' posts loginToUser and opens the user's dashboard afresh, never signing out", async () => {
    const expired = vi.fn();
    const uninstall = setSessionExpiredHandler(expired);
    const opened = vi.spyOn(documentLocation, 'assign').mockImplementation(() => undefined);
    const uma = userWithRole('user', { id: 11, name: 'Uma User', backToModerUrl: '/api/auth/moder/backToModer/1' });
    // A request of the moder's screen is still in flight when the switch deletes the moder's session: the server
    // answers it 401, and that answer arrives before the switch's own.
    let switchStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      switchStarted = resolve;
    });
    let staleAnswered!: () => void;
    const answered = new Promise<void>((resolve) => {
      staleAnswered = resolve;
    });
    let held = true;
    const { user, writes } = renderPage((call) => {
      if (call.method === 'GET' && call.path === '/api/v1/management/permissions' && held) {
        held = false;
        return started.then(() => {
          setTimeout(staleAnswered, 0);
          return jsonResponse(401, { message: 'Unauthenticated.' });
        });
      }
      if (call.method !== 'POST') return undefined;
      switchStarted();
      return answered.then(() => jsonResponse(200, { data: uma }));
    });
    await user.click(await screen.findByRole('button', { name: 'Log in as Uma User' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/dashboard'));
    expect(expired).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(AUTH_FLAG_KEY)).toBe('1');
    expect(writes().map((c) => [c.method, c.path, c.url.searchParams.get('user_id')])).toEqual([
      ['POST', '/api/auth/moder/loginToUser', '11'],
    ]);
    opened.mockRestore();
    uninstall();
  });

  it("offers no 'Log in as' and no client filter without menu.clients.management", async () => {
    renderPage(undefined, 'admin_demo');
    await within(table()).findByText('Uma User');
    expect(screen.queryByRole('button', { name: /Log in as/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeInTheDocument();
  });

  it("shows the server's message in the table when the list cannot be loaded, with a Retry that asks again", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    let failing = true;
    const { calls } = renderPage((call) =>
      failing && call.path === '/api/v1/management/users'
        ? jsonResponse(403, { message: 'This action is unauthorized.' })
        : undefined,
    );
    const alert = await within(table()).findByRole('alert');
    expect(alert).toHaveTextContent('This action is unauthorized.');
    expect(within(table()).queryByText('No users')).toBeNull();
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(table()).queryByRole('alert')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/v1/management/users')).toHaveLength(2);
    uninstall();
  });
});
