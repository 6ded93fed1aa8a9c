import { useQuery } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import type { IsoRange } from '../lib/stats-dates';
import { statsKeys } from './stats-keys';
import { fetchBestDrip, fetchEvents, fetchSubscribables, type V1Params } from './stats-v1-api';

export type DripTab = 'total' | 'welcome' | 'recurring' | 'dead';

export interface MoreInfoScope {
  domainId: number;
  range: IsoRange;
  timezone: string;
}

/** One bucket over the whole range (date_trunc millennium), as More Info and Compare ask. */
export function periodParams(s: MoreInfoScope, range: IsoRange = s.range): V1Params {
  return {
    date_start: range[0],
    date_finish: range[1],
    date_trunc: 'millennium',
    timezone: s.timezone,
    domain_ids: [s.domainId],
  };
}

export function useSubscriberTotals(s: MoreInfoScope) {
  const [client] = useSelectedClientUid();
  const params = periodParams(s);
  return useQuery({
    queryKey: statsKeys.v1('subscribables', client, params),
    queryFn: ({ signal }) => fetchSubscribables(params, signal),
    select: (rows) => rows[0],
  });
}

/** The drip events of a tab with the More Info formulas, for `range` (null: nothing asked). */
export function useTabEvents(s: MoreInfoScope, tab: DripTab, range: IsoRange | null) {
  const [client] = useSelectedClientUid();
  const params: V1Params = {
    ...periodParams(s, range ?? s.range),
    drip_type: tab === 'welcome' || tab === 'recurring' ? tab : undefined,
  };
  return useQuery({
    queryKey: statsKeys.v1('events-formulas', client, params),
    queryFn: ({ signal }) => fetchEvents(params, true, signal),
    select: (rows) => rows[0],
    enabled: range !== null,
  });
}

export function useBestDrip(s: MoreInfoScope, dripType: 'welcome' | 'recurring') {
  const [client] = useSelectedClientUid();
  const params: V1Params = { ...periodParams(s), drip_type: dripType };
  return useQuery({
    queryKey: statsKeys.v1('best-drip', client, params),
    queryFn: ({ signal }) => fetchBestDrip(params, signal),
  });
}
