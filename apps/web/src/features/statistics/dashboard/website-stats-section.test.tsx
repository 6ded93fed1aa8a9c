import type { RoleName } from '@pushdeck/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { WebsiteStatsSection } from './website-stats-section';

function renderSection(role: RoleName) {
  const net = stubStatsNetwork(userWithRole(role));
  renderWithProviders(<WebsiteStatsSection domainId={7} />, { route: '/dashboard/7' });
  return net;
}

describe('WebsiteStatsSection', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("links 'More info' with stats.domain and starts the chart at All Drips for the one website", async () => {
    const net = renderSection('client');
    const card = await screen.findByRole('region', { name: 'Recurring Drips' });
    expect(within(card).getByRole('link', { name: 'More info' })).toHaveAttribute('href', '/dashboard/7/more-info');
    expect(await screen.findByRole('radio', { name: 'All Drips' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Refresh chart' })).toBeInTheDocument();
    await vi.waitFor(() => expect(net.callsTo('getStatsEventsByDrips').length).toBeGreaterThan(0));
    for (const call of net.stats()) expect(call.url.searchParams.getAll('domain_ids[]')).toEqual(['7']);
  });

  it("shows the cards without 'More info' with stats.domain.simple", async () => {
    renderSection('user');
    const card = await screen.findByRole('region', { name: 'Recurring Drips' });
    expect(within(card).queryByRole('link', { name: 'More info' })).toBeNull();
  });

  it('charts subscriber growth (subscribed, unsubscribed incl. gone, net) from the chart range, with totals', async () => {
    const net = stubStatsNetwork(userWithRole('client'), (call) => {
      if (!call.path.endsWith('/getStatsBySubscribables') || call.url.searchParams.get('date_trunc') !== 'day')
        return undefined;
      const [from] = [call.url.searchParams.get('date_start')!];
      return jsonResponse(200, {
        data: [
          { timestamp: `${from} 00:00:00`, subscribed: 30, unsubscribed: 4, deactivated: 2, full_unsubscribed: 0 },
        ],
      });
    });
    renderWithProviders(<WebsiteStatsSection domainId={7} />, { route: '/dashboard/7' });
    const growth = await screen.findByRole('region', { name: 'Subscriber growth' });
    expect(await within(growth).findByTestId('growth-subscribed')).toHaveTextContent('30');
    expect(within(growth).getByTestId('growth-unsubscribed')).toHaveTextContent('6');
    expect(within(growth).getByTestId('growth-net')).toHaveTextContent('24');
    expect(within(growth).getByRole('radio', { name: 'Per period' })).toBeChecked();
    expect(net.callsTo('getStatsBySubscribables').length).toBeGreaterThan(0);
  });
});
