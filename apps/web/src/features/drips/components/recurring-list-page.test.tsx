import type { RoleName } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, csrfCookieResponse, jsonResponse, stubFetch } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { dripRow, scheduleRow } from '../testing/fixtures';
import { RecurringListPage, type RecurringView } from './recurring-list-page';

const NOW = '2026-01-01T00:00:00.000Z';
const GROUP = {
  id: 4,
  domain_id: 3,
  group_uid: 'g-4',
  name: 'Mornings',
  is_active: 1,
  drips_count: 1,
  created_at: NOW,
  updated_at: NOW,
};
const ROW = dripRow({
  id: 11,
  type: 'recurring',
  title: 'Daily <deals>',
  schedules: [
    scheduleRow({
      type: 'recurring',
      frequency: 'daily',
      time: '09:00:00',
      timezone: 'Europe/Kyiv',
      audiences: [{ id: 5, domain_id: 3, name: 'Ukrainian speakers', type: 'audience', query: {} }],
    }),
  ],
});

function setup(view: RecurringView, route: string, row: Record<string, unknown> = ROW, role: RoleName = 'client') {
  const network = stubFetch((call) => {
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/v1/drips/recurring/get')
      return jsonResponse(200, { data: { data: [row], total: 1, page: 1, pageLength: 10 } });
    if (call.path === '/api/v1/abstract/groups/by-domain') return jsonResponse(200, { data: [GROUP] });
    return jsonResponse(200, { data: GROUP });
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/dashboard/:id/recurring"
        element={<RecurringListPage view={view} statsSlot={(d, id) => <p>Chart of drip {`${id} on ${d}`}</p>} />}
      />
      <Route path="/dashboard/:id/recurring/drafts" element={<RecurringListPage view={view} />} />
      <Route path="/dashboard/:id/recurring/:group_id" element={<RecurringListPage view={view} />} />
    </Routes>,
    { route, user: userWithRole(role) },
  );
  const writes = () => network.calls.filter((c) => c.method !== 'GET');
  const listQuery = () => network.calls.find((c) => c.path === '/api/v1/drips/recurring/get')!.url.searchParams;
  return { ...network, writes, listQuery, user: userEvent.setup({ delay: null }) };
}

describe('RecurringListPage', () => {
  afterEach(() => {
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('lists the active ungrouped recurring drips with audience and schedule, and the groups', {
    timeout: 30_000,
  }, async () => {
    const { listQuery } = setup('regular', '/dashboard/3/recurring');
    const table = await screen.findByRole('table', { name: 'Recurring Drips' });
    await within(table).findByText('Daily <deals>');
    expect(within(table).getByText('Ukrainian speakers')).toBeInTheDocument();
    expect(within(table).getByText('daily · 09:00 · Europe/Kyiv')).toBeInTheDocument();
    const q = listQuery();
    expect(Object.fromEntries(q)).toMatchObject({
      'where[domain_id]': '3',
      'where[is_active]': '1',
      'where[group_id]': 'null',
      'whereRelation[schedules][type]': 'recurring',
      paginate: 'true',
      page: '1',
      pageLength: '10',
      order_by: 'id:desc',
    });
    expect(await screen.findByRole('link', { name: 'Mornings' })).toHaveAttribute('href', '/dashboard/3/recurring/4');
  });

  it('attaches a drip to a group and switches a group off with its drips', { timeout: 30_000 }, async () => {
    const { writes, user } = setup('regular', '/dashboard/3/recurring');
    await user.click(await screen.findByRole('button', { name: 'Add Daily <deals> to a group' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mornings' }));
    await user.click(screen.getByRole('switch', { name: 'Mornings active' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes().map((c) => [c.path, c.url.search, c.body])).toEqual([
      ['/api/v1/abstract/groups/4/attach', '', { drip_ids: [11] }],
      ['/api/v1/abstract/groups/4/toggle', '?mode=multiple', { is_active: 0 }],
    ]);
  });

  it("shows a group's drips and takes one out of the group", { timeout: 30_000 }, async () => {
    const { writes, user, listQuery } = setup('group', '/dashboard/3/recurring/4', { ...ROW, group_id: 4 });
    expect(await screen.findByRole('heading', { name: 'Group Mornings' })).toBeInTheDocument();
    expect(listQuery().get('where[group_id]')).toBe('4');
    await user.click(await screen.findByRole('button', { name: 'Remove Daily <deals> from its group' }));
    await waitFor(() => expect(writes().map((c) => c.path)).toEqual(['/api/v1/abstract/groups/4/detach']));
  });

  it('offers a viewer (reads only) no control that writes: no create, edit, delete, grouping or switch', async () => {
    setup('regular', '/dashboard/3/recurring', ROW, 'viewer');
    expect(await screen.findByText('Daily <deals>')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Mornings' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Create Recurring Drip/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create group/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Delete|Add|Remove) / })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Groups' })).getByText('Active')).toBeInTheDocument();
  });

  it("opens a drip's own chart in its row's details for a viewer, and not for a writer (who has it in the editor)", {
    timeout: 30_000,
  }, async () => {
    const { user } = setup('regular', '/dashboard/3/recurring', ROW, 'viewer');
    await screen.findByText('Daily <deals>');
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(await screen.findByText('Chart of drip 11 on 3')).toBeInTheDocument();
  });

  it('offers a writer no details row for the chart', { timeout: 30_000 }, async () => {
    setup('regular', '/dashboard/3/recurring');
    await screen.findByText('Daily <deals>');
    expect(screen.queryByRole('button', { name: 'Show details' })).not.toBeInTheDocument();
  });

  it('lists drafts as the inactive drips', { timeout: 30_000 }, async () => {
    const { listQuery } = setup('drafts', '/dashboard/3/recurring/drafts');
    await screen.findByRole('table', { name: 'Drafts' });
    await waitFor(() => expect(listQuery().get('where[is_active]')).toBe('0'));
  });
});
