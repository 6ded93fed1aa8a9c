import type { RoleName } from '@pushdeck/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie } from '@/lib/api/testing/fetch-stub';
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
    expect(screen.getByRole('radio', { name: 'All Drips' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Refresh chart' })).toBeInTheDocument();
    await vi.waitFor(() => expect(net.callsTo('getStatsEventsByDrips').length).toBeGreaterThan(0));
    for (const call of net.stats()) expect(call.url.searchParams.getAll('domain_ids[]')).toEqual(['7']);
  });

  it("shows the cards without 'More info' with stats.domain.simple", async () => {
    renderSection('user');
    const card = await screen.findByRole('region', { name: 'Recurring Drips' });
    expect(within(card).queryByRole('link', { name: 'More info' })).toBeNull();
  });
});
