import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { WebsiteTotalsTable } from './website-totals-table';

const RANGE: [string, string] = ['2026-01-01', '2026-01-07'];

describe('WebsiteTotalsTable', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('holds grey rows under its loading text while the totals load', async () => {
    stubStatsNetwork(userWithRole('client'), (call) =>
      call.path.startsWith('/api/v1/statistics/') ? new Promise<Response>(() => {}) : undefined,
    );
    renderWithProviders(<WebsiteTotalsTable range={RANGE} timezone="UTC" />);
    const panel = screen.getByRole('region', { name: 'Websites' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading...');
    expect(panel.querySelectorAll('tbody tr')).toHaveLength(5);
  });

  it('shows a failure with a Retry that asks again for what failed', async () => {
    let failing = true;
    const net = stubStatsNetwork(userWithRole('client'), (call) =>
      failing && call.path.endsWith('/getStatsBySubscribables') ? jsonResponse(500, { message: 'Down.' }) : undefined,
    );
    renderWithProviders(<WebsiteTotalsTable range={RANGE} timezone="UTC" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Down.');
    const events = net.callsTo('getStatsEventsByDrips').length;
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(net.callsTo('getStatsBySubscribables')).toHaveLength(2);
    expect(net.callsTo('getStatsEventsByDrips')).toHaveLength(events);
  });
});
