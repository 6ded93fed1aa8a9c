import { useQuery } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import type { IsoRange } from '../lib/stats-dates';
import { statsKeys } from './stats-keys';
import { fetchEvents, fetchSubscribables, type V1Params } from './stats-v1-api';

export interface CompareRequest {
  range: IsoRange;
  timezone: string;
  /** Group A (this website) and group B. */
  domainIds: [number, number];
}

const params = (r: CompareRequest, trunc: V1Params['date_trunc']): V1Params => ({
  date_start: r.range[0],
  date_finish: r.range[1],
  date_trunc: trunc,
  timezone: r.timezone,
  domain_ids: r.domainIds,
  group_by: 'website_id',
});

/** Both websites over the range: drip events with the formulas, the chart's daily events, subscribers. */
export function useCompareStats(r: CompareRequest | null) {
  const [client] = useSelectedClientUid();
  const enabled = r !== null;
  const total = r ? params(r, 'millennium') : null;
  const daily = r ? params(r, 'day') : null;
  const totals = useQuery({
    queryKey: statsKeys.v1('compare-events', client, total),
    queryFn: ({ signal }) => fetchEvents(total!, true, signal),
    enabled,
  });
  const series = useQuery({
    queryKey: statsKeys.v1('compare-series', client, daily),
    queryFn: ({ signal }) => fetchEvents(daily!, false, signal),
    enabled,
  });
  const subscribers = useQuery({
    queryKey: statsKeys.v1('compare-subs', client, total),
    queryFn: ({ signal }) => fetchSubscribables(total!, signal),
    enabled,
  });
  return { totals, series, subscribers };
}
