import {
  CACHE_HEADER,
  type DashboardTotals,
  RESULT_GROUP_BY_HEADER,
  STATS_CACHE_DEFAULTS,
  type StatsRow,
  type StatsV1Group,
  WITH_FORMULAS_HEADER,
} from '@pushdeck/contracts';
import type { z } from 'zod';
import { api, parseLater } from '@/lib/api';
import type { bestDripsResponse } from './stats-schemas';

// The answers' schemas load with the first call (the dashboard's first load has no zod: issue 17).
const schemas = () => import('./stats-schemas');

export type V1Trunc = 'hour' | 'day' | 'week' | 'month' | 'millennium';

/** Parameters of the v1 statistics calls (docs/metrics.md). */
export interface V1Params {
  date_start: string;
  date_finish: string;
  date_trunc: V1Trunc;
  timezone: string;
  /** Website ids; empty or left out = every website in scope. */
  domain_ids?: readonly number[];
  /** Only these drips' facts (events and push errors): a drip's own chart. */
  drip_ids?: readonly number[];
  group_by?: StatsV1Group;
  drip_type?: 'recurring' | 'welcome' | 'trigger' | 'instant' | 'api';
}

const BASE = '/v1/statistics';
const cacheHeader = { [CACHE_HEADER]: String(STATS_CACHE_DEFAULTS.v1Seconds) };

function query(p: V1Params) {
  return {
    date_start: p.date_start,
    date_finish: p.date_finish,
    date_trunc: p.date_trunc,
    timezone: p.timezone,
    domain_ids: p.domain_ids && p.domain_ids.length > 0 ? p.domain_ids : undefined,
    drip_ids: p.drip_ids && p.drip_ids.length > 0 ? p.drip_ids : undefined,
    group_by: p.group_by,
    drip_type: p.drip_type,
    default_group_by: false,
  };
}

/** getStatsEventsByDrips with `resultGroupBy: type:…`: drip facts per family. */
export async function fetchEventsByFamily(
  p: V1Params,
  families: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, StatsRow[]>> {
  const body = await parseLater(
    api.get<unknown>(`${BASE}/getStatsEventsByDrips`, {
      query: query(p),
      headers: {
        ...cacheHeader,
        [RESULT_GROUP_BY_HEADER]: `type:${families.join(',')}`,
        [WITH_FORMULAS_HEADER]: 'false',
      },
      signal,
    }),
    schemas,
    'statsEventsResponseSchema',
  );
  return Array.isArray(body.data) ? {} : body.data;
}

/** getStatsEventsByDrips as a list; `withFormulas` adds subscriber facts and the More Info formulas. */
export async function fetchEvents(p: V1Params, withFormulas: boolean, signal?: AbortSignal): Promise<StatsRow[]> {
  const body = await parseLater(
    api.get<unknown>(`${BASE}/getStatsEventsByDrips`, {
      query: query(p),
      headers: { ...cacheHeader, [WITH_FORMULAS_HEADER]: String(withFormulas) },
      signal,
    }),
    schemas,
    'statsEventsResponseSchema',
  );
  return Array.isArray(body.data) ? body.data : Object.values(body.data).flat();
}

export async function fetchSubscribables(p: V1Params, signal?: AbortSignal): Promise<StatsRow[]> {
  const call = api.get<unknown>(`${BASE}/getStatsBySubscribables`, { query: query(p), headers: cacheHeader, signal });
  return (await parseLater(call, schemas, 'statsRowsResponseSchema')).data;
}

/** getStatsPushErrors; null when the answer holds nothing usable (the screen says 'Invalid response'). */
export async function fetchPushErrors(p: V1Params, signal?: AbortSignal): Promise<StatsRow[] | null> {
  const [raw, { statsRowsResponseSchema }] = await Promise.all([
    api.get<unknown>(`${BASE}/getStatsPushErrors`, { query: query(p), headers: cacheHeader, signal }),
    schemas(),
  ]);
  const parsed = statsRowsResponseSchema.safeParse(raw);
  return parsed.success && parsed.data.data.length > 0 ? parsed.data.data : null;
}

export type BestDrip = z.infer<typeof bestDripsResponse>['data'][number];

/** getTheBestDripRequest: the drip with the best push CTR of the range, or null. */
export async function fetchBestDrip(p: V1Params, signal?: AbortSignal): Promise<BestDrip | null> {
  const call = api.get<unknown>(`${BASE}/getTheBestDripRequest`, { query: query(p), headers: cacheHeader, signal });
  const body = await parseLater(call, schemas, 'bestDripsResponse');
  return body.data[0] ?? null;
}

/** getDashboardTotals: the cards' figures (all time, the last month, the last 7 days) from one server query. */
export async function fetchDashboardTotals(
  p: { timezone: string; domain_ids?: readonly number[] },
  signal?: AbortSignal,
): Promise<DashboardTotals> {
  const query = { timezone: p.timezone, domain_ids: p.domain_ids?.length ? p.domain_ids : undefined };
  const call = api.get<unknown>(`${BASE}/getDashboardTotals`, { query, headers: cacheHeader, signal });
  return (await parseLater(call, schemas, 'dashboardTotalsResponseSchema')).data;
}
