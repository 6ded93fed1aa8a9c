/** The timed calls: what the dashboards, the Data Explorer and Server Performance ask, as HTTP requests. */
import { CACHE_HEADER, CLIENT_HEADER, RESULT_GROUP_BY_HEADER, WITH_FORMULAS_HEADER } from '@pushdeck/contracts';

export type Actor = 'client' | 'moder';

export interface Case {
  label: string;
  /** p95 goal (issue 7): 150 ms for dashboard calls, 1 s for the pivot (and Server Performance). */
  goalMs: number;
  as: Actor;
  /** Timed calls on the rollups when fewer than BENCH_RUNS (a slow call). */
  runs?: number;
  /** Asked of the raw events too (they hold the facts of client@'s websites only). */
  raw: boolean;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  headers: Record<string, string>;
  /** The same request with the SPA's cache setting (for the cached figure); none when the call is never cached. */
  cachedUrl?: string;
  cachedHeaders?: Record<string, string>;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => iso(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** Today's local date in `tz` (the server's "today" for the range limits). */
export function localToday(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}
const monthsBack = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
};

const FAMILIES = 'type:recurring,welcome,trigger,instant';

export interface Scope {
  tz: string;
  /** The client@ client's uid (the moderator's `client` header for a one-client pivot). */
  clientUid: string;
  /** One website of client@ (the website dashboard). */
  websiteId: number;
  websites: number;
  clientWebsites: number;
}

export function buildCases(s: Scope): Case[] {
  const today = localToday(s.tz);
  const week: [string, string] = [addDays(today, -7), addDays(today, -1)];
  const twoMonths: [string, string] = [monthsBack(today, 2), today];
  const v1 = (
    label: string,
    op: string,
    range: [string, string],
    trunc: string,
    opts: { website?: boolean; families?: boolean } = {},
  ): Case => {
    const q = new URLSearchParams({ date_start: range[0], date_finish: range[1], date_trunc: trunc, timezone: s.tz });
    if (opts.website) q.append('domain_ids[]', String(s.websiteId));
    const extra: Record<string, string> = opts.families
      ? { [RESULT_GROUP_BY_HEADER]: FAMILIES, [WITH_FORMULAS_HEADER]: 'false' }
      : {};
    const scope = opts.website ? 'website dashboard' : `dashboard (${s.clientWebsites} websites)`;
    return {
      label: `${scope}: ${label}`,
      goalMs: 150,
      as: 'client',
      raw: true,
      method: 'GET',
      url: `/api/v1/statistics/${op}?${q}`,
      headers: { ...extra, [CACHE_HEADER]: '0' },
      cachedHeaders: { ...extra, [CACHE_HEADER]: '3600' },
    };
  };
  /** The three cards (all time, the last month, the last 7 days) in one call, as the dashboards ask since issue 19. */
  const cards = (website: boolean): Case => {
    const q = new URLSearchParams({ timezone: s.tz });
    if (website) q.append('domain_ids[]', String(s.websiteId));
    const scope = website ? 'website dashboard' : `dashboard (${s.clientWebsites} websites)`;
    return {
      label: `${scope}: the cards (all time, last month, last 7 days)`,
      goalMs: 150,
      as: 'client',
      raw: true,
      method: 'GET',
      url: `/api/v1/statistics/getDashboardTotals?${q}`,
      headers: { [CACHE_HEADER]: '0' },
      cachedHeaders: { [CACHE_HEADER]: '3600' },
    };
  };
  const dashboard = (website: boolean) => [
    v1('events by family, 7 days by day', 'getStatsEventsByDrips', week, 'day', { website, families: true }),
    v1('subscribers, 7 days by day', 'getStatsBySubscribables', week, 'day', { website }),
    v1('push errors, 7 days by day', 'getStatsPushErrors', week, 'day', { website }),
    cards(website),
    v1('events by family, 2 months by day', 'getStatsEventsByDrips', twoMonths, 'day', { website, families: true }),
    ...(website
      ? [v1('subscribers, 2 months by hour', 'getStatsBySubscribables', twoMonths, 'hour', { website })]
      : []),
  ];
  const v2 = (label: string, op: string, body: object, goalMs: number, cacheMinutes: number, client?: string): Case => {
    const paging = 'paginate=true&pageLength=50&page=1&meta[]=total';
    const headers: Record<string, string> = { [CLIENT_HEADER]: client ?? '' };
    return {
      label,
      goalMs,
      as: 'moder',
      raw: client !== undefined,
      method: 'POST',
      url: `/api/v2/statistics/${op}?${paging}&cache=0`,
      body,
      headers,
      ...(cacheMinutes > 0 ? { cachedUrl: `/api/v2/statistics/${op}?${paging}&cache=${cacheMinutes}` } : {}),
    };
  };
  const explorer = (range: [string, string]) => ({
    timezone: s.tz,
    date_trunc: 'day',
    filters: { date_start: range[0], date_end: range[1] },
    groups: ['website_id', 'date'],
  });
  const all = `${s.websites} websites`;
  const mine = `${s.clientWebsites} websites`;
  const serverPerformance = { timezone: s.tz, date_trunc: 'day', filters: { date_start: week[0], date_end: week[1] } };
  return [
    ...dashboard(false),
    ...dashboard(true),
    v2(`Data Explorer website × day + totals, ${all}, 7 days`, 'getDataExplorer', explorer(week), 1000, 10),
    v2(
      `Data Explorer website × day + totals, ${mine}, 7 days`,
      'getDataExplorer',
      explorer(week),
      1000,
      10,
      s.clientUid,
    ),
    v2(
      `Data Explorer website × day + totals, ${mine}, 2 months`,
      'getDataExplorer',
      explorer(twoMonths),
      1000,
      10,
      s.clientUid,
    ),
    {
      ...v2(`Server Performance, ${all}, 7 days by day`, 'getServerPerformancePage', serverPerformance, 1000, 0),
      runs: 5,
    },
    v2(
      `Server Performance, ${mine}, 7 days by day`,
      'getServerPerformancePage',
      serverPerformance,
      1000,
      0,
      s.clientUid,
    ),
  ];
}
