import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { addDays, statsWindow } from '../lib/stats-dates';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { PerformancePage } from './performance-page';

const NO_DATA = 'No data available. Please ensure you have the required data before attempting to retrieve the file.';

describe('PerformancePage', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('loads yesterday by default and says there is nothing to export for an empty table', async () => {
    const net = stubStatsNetwork(userWithRole('client'));
    renderWithProviders(<PerformancePage />);
    const table = await screen.findByRole('region', { name: 'Top Domains by sent Welcome messages' });
    await within(table).findByText('No data for this period.');
    // Clients see only the website tables.
    expect(screen.queryByRole('region', { name: 'Top Clients by sent Welcome messages' })).toBeNull();
    const call = net.callsTo('getTopDomainsBySentWelcomePushes')[0]!;
    const yesterday = addDays(statsWindow(Intl.DateTimeFormat().resolvedOptions().timeZone).max, -1);
    expect(call.body).toMatchObject({ filters: { date_start: yesterday, date_end: yesterday }, groups: ['timestamp'] });
    expect(call.url.searchParams.get('pageLength')).toBe('5');

    await userEvent
      .setup()
      .click(within(table).getByRole('button', { name: 'Export Top Domains by sent Welcome messages' }));
    expect(await screen.findByText(NO_DATA)).toBeInTheDocument();
  });

  it('shows raw website ids and the client tables to a moderator, and the failure text when a table fails', async () => {
    stubStatsNetwork(userWithRole('moder'), (call) => {
      if (call.path.endsWith('/getTopClientsByRecurringSentPush')) return jsonResponse(500, { message: 'Boom' });
      if (call.path.endsWith('/getTopDomainsBySentRecurringPushes')) {
        const row = { website_id: 'w-shop', url: 'https://shop.example', date: '2026-01-01 00:00:00', sent: 12 };
        return jsonResponse(200, { data: [row], meta: { total: 1, totals: {} } });
      }
      return undefined;
    });
    renderWithProviders(<PerformancePage />);
    const recurring = await screen.findByRole('region', { name: 'Top Domains by sent Recurring messages' });
    expect(await within(recurring).findByText('w-shop')).toBeInTheDocument();
    expect(within(recurring).queryByText('https://shop.example')).toBeNull();
    expect(screen.getByRole('region', { name: 'Top Clients by sent Welcome messages' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('Failed to load some statistics. Please try again.')).toBeInTheDocument(),
    );
  });

  it('holds a page of grey rows in each table while it loads', async () => {
    stubStatsNetwork(userWithRole('client'), (call) =>
      call.path.startsWith('/api/v2/statistics/') ? new Promise<Response>(() => {}) : undefined,
    );
    renderWithProviders(<PerformancePage />);
    const table = await screen.findByRole('region', { name: 'Top Domains by sent Welcome messages' });
    expect(within(table).getByRole('status')).toHaveTextContent('Loading...');
    expect(within(table).getByRole('table')).toHaveAttribute('aria-busy', 'true');
    // the loading line and four grey rows: the five rows of a page
    expect(table.querySelectorAll('tbody tr')).toHaveLength(5);
  });

  it("retries a failed table from its own Retry, and the page's failure text goes with it", async () => {
    let failing = true;
    const net = stubStatsNetwork(userWithRole('client'), (call) =>
      failing && call.path.endsWith('/getTopDomainsBySentWelcomePushes')
        ? jsonResponse(500, { message: 'Boom' })
        : undefined,
    );
    renderWithProviders(<PerformancePage />);
    const table = await screen.findByRole('region', { name: 'Top Domains by sent Welcome messages' });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent('Boom');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('No data for this period.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load some statistics. Please try again.')).toBeNull();
    expect(net.callsTo('getTopDomainsBySentWelcomePushes')).toHaveLength(2);
  });
});
