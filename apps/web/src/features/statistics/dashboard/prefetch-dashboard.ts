import type { QueryClient } from '@tanstack/react-query';
import { getSelectedClientUid } from '@/lib/api';
import { seriesQueries, totalsQuery } from '../api/use-dashboard-stats';
import { chartDefaults } from './use-chart-settings';

/**
 * /dashboard's calls asked as soon as its guard has let the user in, while the page's code still loads (issue 17):
 * the cards' figures and the summary chart's series with the chart's default settings, under the very keys the page
 * then reads (use-dashboard-stats.ts), so it finds them answered or on their way.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  const client = getSelectedClientUid();
  const { range, timezone, trunc } = chartDefaults('Deliveries');
  const series = seriesQueries(client, { range, timezone, trunc });
  // only what is not in the cache yet: coming back to the dashboard, the page shows what it has and refreshes itself
  const totals = totalsQuery(client, timezone);
  if (queryClient.getQueryData(totals.queryKey) === undefined) void queryClient.prefetchQuery(totals);
  if (queryClient.getQueryData(series.events.queryKey) === undefined) void queryClient.prefetchQuery(series.events);
  if (queryClient.getQueryData(series.subscribers.queryKey) === undefined)
    void queryClient.prefetchQuery(series.subscribers);
}
