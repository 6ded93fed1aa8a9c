import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { GlobalDashboardPage } from './global-dashboard-page';

const chartCalls = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.searchParams.get('date_trunc') !== 'millennium');

describe('GlobalDashboardPage', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('shows the cards with abbreviated totals and the Created Domains count with its Domain List link', async () => {
    const net = stubStatsNetwork(userWithRole('admin'));
    renderWithProviders(<GlobalDashboardPage />);
    const recurring = await screen.findByRole('region', { name: 'Recurring Drips' });
    // all time 13,500 sent, the last 7 days 1,500: from getDashboardTotals, not from the chart's range
    expect(await within(recurring).findByText('13.5k')).toBeInTheDocument();
    expect(within(recurring).getByText('1.5k')).toBeInTheDocument();
    const subscribers = screen.getByRole('region', { name: 'Subscribers' });
    const subscribed = within(subscribers).getByRole('row', { name: /Subscribed/ });
    expect(
      within(subscribed)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['360', '40', '120']);
    expect(
      within(subscribers).getByText(
        /Total: all time\. This week: 2026-01-04 … 2026-01-10\. This month: 2025-12-11 … 2026-01-10\./,
      ),
    ).toBeInTheDocument();
    const cardCalls = net.callsTo('getDashboardTotals');
    expect(cardCalls).toHaveLength(1);
    expect(cardCalls[0]!.url.searchParams.get('timezone')).toBeTruthy();
    const domains = screen.getByRole('region', { name: 'Created Domains' });
    expect(await within(domains).findByText('2')).toBeInTheDocument();
    expect(within(domains).getByRole('link', { name: 'More Info' })).toHaveAttribute('href', '/domain-list');
  });

  it('hides the Domain List link from a client without menu.domain_list', async () => {
    stubStatsNetwork(userWithRole('client'));
    renderWithProviders(<GlobalDashboardPage />);
    const domains = await screen.findByRole('region', { name: 'Created Domains' });
    expect(await within(domains).findByText('2')).toBeInTheDocument();
    expect(within(domains).queryByRole('link', { name: 'More Info' })).toBeNull();
  });

  it('reloads the chart with the new date_trunc when the granularity changes; the cards keep their figures', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const net = stubStatsNetwork(userWithRole('client'), async (call) => {
      if (call.url.searchParams.get('date_trunc') !== 'week') return undefined;
      await held;
      return undefined;
    });
    renderWithProviders(<GlobalDashboardPage />);
    const recurring = await screen.findByRole('region', { name: 'Recurring Drips' });
    expect(await within(recurring).findByText('13.5k')).toBeInTheDocument();
    const events = () => chartCalls(net.callsTo('getStatsEventsByDrips'));
    expect(events().map((c) => c.url.searchParams.get('date_trunc'))).toEqual(['day']);

    await userEvent.setup().click(await screen.findByRole('radio', { name: 'Week' }));

    await waitFor(() => expect(events().map((c) => c.url.searchParams.get('date_trunc'))).toEqual(['day', 'week']));
    expect(chartCalls(net.callsTo('getStatsBySubscribables')).at(-1)?.url.searchParams.get('date_trunc')).toBe('week');
    // the cards do not follow the chart's settings: same figures, no reload
    expect(within(recurring).getByText('13.5k')).toBeInTheDocument();
    expect(within(recurring).queryByLabelText('Loading')).toBeNull();
    release();
    await waitFor(() => expect(chartCalls(net.callsTo('getStatsBySubscribables'))).toHaveLength(2));
    expect(net.callsTo('getDashboardTotals')).toHaveLength(1);
  });

  it('says so when the card figures cannot be loaded, with dashes instead of spinners', async () => {
    stubStatsNetwork(userWithRole('client'), (call) =>
      call.path.endsWith('/getDashboardTotals') ? jsonResponse(500, { message: 'Server Error' }) : undefined,
    );
    renderWithProviders(<GlobalDashboardPage />);
    const subscribers = await screen.findByRole('region', { name: 'Subscribers' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(within(subscribers).getAllByLabelText('Not available')).toHaveLength(6));
    expect(within(subscribers).queryByLabelText('Loading')).toBeNull();
  });

  it("loads the push errors for Subs and says 'Invalid response' when they hold nothing", async () => {
    const net = stubStatsNetwork(userWithRole('client'), (call) =>
      call.path.endsWith('/getStatsPushErrors') ? jsonResponse(200, { data: [] }) : undefined,
    );
    renderWithProviders(<GlobalDashboardPage />);
    await screen.findByRole('region', { name: 'Recurring Drips' });
    expect(net.callsTo('getStatsPushErrors')).toHaveLength(0);
    await userEvent.setup().click(await screen.findByRole('radio', { name: 'Subs' }));
    expect(await screen.findByText('Invalid response')).toBeInTheDocument();
    expect(net.callsTo('getStatsPushErrors')).toHaveLength(1);
  });
});
