import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { type StoredTrigger, storedTrigger, triggerNetwork } from '../testing/trigger-network';
import { TriggersListPage } from './triggers-list-page';

const ROWS = [storedTrigger(1, 'signup'), storedTrigger(2, 'cart_abandoned', { is_active: 0 })];

function renderList(rows: StoredTrigger[] = ROWS, options: Parameters<typeof triggerNetwork>[1] = {}, route = '') {
  const network = triggerNetwork(rows, options);
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/:id/triggers" element={<TriggersListPage />} />
      <Route path="/dashboard/:id/triggers/create" element={<p>Creator opened</p>} />
      <Route path="/dashboard/:id/triggers/edit/:trigger_id" element={<p>Editor opened</p>} />
    </Routes>,
    { route: `/dashboard/5/triggers${route}` },
  );
  return { ...network, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Triggered Notifications' });
const listCalls = (calls: { path: string; url: URL }[]) =>
  calls.filter((c) => c.path === '/api/v1/drips/trigger/get').map((c) => c.url.searchParams);

describe('TriggersListPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("asks for with[stats] and shows each trigger's all-time sent, delivered, clicked and CTR", async () => {
    const stats = { sent: 12345, delivered: 1000, clicked: 125, push_ctr: 12.5 };
    const { calls } = renderList([storedTrigger(7, 'paid', { stats })]);
    // the statistics come with the user's rights (GET /auth/user/info, answered apart from the list)
    expect(await within(table()).findByRole('columnheader', { name: 'Sent (all time)' })).toBeInTheDocument();
    const row = within(table()).getByText('paid').closest('tr')!;
    for (const header of ['Sent (all time)', 'Delivered (all time)', 'Clicked (all time)', 'CTR (all time)']) {
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(['12,345', '1,000', '125', '12.50%']));
    expect(listCalls(calls).at(-1)?.get('with[stats]')).toBe('*');
  });

  it('neither asks for nor shows the statistics to someone without statistics rights', async () => {
    const user = userWithRole('viewer', { roles: [{ name: 'viewer', permissions: ['menu.domain.triggers'] }] });
    const { calls } = renderList(ROWS, { user });
    await within(table()).findByText('signup');
    expect(within(table()).queryByRole('columnheader', { name: 'Sent (all time)' })).toBeNull();
    expect(listCalls(calls).every((q) => !q.has('with[stats]'))).toBe(true);
  });

  it("shows 'Loading Triggered Notifications ...', then the website's triggers newest first", async () => {
    const { calls } = renderList();
    expect(await screen.findByText('Loading Triggered Notifications ...')).toBeInTheDocument();
    await within(table()).findByText('signup');
    const rows = within(table()).getAllByRole('row');
    expect(rows.map((r) => within(r).queryAllByRole('cell')[1]?.textContent).filter(Boolean)).toEqual([
      'cart_abandoned',
      'signup',
    ]);
    for (const header of ['Id', 'Name', 'Actions', 'Status', 'Created at']) {
      expect(within(table()).getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    }
    expect(within(table()).getByText('2025-03-01')).toBeInTheDocument();
    const first = listCalls(calls)[0];
    expect([first?.get('where[domain_id]'), first?.get('order_by'), first?.get('paginate')]).toEqual([
      '5',
      'id:desc',
      'true',
    ]);
    expect(first?.get('pageLength')).toBe('10');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveDisplayValue('10');
    expect(
      within(screen.getByRole('combobox', { name: 'Rows per page' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50']);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Home>Dashboard>Website Dashboard>Triggered Notifications',
    );
  });

  it("says 'No Triggered Notification created.' for a website without triggers", async () => {
    renderList([]);
    expect(await screen.findByText('No Triggered Notification created.')).toBeInTheDocument();
  });

  it('sorts on Id, Name and Created at on the server, and searches', async () => {
    const { calls, user } = renderList();
    await within(table()).findByText('signup');
    expect(within(table()).queryByRole('button', { name: 'Status' })).toBeNull();
    await user.click(within(table()).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('order_by')).toBe('event:asc'));
    await user.click(within(table()).getByRole('button', { name: 'Created at' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('order_by')).toBe('created_at:asc'));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'cart');
    await waitFor(() => expect(within(table()).queryByText('signup')).toBeNull());
    expect(listCalls(calls).at(-1)?.get('search')).toBe('cart');
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nothing like it');
    expect(await screen.findByText('No Triggered Notification matches the search.')).toBeInTheDocument();
  });

  it("shows the trigger's code and copies it with 'Copy Code'", async () => {
    const { user } = renderList([storedTrigger(1, "it's <b>")]);
    await user.click(await screen.findByRole('button', { name: "Code it's <b>" }));
    const dialog = await screen.findByRole('dialog', { name: 'Code' });
    const code =
      "window.pushmine = window.pushmine || [];\nwindow.pushmine.push(['triggerPushEvent', 'it\\'s \\x3Cb>']);";
    expect(within(dialog).getByLabelText('Trigger code').textContent).toBe(code);
    await user.click(within(dialog).getByRole('button', { name: 'Copy Code' }));
    expect(await navigator.clipboard.readText()).toBe(code);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
  });

  it('switches a trigger on and off at once, and puts the switch back when the save fails', async () => {
    let fail = false;
    const { calls, rows, user } = renderList(ROWS, {
      override: (call) =>
        fail && call.path === '/api/v1/drips/trigger/createOrUpdate'
          ? jsonResponse(403, { message: 'This action is unauthorized.' })
          : undefined,
    });
    const off = await screen.findByRole('switch', { name: 'Active: cart_abandoned' });
    expect(off).not.toBeChecked();
    await user.click(off);
    await waitFor(() => expect(rows.find((r) => r.id === 2)?.is_active).toBe(1));
    const save = calls.find((c) => c.path === '/api/v1/drips/trigger/createOrUpdate');
    expect(save?.method).toBe('POST');
    expect(save?.body).toEqual([
      expect.objectContaining({ id: 2, domain_id: 5, event: 'cart_abandoned', title: 'Title 2', is_active: 1 }),
    ]);
    expect(save?.headers.get('x-xsrf-token')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active: cart_abandoned' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Active: cart_abandoned' })).toBeChecked();
    expect(screen.queryByText('Error!')).toBeNull();

    fail = true;
    const on = screen.getByRole('switch', { name: 'Active: signup' });
    await user.click(on);
    expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active: signup' })).toBeChecked());
  });

  it('deletes only after confirmation, with the spec texts for both outcomes', async () => {
    const { calls, user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete signup' }));
    let confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(confirm).getByText("You wiil delete this triggered notification and won't be able to restore it."),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    const cancelled = await screen.findByRole('dialog', { name: 'Cancelled' });
    expect(within(cancelled).getByText('Triggered notification is in safe :)')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancelled' })).toBeNull(), { timeout: 3000 });

    await user.click(screen.getByRole('button', { name: 'Delete signup' }));
    confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const deleted = await screen.findByRole('dialog', { name: 'Deleted' });
    expect(within(deleted).getByText('Triggered notification has been deleted!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v1/drips/1']);
    await waitFor(() => expect(within(table()).queryByText('signup')).toBeNull());
    expect(within(table()).getByText('cart_abandoned')).toBeInTheDocument();
  });

  it('goes back a page when the last trigger of a page is deleted', async () => {
    const many = Array.from({ length: 11 }, (_, i) => storedTrigger(i + 1, `event_${i + 1}`));
    const { user } = renderList(many, {}, '?page=2');
    await user.click(await screen.findByRole('button', { name: 'Delete event_1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await within(table()).findByText('event_11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the creator and the editor', async () => {
    const { user } = renderList();
    await user.click(await screen.findByRole('link', { name: 'Edit signup' }));
    expect(await screen.findByText('Editor opened')).toBeInTheDocument();
  });

  it('links Create Trigger Notification to the creator', async () => {
    const { user } = renderList();
    await user.click(await screen.findByRole('link', { name: 'Create Trigger Notification' }));
    expect(await screen.findByText('Creator opened')).toBeInTheDocument();
  });

  it('lets a viewer read the list and see the code, but not create, edit, delete or switch', async () => {
    renderList(ROWS, { user: userWithRole('viewer') });
    await within(await screen.findByRole('table', { name: 'Triggered Notifications' })).findByText('signup');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getAllByText(/^(Active|Inactive)$/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Create Trigger Notification' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit signup' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete signup' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Code signup' })).toBeInTheDocument();
  });

  it('shows why the list could not be loaded', async () => {
    renderList(ROWS, {
      override: (call) =>
        call.path === '/api/v1/drips/trigger/get' ? jsonResponse(500, { message: 'Database down.' }) : undefined,
    });
    const alert = (await screen.findByText('Database down.')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('The triggered notifications could not be loaded.');
  });
});
