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
import { AUTH_FLAG_KEY } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { RolesManagementPage } from './roles-management-page';

const ROLES = [
  { id: 1, name: 'admin', guard_name: 'web', permissions: ['menu.admin.panel'], users_count: 1, built_in: true },
  {
    id: 9,
    name: 'support',
    guard_name: 'web',
    permissions: ['menu.files', 'menu.stats.global'],
    users_count: 2,
    built_in: false,
  },
];
const PERMISSIONS = [
  { id: 1, name: 'menu.admin.panel', guard_name: 'web', roles: ['admin'], built_in: true },
  { id: 2, name: 'menu.files', guard_name: 'web', roles: ['support'], built_in: true },
  { id: 3, name: 'menu.stats.global', guard_name: 'web', roles: ['support'], built_in: true },
  { id: 40, name: 'reports.export', guard_name: 'web', roles: [], built_in: false },
];

function renderPage(
  answer?: (call: StubbedCall) => Response | Promise<Response> | undefined,
  role: RoleName = 'admin',
) {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: userWithRole(role) });
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET' && call.path === '/api/v1/management/roles') return jsonResponse(200, { data: ROLES });
    if (call.method === 'GET' && call.path === '/api/v1/management/permissions') {
      return jsonResponse(200, { data: PERMISSIONS });
    }
    if (call.method === 'DELETE') return jsonResponse(204);
    return jsonResponse(200, { data: ROLES[1] });
  });
  renderWithProviders(<RolesManagementPage />, { route: '/management/roles' });
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  return { ...network, writes, user: userEvent.setup() };
}

const rolesTable = () => screen.getByRole('table', { name: 'Roles' });

describe('RolesManagementPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
    // Snackbars are a module-wide store (five shown at once): each test starts with none.
    notifications.clean();
  });

  it('lists the roles, each expandable to its permissions, and the permissions', async () => {
    const { user } = renderPage();
    expect(await within(rolesTable()).findByText('support')).toBeInTheDocument();
    const row = within(rolesTable()).getByText('support').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /show/i }));
    const list = await screen.findByRole('list', { name: 'Permissions of support' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['menu.files', 'menu.stats.global']);
    const permissions = screen.getByRole('table', { name: 'Permissions' });
    expect(await within(permissions).findByText('reports.export')).toBeInTheDocument();
  });

  it('offers rename and delete only for roles and permissions that are not built in', async () => {
    renderPage();
    await within(rolesTable()).findByText('support');
    expect(screen.getByRole('button', { name: 'Rename support' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete support' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete admin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sync permissions of admin' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete reports.export' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete menu.files' })).toBeNull();
  });

  it('shows no write control to a viewer who may only read (a moder)', async () => {
    renderPage(undefined, 'moder');
    await within(rolesTable()).findByText('support');
    expect(screen.queryByRole('button', { name: 'Create Role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Permission' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename support' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync permissions of support' })).toBeNull();
  });

  it("says 'Fill out the role name' for an empty name, with no call", async () => {
    const { user, writes } = renderPage();
    await within(rolesTable()).findByText('support');
    await user.click(screen.getByRole('button', { name: 'Create Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Role' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Fill out the role name')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('creates a role and a permission', async () => {
    const { user, writes } = renderPage();
    await within(rolesTable()).findByText('support');
    await user.click(screen.getByRole('button', { name: 'Create Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Role' });
    await user.type(within(dialog).getByLabelText(/Role name/), 'editors{Enter}');
    expect(await screen.findByText('Role has been created!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Role' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Create Permission' }));
    const second = await screen.findByRole('dialog', { name: 'Create Permission' });
    await user.type(within(second).getByLabelText(/Permission name/), 'reports.view{Enter}');
    expect(await screen.findByText('Permission has been created!')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/v1/management/roles', { name: 'editors' }],
      ['POST', '/api/v1/management/permissions', { name: 'reports.view' }],
    ]);
  });

  it("renames a role, and says 'Editing has been canceled' when the rename is cancelled", async () => {
    const { user, writes } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Rename support' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rename Role' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Editing has been canceled')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Rename support' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename Role' });
    const field = within(dialog).getByLabelText(/Role name/);
    expect(field).toHaveValue('support');
    await user.clear(field);
    await user.type(field, 'helpdesk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role has been updated!')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/v1/management/roles/9', { id: 9, name: 'helpdesk' }],
    ]);
  });

  it("shows the server's 422 under the name", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const { user } = renderPage((call) =>
      call.method === 'POST'
        ? jsonResponse(422, {
            message: 'This name is already taken.',
            errors: { name: ['This name is already taken.'] },
          })
        : undefined,
    );
    await within(rolesTable()).findByText('support');
    await user.click(screen.getByRole('button', { name: 'Create Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Role' });
    await user.type(within(dialog).getByLabelText(/Role name/), 'support{Enter}');
    expect(await within(dialog).findByText('This name is already taken.')).toBeInTheDocument();
    uninstall();
  });

  it("deletes a role only after confirmation, and shows the server's refusal for a role in use", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    const refusal = 'This role is held by 2 users: give them another role first.';
    const { user, writes } = renderPage((call) =>
      call.method === 'DELETE' ? jsonResponse(409, { message: refusal }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete support' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('You will delete the role support.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(writes()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete support' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/v1/management/roles/9']);
    uninstall();
  });

  it("renames a permission of its own, and says 'Editing has been canceled' when the rename is cancelled", async () => {
    const { user, writes } = renderPage((call) =>
      call.method === 'PUT' && call.path === '/api/v1/management/permissions/40'
        ? jsonResponse(200, { data: { ...PERMISSIONS[3], name: 'reports.download' } })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Rename reports.export' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rename Permission' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Editing has been canceled')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    // a console permission is never offered for renaming
    expect(screen.queryByRole('button', { name: 'Rename menu.files' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rename reports.export' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename Permission' });
    const field = within(dialog).getByLabelText(/Permission name/);
    expect(field).toHaveValue('reports.export');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Fill out the role name')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.type(field, 'reports.download');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission has been updated!')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/v1/management/permissions/40', { id: 40, name: 'reports.download' }],
    ]);
  });

  it("deletes a permission only after confirmation, and shows the server's refusal", async () => {
    const uninstall = setSessionExpiredHandler(() => undefined);
    let refuse = true;
    const refusal = 'The console’s permissions cannot be renamed or deleted.';
    const { user, writes } = renderPage((call) =>
      call.method === 'DELETE' && refuse ? jsonResponse(403, { message: refusal }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete reports.export' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(confirm).getByText(
        'You will delete the permission reports.export: every role and user holding it loses it.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(writes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete reports.export' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();

    refuse = false;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete reports.export' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Permission has been deleted!')).toBeInTheDocument();
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/v1/management/permissions/40',
      'DELETE /api/v1/management/permissions/40',
    ]);
    uninstall();
  });

  it("syncs a role's permissions with the multi-select after a confirmation", async () => {
    const { user, writes } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Sync permissions of support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of support' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Permissions' }));
    await user.click(await screen.findByRole('option', { name: 'reports.export' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText(/will have 3 permissions/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('Permissions of support have been synced!')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/api/v1/management/roles/9',
        { id: 9, permissions: ['menu.files', 'menu.stats.global', 'reports.export'] },
      ],
    ]);
  });

  it.each([
    ['Roles', '/api/v1/management/roles'],
    ['Permissions', '/api/v1/management/permissions'],
  ])('shows a failed %s list in its table with a Retry that asks again', async (name, path) => {
    let failing = true;
    const { calls } = renderPage((call) =>
      failing && call.method === 'GET' && call.path === path ? jsonResponse(500, { message: 'Down.' }) : undefined,
    );
    const tableOf = () => screen.getByRole('table', { name });
    const alert = await within(tableOf()).findByRole('alert');
    expect(alert).toHaveTextContent('Down.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(tableOf()).queryByRole('alert')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET' && c.path === path)).toHaveLength(2);
  });
});
