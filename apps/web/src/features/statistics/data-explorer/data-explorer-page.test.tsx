import { STATS_MSG } from '@pushdeck/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { statsWindow } from '../lib/stats-dates';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { DataExplorerPage } from './data-explorer-page';

const counters = {
  sent: 1000,
  delivered: 900,
  clicked: 90,
  subscribed: 50,
  unsubscribed: 2,
  full_unsubscribed: 0,
  deactivated: 1,
};
const ratios = { d2c: 10, s2d: 90, sub2c: 180, sub2deact: 2, sub2uns: 4 };
const ROW = { website_id: 'w-shop', date: '2026-01-02 00:00:00', url: 'https://shop.example', ...counters, ...ratios };
const TOTALS = {
  website_id: null,
  date: null,
  url: null,
  ...counters,
  sent: 4321,
  ...ratios,
  d2c: 12.34,
  sub2c: 175.5,
};

function appliedRoute(extra = '') {
  const { max } = statsWindow('UTC');
  return `/data-explorer?date_start=${max}&date_end=${max}&timezone=UTC&date_trunc=day&domains=all&groups=website_id,date${extra}`;
}

function renderExplorer(route: string, rows = [ROW]) {
  const net = stubStatsNetwork(userWithRole('client'), (call) =>
    call.path.endsWith('/getDataExplorer')
      ? jsonResponse(200, { data: rows, meta: { total: rows.length, totals: TOTALS } })
      : undefined,
  );
  renderWithProviders(<DataExplorerPage />, { route });
  return net;
}

describe('Data Explorer', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("refuses to save the column settings without a column ('There is must be at least one column selected.')", async () => {
    renderExplorer('/data-explorer');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Column settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Column settings' });
    for (const box of within(dialog).getAllByRole('checkbox'))
      if ((box as HTMLInputElement).checked) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(STATS_MSG.noColumns);
    expect(screen.getByRole('dialog', { name: 'Column settings' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Clicks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Column settings' })).toBeNull());
  });

  it('shows the totals of meta.totals as a last row With Totals, and drops it without', async () => {
    const net = renderExplorer(appliedRoute('&totals=1'));
    const table = await screen.findByRole('table', { name: 'Data Explorer' });
    const totalsRow = (await within(table).findByText('Totals')).closest('tr');
    expect(totalsRow).not.toBeNull();
    expect(within(totalsRow as HTMLElement).getByText('4,321')).toBeInTheDocument();
    expect(within(totalsRow as HTMLElement).getByText('12.34%')).toBeInTheDocument();
    // Percent columns read with '%'; the domain opens its dashboard in a new tab.
    expect(within(table).getByText('180.00%')).toBeInTheDocument();
    expect(within(totalsRow as HTMLElement).getByText('175.50%')).toBeInTheDocument();
    const link = within(table).getByRole('link', { name: 'https://shop.example' });
    expect(link).toHaveAttribute('href', '/dashboard/1');
    expect(link).toHaveAttribute('target', '_blank');

    const call = net.callsTo('getDataExplorer')[0]!;
    expect(call.url.searchParams.get('paginate')).toBe('true');
    expect(call.url.searchParams.get('pageLength')).toBe('50');
    expect(call.url.searchParams.getAll('meta[]')).toEqual(['total']);
    expect(call.body).toMatchObject({
      timezone: 'UTC',
      date_trunc: 'day',
      groups: ['website_id', 'date'],
      filters: { website_id: [], type: [], client_id: [] },
      columns: { exclude: [], include: ['url'] },
    });

    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'With Totals' }));
    await waitFor(() => expect(within(table).queryByText('Totals')).toBeNull());
    expect(within(table).getByText('https://shop.example')).toBeInTheDocument();
  });

  it("adds the 'type' grouping for Welcome and keeps the welcome family only", async () => {
    const net = renderExplorer(appliedRoute().replace('groups=website_id,date', 'groups=date,welcome'));
    await waitFor(() => expect(net.callsTo('getDataExplorer')).toHaveLength(1));
    expect(net.callsTo('getDataExplorer')[0]!.body).toMatchObject({
      groups: ['date', 'type'],
      filters: { type: ['welcome'] },
    });
  });

  it("counts the server API's sends under Group By API: the 'type' grouping, the api family only", async () => {
    const net = renderExplorer(appliedRoute().replace('groups=website_id,date', 'groups=date,api'));
    await waitFor(() => expect(net.callsTo('getDataExplorer')).toHaveLength(1));
    expect(net.callsTo('getDataExplorer')[0]!.body).toMatchObject({
      groups: ['date', 'type'],
      filters: { type: ['api'] },
    });
  });

  it("says 'Unable to sort due to invalid data.' when sorting an empty table", async () => {
    const net = renderExplorer(appliedRoute(), []);
    await screen.findByText('No data for this period.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sent' }));
    expect(await screen.findByText('Unable to sort due to invalid data.')).toBeInTheDocument();
    expect(net.callsTo('getDataExplorer')).toHaveLength(1);
  });

  it('shows a failed query with a Retry that asks again', async () => {
    let failing = true;
    const net = stubStatsNetwork(userWithRole('client'), (call) => {
      if (!call.path.endsWith('/getDataExplorer')) return undefined;
      return failing
        ? jsonResponse(500, { message: 'Explorer is down.' })
        : jsonResponse(200, { data: [ROW], meta: { total: 1, totals: TOTALS } });
    });
    renderWithProviders(<DataExplorerPage />, { route: appliedRoute() });
    const table = await screen.findByRole('table', { name: 'Data Explorer' });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('Explorer is down.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('https://shop.example')).toBeInTheDocument();
    expect(within(table).queryByRole('alert')).toBeNull();
    expect(net.callsTo('getDataExplorer')).toHaveLength(2);
  });
});
