import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { jsonResponse } from '@/lib/api/testing/fetch-stub';
import { documentLocation } from '@/lib/auth';
import { ACME, cleanUp, confirmDialog, expandAcme, GLOBEX, renderPage, user } from './clients-page-test-kit';

describe('ClientsManagementPage', () => {
  afterEach(cleanUp);

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
