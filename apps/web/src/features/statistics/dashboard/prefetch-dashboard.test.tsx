import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userWithRole } from '@/app/test-users';
import { clearXsrfCookie } from '@/lib/api/testing/fetch-stub';
import { useDashboardSeries, useDashboardTotals } from '../api/use-dashboard-stats';
import { resetStatsNetwork, stubStatsNetwork } from '../testing/stats-fetch';
import { prefetchDashboard } from './prefetch-dashboard';
import { chartDefaults } from './use-chart-settings';

describe('prefetchDashboard', () => {
  afterEach(() => {
    resetStatsNetwork();
    clearXsrfCookie();
    vi.unstubAllGlobals();
  });

  it('asks for the cards and the chart as the page will, which then asks for nothing again', async () => {
    const net = stubStatsNetwork(userWithRole('client'));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    prefetchDashboard(queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(net.callsTo('getDashboardTotals')).toHaveLength(1);
    const chart = net.callsTo('getStatsEventsByDrips');
    expect(chart).toHaveLength(1);
    const { range, timezone } = chartDefaults('Deliveries');
    expect(chart[0]!.url.searchParams.get('date_start')).toBe(range[0]);
    expect(chart[0]!.url.searchParams.get('date_finish')).toBe(range[1]);
    expect(chart[0]!.url.searchParams.get('date_trunc')).toBe('day');
    // the page's hooks find the answers under their own keys
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        totals: useDashboardTotals(timezone),
        series: useDashboardSeries({ range, timezone, trunc: 'day', withErrors: false }),
      }),
      { wrapper },
    );
    expect(result.current.totals.isSuccess).toBe(true);
    expect(result.current.series.source).toBeDefined();
    expect(net.callsTo('getDashboardTotals')).toHaveLength(1);
    expect(net.callsTo('getStatsEventsByDrips')).toHaveLength(1);
    expect(net.callsTo('getStatsBySubscribables')).toHaveLength(1);
  });
});
