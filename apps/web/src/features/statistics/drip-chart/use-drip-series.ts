import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSelectedClientUid } from '@/lib/api';
import { statsKeys } from '../api/stats-keys';
import { fetchEvents, type V1Params } from '../api/stats-v1-api';
import { bucketKeys, fillBuckets, type Trunc } from '../lib/buckets';
import { DRIP_FIELDS } from '../lib/dashboard-series';
import type { IsoRange } from '../lib/stats-dates';
import { addByTimestamp, sumRows } from '../lib/stats-rows';

export interface DripSeriesQuery {
  domainId: number;
  dripId: number;
  range: IsoRange;
  timezone: string;
  trunc: Exclude<Trunc, 'year'>;
}

/** One drip's sent, delivered and clicked per bucket (getStatsEventsByDrips with drip_ids), gaps as 0, and totals. */
export function useDripSeries(q: DripSeriesQuery) {
  const [client] = useSelectedClientUid();
  const params: V1Params = {
    date_start: q.range[0],
    date_finish: q.range[1],
    date_trunc: q.trunc,
    timezone: q.timezone,
    domain_ids: [q.domainId],
    drip_ids: [q.dripId],
  };
  const events = useQuery({
    queryKey: statsKeys.v1('drip-events', client, params),
    queryFn: ({ signal }) => fetchEvents(params, false, signal),
  });
  const rows = useMemo(() => {
    if (!events.data) return undefined;
    const buckets = new Map<string, Record<string, number>>();
    addByTimestamp(buckets, events.data, DRIP_FIELDS);
    return fillBuckets(bucketKeys(q.range, q.trunc, q.timezone), DRIP_FIELDS, buckets);
  }, [events.data, q.range, q.trunc, q.timezone]);
  const totals = useMemo(() => sumRows(events.data, DRIP_FIELDS), [events.data]);
  return { rows, totals, loading: events.isPending, error: events.error, refetch: events.refetch };
}
