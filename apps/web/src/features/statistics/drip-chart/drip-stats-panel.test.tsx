import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie, jsonResponse } from '@/lib/api/testing/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { DripStatsPanel } from './drip-stats-panel';

describe('DripStatsPanel', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it("asks for the one drip's events by day and shows the range's sent, delivered, clicked and CTR", async () => {
    const net = stubStatsNetwork(userWithRole('client'), (call) => {
      if (!call.path.endsWith('/getStatsEventsByDrips')) return undefined;
      const from = call.url.searchParams.get('date_start');
      return jsonResponse(200, {
        data: [
          { timestamp: `${from} 00:00:00`, sent: 2000, delivered: 1600, clicked: 40, deactivated: 3 },
          { timestamp: `${call.url.searchParams.get('date_finish')} 00:00:00`, sent: 500, delivered: 400, clicked: 10 },
        ],
      });
    });
    renderWithProviders(<DripStatsPanel domainId={7} dripId={42} />, { route: '/dashboard/7/welcome/42' });
    const panel = await screen.findByRole('region', { name: 'Drip statistics' });
    expect(await within(panel).findByTestId('drip-total-sent')).toHaveTextContent('2,500');
    expect(within(panel).getByTestId('drip-total-delivered')).toHaveTextContent('2,000');
    expect(within(panel).getByTestId('drip-total-clicked')).toHaveTextContent('50');
    expect(within(panel).getByTestId('drip-total-ctr')).toHaveTextContent('2.50%');
    const [call] = net.callsTo('getStatsEventsByDrips');
    expect(call?.url.searchParams.getAll('drip_ids[]')).toEqual(['42']);
    expect(call?.url.searchParams.getAll('domain_ids[]')).toEqual(['7']);
    expect(call?.url.searchParams.get('date_trunc')).toBe('day');
  });

  it('says so when the drip has nothing in the range', async () => {
    stubStatsNetwork(userWithRole('client'), (call) =>
      call.path.endsWith('/getStatsEventsByDrips') ? jsonResponse(200, { data: [] }) : undefined,
    );
    renderWithProviders(<DripStatsPanel domainId={7} dripId={42} />, { route: '/dashboard/7/welcome/42' });
    expect(await screen.findByText('No data for this period.')).toBeInTheDocument();
    expect(await screen.findByTestId('drip-total-sent')).toHaveTextContent('0');
  });

  it('holds the chart in place with a grey box while it loads', async () => {
    stubStatsNetwork(userWithRole('client'), (call) =>
      call.path.endsWith('/getStatsEventsByDrips') ? new Promise<Response>(() => {}) : undefined,
    );
    renderWithProviders(<DripStatsPanel domainId={7} dripId={42} />, { route: '/dashboard/7/welcome/42' });
    const panel = await screen.findByRole('region', { name: 'Drip statistics' });
    expect(within(panel).getByRole('progressbar', { name: 'Loading chart' })).toHaveStyle({ height: '300px' });
  });

  it('shows the error the server gives, with a Retry that asks again', async () => {
    let failing = true;
    const net = stubStatsNetwork(userWithRole('client'), (call) => {
      if (!call.path.endsWith('/getStatsEventsByDrips')) return undefined;
      return failing
        ? jsonResponse(422, { message: 'Dates must be between a and b.' })
        : jsonResponse(200, { data: [{ timestamp: `${call.url.searchParams.get('date_start')} 00:00:00`, sent: 7 }] });
    });
    renderWithProviders(<DripStatsPanel domainId={7} dripId={42} />, { route: '/dashboard/7/welcome/42' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dates must be between a and b.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('drip-total-sent')).toHaveTextContent('7');
    expect(net.callsTo('getStatsEventsByDrips')).toHaveLength(2);
  });
});
