import { useQuery } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import type { IsoRange } from '../lib/stats-dates';
import { statsKeys } from './stats-keys';
import { fetchEvents, fetchSubscribables, type V1Params } from './stats-v1-api';

/** Drip events and subscriber counters per website over the range (one bucket each). */
export function useWebsiteTotals(range: IsoRange, timezone: string) {
  const [client] = useSelectedClientUid();
  const params: V1Params = {
    date_start: range[0],
    date_finish: range[1],
    date_trunc: 'millennium',
    timezone,
    group_by: 'website_id',
  };
  const events = useQuery({
    queryKey: statsKeys.v1('events-by-website', client, params),
    queryFn: ({ signal }) => fetchEvents(params, false, signal),
  });
  const subscribers = useQuery({
    queryKey: statsKeys.v1('subscribables', client, params),
    queryFn: ({ signal }) => fetchSubscribables(params, signal),
  });
  return { events, subscribers };
}
