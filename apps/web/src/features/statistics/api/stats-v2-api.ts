import {
  type dataExplorerBodySchema,
  STATS_CACHE_DEFAULTS,
  type StatsTableResponse,
  type serverPerformanceBodySchema,
  statsTableResponseSchema,
  type topStatsBodySchema,
} from '@pushdeck/contracts';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { CLIENT_HEADER_ALL } from './client-header';

export type DataExplorerRequest = z.input<typeof dataExplorerBodySchema>;
export type ServerPerformanceRequest = z.input<typeof serverPerformanceBodySchema>;
export type TopStatsRequest = z.input<typeof topStatsBodySchema>;

export interface Paging {
  page: number;
  pageLength: number;
  /** false: every matching row in one answer (exports). */
  paginate: boolean;
}

export interface V2Options {
  /** Staff filtering by clients themselves: no acting-client header, so every client is in scope. */
  allClients?: boolean;
  signal?: AbortSignal;
}

const BASE = '/v2/statistics';

async function post(path: string, body: unknown, paging: Paging, cache: number, o: V2Options) {
  const raw = await api.post<unknown>(`${BASE}/${path}`, {
    body,
    query: { paginate: paging.paginate, pageLength: paging.pageLength, page: paging.page, meta: ['total'], cache },
    headers: o.allClients ? CLIENT_HEADER_ALL : undefined,
    signal: o.signal,
  });
  return statsTableResponseSchema.parse(raw);
}

export function fetchDataExplorer(
  body: DataExplorerRequest,
  paging: Paging,
  o: V2Options = {},
): Promise<StatsTableResponse> {
  return post('getDataExplorer', body, paging, STATS_CACHE_DEFAULTS.explorerMinutes, o);
}

export function fetchServerPerformance(
  body: ServerPerformanceRequest,
  paging: Paging,
  o: V2Options = {},
): Promise<StatsTableResponse> {
  return post('getServerPerformancePage', body, paging, STATS_CACHE_DEFAULTS.serverPerfMinutes, o);
}

export const TOP_TABLES = {
  domainsWelcome: 'getTopDomainsBySentWelcomePushes',
  domainsRecurring: 'getTopDomainsBySentRecurringPushes',
  clientsWelcome: 'getTopClientsByWelcomePushSent',
  clientsRecurring: 'getTopClientsByRecurringSentPush',
} as const;
export type TopTable = keyof typeof TOP_TABLES;

export function fetchTopStats(
  table: TopTable,
  body: TopStatsRequest,
  paging: Paging,
  o: V2Options = {},
): Promise<StatsTableResponse> {
  return post(TOP_TABLES[table], body, paging, STATS_CACHE_DEFAULTS.topMinutes, o);
}

/**
 * The same call with the `file` flag (issue #14): the server starts an export job of every matching row, in the
 * request's order and zone ('With Totals' adds the totals row), and answers the file's path.
 */
export function startV2Export(
  path: 'getDataExplorer' | 'getServerPerformancePage' | (typeof TOP_TABLES)[TopTable],
  body: unknown,
  o: V2Options & { withTotals?: boolean } = {},
): Promise<unknown> {
  return api.post<unknown>(`${BASE}/${path}`, {
    body,
    query: { file: true, meta: o.withTotals ? ['total', 'totals'] : ['total'] },
    headers: o.allClients ? CLIENT_HEADER_ALL : undefined,
    signal: o.signal,
  });
}
