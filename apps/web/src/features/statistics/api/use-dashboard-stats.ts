import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSelectedClientUid } from '@/lib/api';
import type { Trunc } from '../lib/buckets';
import type { DashboardSources } from '../lib/dashboard-series';
import { DRIP_FAMILIES } from '../lib/drip-families';
import type { IsoRange } from '../lib/stats-dates';
import { statsKeys } from './stats-keys';
import {
  fetchDashboardTotals,
  fetchEventsByFamily,
  fetchPushErrors,
  fetchSubscribables,
  type V1Params,
} from './stats-v1-api';

export interface DashboardQuery {
  range: IsoRange;
  timezone: string;
  trunc: Exclude<Trunc, 'year'>;
  /** One website (website dashboard) or every website in scope. */
  domainIds?: readonly number[];
  /** The Subs variant shows the push-error series. */
  withErrors: boolean;
}

/** The summary chart: drip events per family and subscriber counters per bucket, push errors on demand. */
/** The summary chart's two calls as query options (the hook below, and the dashboard's prefetch on entry). */
export function seriesQueries(client: string | null, q: Omit<DashboardQuery, 'withErrors'>) {
  const params: V1Params = {
    date_start: q.range[0],
    date_finish: q.range[1],
    date_trunc: q.trunc,
    timezone: q.timezone,
    domain_ids: q.domainIds,
  };
  return {
    params,
    events: queryOptions({
      queryKey: statsKeys.v1('events-by-family', client, params),
      queryFn: ({ signal }) => fetchEventsByFamily(params, DRIP_FAMILIES, signal),
    }),
    subscribers: queryOptions({
      queryKey: statsKeys.v1('subscribables', client, params),
      queryFn: ({ signal }) => fetchSubscribables(params, signal),
    }),
  };
}

export function useDashboardSeries(q: DashboardQuery) {
  const [client] = useSelectedClientUid();
  const calls = seriesQueries(client, q);
  const { params } = calls;
  const events = useQuery(calls.events);
  const subscribers = useQuery(calls.subscribers);
  const errors = useQuery({
    queryKey: statsKeys.v1('push-errors', client, params),
    queryFn: ({ signal }) => fetchPushErrors(params, signal),
    enabled: q.withErrors,
  });
  // The answers as they came; the charts turn them into rows per bucket (use-series-rows.ts), with their own code
  // loaded after the cards (issue 17).
  const source = useMemo<DashboardSources | undefined>(
    () =>
      events.data && subscribers.data
        ? { events: events.data, subscribers: subscribers.data, errors: errors.data ?? undefined }
        : undefined,
    [events.data, subscribers.data, errors.data],
  );
  return {
    source,
    loading: events.isPending || subscribers.isPending,
    error: events.error ?? subscribers.error,
    /** Asks again for what failed (the error state's Retry). */
    refetch: () => {
      events.refetch();
      subscribers.refetch();
    },
    errors: { loading: q.withErrors && errors.isPending, invalid: q.withErrors && errors.isSuccess && !errors.data },
  };
}

/**
 * The cards' figures: all time, the last month and the last 7 days (today included, local dates in `timezone`),
 * computed by the server in one query, so total ≥ this month ≥ this week (docs/metrics.md, "Dashboard cards").
 */
export function totalsQuery(client: string | null, timezone: string, domainIds?: readonly number[]) {
  const params = { timezone, domain_ids: domainIds };
  return queryOptions({
    queryKey: statsKeys.v1('dashboard-totals', client, params),
    queryFn: ({ signal }) => fetchDashboardTotals(params, signal),
  });
}

export function useDashboardTotals(timezone: string, domainIds?: readonly number[]) {
  const [client] = useSelectedClientUid();
  return useQuery(totalsQuery(client, timezone, domainIds));
}
