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
    stubStatsNetwork(userWithRole('admin'));
    renderWithProviders(<GlobalDashboardPage />);
    const recurring = await screen.findByRole('region', { name: 'Recurring Drips' });
    // 1500 sent per bucket: the range total and this week's both read 1.5k.
    expect(await within(recurring).findAllByText('1.5k')).toHaveLength(2);
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

  it('reloads the chart with the new date_trunc when the granularity changes, resetting the totals meanwhile', async () => {
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
    expect(await within(recurring).findAllByText('1.5k')).toHaveLength(2);
    const events = () => chartCalls(net.callsTo('getStatsEventsByDrips'));
    expect(events().map((c) => c.url.searchParams.get('date_trunc'))).toEqual(['day']);

    await userEvent.setup().click(screen.getByRole('radio', { name: 'Week' }));

    await waitFor(() => expect(events().map((c) => c.url.searchParams.get('date_trunc'))).toEqual(['day', 'week']));
    expect(chartCalls(net.callsTo('getStatsBySubscribables')).at(-1)?.url.searchParams.get('date_trunc')).toBe('week');
    // The range totals are gone until the new series arrive; this week's stay.
    expect(within(recurring).getAllByText('1.5k')).toHaveLength(1);
    expect(within(recurring).getAllByLabelText('Loading').length).toBeGreaterThan(0);
    release();
    await waitFor(() => expect(within(recurring).getAllByText('1.5k')).toHaveLength(2));
  });

  it("loads the push errors for Subs and says 'Invalid response' when they hold nothing", async () => {
    const net = stubStatsNetwork(userWithRole('client'), (call) =>
      call.path.endsWith('/getStatsPushErrors') ? jsonResponse(200, { data: [] }) : undefined,
    );
    renderWithProviders(<GlobalDashboardPage />);
    await screen.findByRole('region', { name: 'Recurring Drips' });
    expect(net.callsTo('getStatsPushErrors')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Subs' }));
    expect(await screen.findByText('Invalid response')).toBeInTheDocument();
    expect(net.callsTo('getStatsPushErrors')).toHaveLength(1);
  });
});
