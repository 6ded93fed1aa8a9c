import { notifications } from '@mantine/notifications';
import type { RoleName } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  type StubbedCall,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import { documentLocation } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { ClientsManagementPage } from './clients-management-page';

const user = (id: number, email: string, over: Record<string, unknown> = {}) => ({
  id,
  name: `Name ${id}`,
  email,
  client_id: 1,
  client_uid: 'acme-uid',
  is_active: 1,
  role_name: 'client',
  roles: ['client'],
  permissions: [],
  ...over,
});

const ACME = {
  id: 1,
  client_uid: 'acme-uid',
  name: 'Acme <b>Shop</b>',
  is_active: 1,
  users: [
    user(11, 'owner@acme.test'),
    user(12, 'waiting@acme.test', { is_active: 0, role_name: 'user', roles: ['user'] }),
  ],
};
const GLOBEX = { id: 2, client_uid: 'globex-uid', name: 'Globex', is_active: 0, users: [] };

const TINY = {
  id: 3,
  name: 'Tiny',
  monthly_sends: 10,
  active_subscribers: null,
  websites: 1,
  features: {},
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

type Answer = (call: StubbedCall) => Response | undefined;

function renderPage(answer?: Answer, role: RoleName = 'admin') {
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

const confirmDialog = () => screen.findByRole('dialog', { name: 'Are you sure?' });

async function expandAcme(u: ReturnType<typeof userEvent.setup>) {
  const row = (await screen.findByText('Acme <b>Shop</b>')).closest('tr')!;
  await u.click(within(row).getByRole('button', { name: 'Show details' }));
  return screen.findByRole('table', { name: 'Users of Acme <b>Shop</b>' });
}

describe('ClientsManagementPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
    notifications.clean();
  });

  it('lists a page of clients with their users, names shown as text', async () => {
    const { calls } = renderPage();
    expect(screen.getByText('Loading clients…')).toBeInTheDocument();
    expect(await screen.findByText('Acme <b>Shop</b>')).toBeInTheDocument();
    expect(screen.getByText('globex-uid')).toBeInTheDocument();
    const list = calls.find((c) => c.path === '/api/v1/management/clients')!;
    expect(list.url.searchParams.get('paginate')).toBe('true');
    expect(list.url.searchParams.get('with[users]')).toBe('*');
    expect(list.url.searchParams.get('order_by')).toBe('name:asc');
    expect(screen.getByRole('switch', { name: 'Active: Globex' })).not.toBeChecked();
  });

  it('pages on the server: numbered pages and rows per page, the shown range from the total', async () => {
    const client = (n: number) => ({ id: n, client_uid: `uid-${n}`, name: `Client ${n}`, is_active: 1, users: [] });
    const { calls, user: u } = renderPage((call) => {
      if (call.method !== 'GET' || call.path !== '/api/v1/management/clients') return undefined;
      const page = Number(call.url.searchParams.get('page'));
      const pageLength = Number(call.url.searchParams.get('pageLength'));
      const first = (page - 1) * pageLength + 1;
      const rows = Array.from({ length: Math.min(pageLength, 25 - first + 1) }, (_, i) => client(first + i));
      return jsonResponse(200, { data: { data: rows, total: 25, page, pageLength } });
    });
    const lists = () => calls.filter((c) => c.path === '/api/v1/management/clients');
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    expect(lists()[0]!.url.searchParams.get('pageLength')).toBe('10');

    await u.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Client 11')).toBeInTheDocument();
    expect(screen.queryByText('Client 1')).toBeNull();
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const second = lists().at(-1)!.url.searchParams;
    expect([second.get('page'), second.get('pageLength'), second.get('order_by')]).toEqual(['2', '10', 'name:asc']);

    await u.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    expect(await screen.findByText('1–25 of 25')).toBeInTheDocument();
    expect(screen.getByText('Client 25')).toBeInTheDocument();
    const third = lists().at(-1)!.url.searchParams;
    expect([third.get('page'), third.get('pageLength')]).toEqual(['1', '25']);
  });

  it('searches on the server', async () => {
    const { calls, user: u } = renderPage();
    await screen.findByText('Globex');
    await u.type(screen.getByRole('textbox', { name: 'Search' }), 'glob');
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('search') === 'glob' && c.url.searchParams.get('page'))).toBe(
        true,
      ),
    );
  });

  it('shows the empty state', async () => {
    renderPage((call) =>
      call.path === '/api/v1/management/clients'
        ? jsonResponse(200, { data: { data: [], total: 0, page: 1, pageLength: 10 } })
        : undefined,
    );
    expect(await screen.findByText('No clients yet.')).toBeInTheDocument();
  });

  it('shows the error of a failed list', async () => {
    renderPage((call) =>
      call.path === '/api/v1/management/clients'
        ? jsonResponse(403, { message: 'This action is unauthorized.' })
        : undefined,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This action is unauthorized.');
    expect(screen.getByText('The clients could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('No clients yet.')).toBeNull();
  });

  it("expands a client's users and activates one after the confirmation (cancel changes nothing)", async () => {
    const { writes, user: u } = renderPage((call) =>
      call.method === 'PUT' ? jsonResponse(200, { data: user(12, 'waiting@acme.test') }) : undefined,
    );
    const users = await expandAcme(u);
    expect(within(users).getByText('owner@acme.test')).toBeInTheDocument();
    const toggle = within(users).getByRole('switch', { name: 'Active: waiting@acme.test' });
    expect(toggle).not.toBeChecked();

    await u.click(toggle);
    await u.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toHaveLength(0);

    await u.click(toggle);
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('waiting@acme.test will be able to sign in.');
    await u.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: '/api/v1/management/users/12', body: { is_active: 1 } });
    expect(await screen.findByText('waiting@acme.test is now active.')).toBeInTheDocument();
  });

  it("says 'Fail to update the user!' when the user's switch fails", async () => {
    const { user: u } = renderPage((call) => (call.method === 'PUT' ? jsonResponse(500, {}) : undefined));
    const users = await expandAcme(u);
    await u.click(within(users).getByRole('switch', { name: 'Active: owner@acme.test' }));
    await u.click(within(await confirmDialog()).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('Fail to update the user!')).toBeInTheDocument();
  });

  it('switches a client off after the confirmation', async () => {
    const { writes, user: u } = renderPage((call) =>
      call.method === 'PUT' ? jsonResponse(200, { data: { ...ACME, is_active: 0 } }) : undefined,
    );
    await u.click(await screen.findByRole('switch', { name: 'Active: Acme <b>Shop</b>' }));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('its users are signed out');
    await u.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    await waitFor(() =>
      expect(writes()[0]).toMatchObject({
        method: 'PUT',
        path: '/api/v1/management/clients/1',
        body: { is_active: 0 },
      }),
    );
  });

  it('renames a client with the Rename dialog; an empty name is refused before any call', async () => {
    const { writes, user: u } = renderPage((call) =>
      call.method === 'PUT' ? jsonResponse(200, { data: { ...GLOBEX, name: 'Globex Corp' } }) : undefined,
    );
    await u.click(await screen.findByRole('button', { name: 'Rename Globex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Globex' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('Globex');
    await u.clear(field);
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await u.type(field, 'Globex Corp{Enter}');
    expect(await screen.findByText('The client is now called Globex Corp.')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/v1/management/clients/2', { id: 2, name: 'Globex Corp' }],
    ]);
  });

  it("deletes one of a client's users after the confirmation", async () => {
    const { writes, user: u } = renderPage((call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const users = await expandAcme(u);
    await u.click(within(users).getByRole('button', { name: 'Delete waiting@acme.test' }));
    await u.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('waiting@acme.test has been deleted.')).toBeInTheDocument();
    expect(writes().map((c) => [c.method, c.path])).toEqual([['DELETE', '/api/v1/management/users/12']]);
  });

  it('Create Client: the spec texts, then the client with its first user', async () => {
    const { writes, user: u } = renderPage((call) =>
      call.method === 'POST' && call.path === '/api/v1/management/clients'
        ? jsonResponse(201, { data: { id: 3, client_uid: 'new', name: 'New', is_active: 1, users: [] } })
        : undefined,
    );
    await u.click(await screen.findByRole('button', { name: 'Create client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create client' });
    const create = within(dialog).getByRole('button', { name: 'Create' });

    await u.click(create);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fill the required fields!');

    await u.type(within(dialog).getByLabelText(/^Name/), 'New');
    await u.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await u.type(within(dialog).getByLabelText(/^Password/), 'short');
    await u.type(within(dialog).getByLabelText(/^Confirm password/), 'short');
    await u.click(create);
    expect(await within(dialog).findByText('Invalid e-mail.')).toBeInTheDocument();
    expect(within(dialog).getByText('The password must be at least 8 characters.')).toBeInTheDocument();

    await u.clear(within(dialog).getByLabelText(/^Email/));
    await u.type(within(dialog).getByLabelText(/^Email/), 'new@client.test');
    await u.type(within(dialog).getByLabelText(/^Password/), '-longer');
    await u.type(within(dialog).getByLabelText(/^Confirm password/), '-other');
    await u.click(create);
    expect(await within(dialog).findByText('The password confirmation does not match!')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await u.clear(within(dialog).getByLabelText(/^Confirm password/));
    await u.type(within(dialog).getByLabelText(/^Confirm password/), 'short-longer');
    await u.click(create);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      name: 'New',
      email: 'new@client.test',
      password: 'short-longer',
      password_confirmation: 'short-longer',
    });
    expect(await screen.findByText('Client has been successfully created!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create client' })).toBeNull());
  });

  it("Create Client: a taken email goes under the field, anything else is 'Fail to create the client!'", async () => {
    let status = 422;
    const { user: u } = renderPage((call) =>
      call.method === 'POST'
        ? jsonResponse(status, {
            message: 'The given data was invalid.',
            errors: { email: ['The email has already been taken.'] },
          })
        : undefined,
    );
    await u.click(await screen.findByRole('button', { name: 'Create client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create client' });
    await u.type(within(dialog).getByLabelText(/^Name/), 'New');
    await u.type(within(dialog).getByLabelText(/^Email/), 'client@pushdeck.test');
    await u.type(within(dialog).getByLabelText(/^Password/), 'password1');
    await u.type(within(dialog).getByLabelText(/^Confirm password/), 'password1');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The email has already been taken.')).toBeInTheDocument();
    status = 500;
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fail to create the client!');
  });

  it('Create User for a client: the role is required, then the user is created in that client', async () => {
    const { writes, user: u } = renderPage((call) =>
      call.method === 'POST' && call.path === '/api/v1/management/users'
        ? jsonResponse(201, { data: user(13, 'new@acme.test', { role_name: 'viewer', roles: ['viewer'] }) })
        : undefined,
    );
    await expandAcme(u);
    await u.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user for Acme <b>Shop</b>' });
    await u.type(within(dialog).getByLabelText(/^Name/), 'New user');
    await u.type(within(dialog).getByLabelText(/^Email/), 'new@acme.test');
    await u.type(within(dialog).getByLabelText(/^Password/), 'password1');
    await u.type(within(dialog).getByLabelText(/^Confirm password/), 'password1');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fill the required fields!');
    expect(writes()).toHaveLength(0);

    await u.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await u.click(await screen.findByRole('option', { name: 'viewer' }));
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      name: 'New user',
      email: 'new@acme.test',
      password: 'password1',
      password_confirmation: 'password1',
      client_id: 1,
      role: 'viewer',
    });
    expect(await screen.findByText(/User has been successfully created!/)).toBeInTheDocument();
  });

  it('Create User offers a moderator only the roles whose every permission it may give', async () => {
    const { user: u } = renderPage(undefined, 'moder');
    await expandAcme(u);
    await u.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user for Acme <b>Shop</b>' });
    await u.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByRole('option', { name: 'viewer' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'client' })).toBeInTheDocument();
    // 'user' carries a tenant permission, which a moderator may give; 'auditor' one it does not hold
    expect(screen.getByRole('option', { name: 'user' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'auditor' })).toBeNull();
  });

  it("'Log in as' enters the user's account and opens the dashboard afresh, as that user", async () => {
    const opened = vi.spyOn(documentLocation, 'assign').mockImplementation(() => undefined);
    const entered = userWithRole('client', {
      id: 11,
      email: 'owner@acme.test',
      backToModerUrl: '/api/auth/moder/backToModer/1',
    });
    const { writes, user: u } = renderPage((call) =>
      call.method === 'POST' && call.path === '/api/auth/moder/loginToUser'
        ? jsonResponse(200, { data: entered })
        : undefined,
    );
    const users = await expandAcme(u);
    expect(within(users).getByRole('button', { name: 'Log in as waiting@acme.test' })).toBeDisabled();
    await u.click(within(users).getByRole('button', { name: 'Log in as owner@acme.test' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/dashboard'));
    expect(writes()[0]!.url.searchParams.get('user_id')).toBe('11');
    opened.mockRestore();
  });

  it('shows a moderator the states without the admin-only controls', async () => {
    renderPage(undefined, 'moder');
    await screen.findByText('Acme <b>Shop</b>');
    expect(screen.queryByRole('button', { name: 'Create client' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Active: Globex' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename Globex' })).toBeNull();
    expect(screen.getAllByText('Inactive').length).toBeGreaterThan(0);
  });

  it("shows each client's plan and lets an admin change it from the Plan column", async () => {
    const { writes, user: u } = renderPage((call) => (call.method === 'PUT' ? jsonResponse(204) : undefined));
    const acme = await screen.findByRole('combobox', { name: 'Plan: Acme <b>Shop</b>' });
    await waitFor(() => expect(acme).toHaveValue('Tiny'));
    expect(screen.getByRole('combobox', { name: 'Plan: Globex' })).toHaveValue('Unlimited');
    await u.click(acme);
    await u.click(await screen.findByRole('option', { name: 'Unlimited' }));
    await waitFor(() =>
      expect(writes()[0]).toMatchObject({
        method: 'PUT',
        path: '/api/v1/billing/clients/1/plan',
        body: { plan_id: null },
      }),
    );
    expect(await screen.findByText('Acme <b>Shop</b> is now on the plan Unlimited.')).toBeInTheDocument();
  });

  it("shows a moderator each client's plan as text", async () => {
    renderPage(undefined, 'moder');
    expect(await screen.findByText('Tiny')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Plan: Acme <b>Shop</b>' })).toBeNull();
  });
});
