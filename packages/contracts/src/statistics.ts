import { z } from 'zod';
import { STAT_TYPE_FAMILY_NAMES } from './metrics.ts';
import { STATS_LIMITS, STATS_MSG } from './statistics-names.ts';

export {
  CACHE_HEADER,
  RESULT_GROUP_BY_HEADER,
  STATS_CACHE_DEFAULTS,
  STATS_LIMITS,
  STATS_MSG,
  WITH_FORMULAS_HEADER,
} from './statistics-names.ts';

const LIST_KEYS = new Set([
  'domain_ids',
  'drip_ids',
  'website_id',
  'client_id',
  'client_uid',
  'campaign_uid',
  'type',
  'groups',
  'meta',
]);

/** Query strings: `a[]=1&a[]=2` or `a=1,2` → `a: ['1','2']`; an empty value → absent (its default applies). */
export function normaliseStatsParams(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    if (LIST_KEYS.has(name)) {
      const items = [value]
        .flat()
        .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
        .map((v) => (typeof v === 'string' ? v.trim() : v))
        .filter((v) => v !== '' && v !== undefined && v !== null);
      out[name] = [...((out[name] as unknown[]) ?? []), ...items];
    } else if (value !== '' && value !== undefined) out[name] = value;
  }
  return out;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

const requiredDate = z
  .string({ error: STATS_MSG.fieldRequired })
  .trim()
  .min(1, STATS_MSG.fieldRequired)
  .refine(isIsoDate, STATS_MSG.invalidDate);
const timezone = z.string({ error: STATS_MSG.fieldRequired }).trim().min(1, STATS_MSG.fieldRequired).max(64);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const idList = z.array(z.coerce.string().trim().min(1).max(64)).max(STATS_LIMITS.listMax);
const typeFamily = z.enum(STAT_TYPE_FAMILY_NAMES as [string, ...string[]], { error: STATS_MSG.unknownType });

export const STATS_V1_TRUNCS = ['hour', 'day', 'week', 'month', 'millennium'] as const;
export const STATS_V1_GROUPS = ['website_id', 'type', 'drip_id', 'client_id'] as const;
export type StatsV1Group = (typeof STATS_V1_GROUPS)[number];

/** Parameters of every v1 statistics call (query string; the body too for getStatsPushErrors). */
export const statsV1QuerySchema = z.preprocess(
  normaliseStatsParams,
  z.object({
    date_start: requiredDate,
    date_finish: requiredDate,
    date_trunc: z.enum(STATS_V1_TRUNCS).default('day'),
    domain_ids: idList.default([]),
    /** Only these drips' facts (getStatsEventsByDrips, getStatsPushErrors): a drip's own chart. */
    drip_ids: z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(STATS_LIMITS.listMax).default([]),
    group_by: z.enum(STATS_V1_GROUPS, { error: STATS_MSG.unknownGroup }).optional(),
    timezone: timezone.default('UTC'),
    default_group_by: flag.default(false),
    drip_type: typeFamily.optional(),
    order_by: z.enum(['sent', 'delivered', 'clicked', 'push_ctr']).default('clicked'),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  }),
);
export type StatsV1Query = z.infer<typeof statsV1QuerySchema>;

const cell = z.union([z.string(), z.number(), z.null()]);
/** A v1 stats row: the local bucket start `timestamp` ('YYYY-MM-DD HH:MM:SS'), group keys, counters, metrics. */
export const statsRowSchema = z.object({ timestamp: z.string() }).catchall(cell);
export type StatsRow = z.infer<typeof statsRowSchema>;
export const statsRowsResponseSchema = z.object({ data: z.array(statsRowSchema) });
export const statsEventsResponseSchema = z.object({
  data: z.union([z.array(statsRowSchema), z.record(z.string(), z.array(statsRowSchema))]),
});

export const bestDripSchema = z.object({
  drip_id: z.number(),
  domain_id: z.number(),
  website_id: z.string(),
  type: z.string(),
  sent: z.number(),
  delivered: z.number(),
  clicked: z.number(),
  push_ctr: z.number(),
  title: z.string(),
  body: z.string(),
  icon: z.string().nullable(),
  customization: z.unknown(),
});
export const topPushSchema = z.object({
  drip_id: z.number(),
  website_id: z.string(),
  type: z.string(),
  title: z.string(),
  sent: z.number(),
  delivered: z.number(),
  clicked: z.number(),
  push_ctr: z.number(),
  delivery_rate: z.number(),
});
export const logSentSchema = z.object({
  occurrence_id: z.number(),
  drip_id: z.number(),
  website_id: z.string(),
  type: z.string(),
  due_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.string(),
  targeted: z.number(),
  sent: z.number(),
  delivered: z.number(),
  clicked: z.number(),
});
export const logCronSchema = z.object({
  occurrence_id: z.number(),
  schedule_id: z.number().nullable(),
  drip_id: z.number(),
  website_id: z.string(),
  type: z.string(),
  due_at: z.string(),
  status: z.string(),
  batches: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

// ---- v2 ----

export const EXPLORER_TRUNCS = ['day', 'month', 'year'] as const;
export const EXPLORER_DIMENSIONS = ['website_id', 'client', 'date', 'type', 'drip_id'] as const;
export type ExplorerDimension = (typeof EXPLORER_DIMENSIONS)[number];

const columnName = z.string().trim().min(1).max(64);
export const statsColumnsSchema = z
  .object({
    map: z.record(columnName, columnName).default({}),
    exclude: z.array(columnName).max(100).default([]),
    include: z.array(columnName).max(100).default([]),
    expand: z.array(columnName).max(100).default([]),
  })
  .default({ map: {}, exclude: [], include: [], expand: [] });
export type StatsColumns = z.infer<typeof statsColumnsSchema>;

const orders = z
  .array(z.record(columnName, z.enum(['ASC', 'DESC', 'asc', 'desc'])))
  .max(10)
  .default([]);

const explorerGroup = z.enum([...EXPLORER_DIMENSIONS, 'timestamp'], { error: STATS_MSG.unknownGroup });

export const dataExplorerBodySchema = z.object({
  timezone,
  date_trunc: z.enum(EXPLORER_TRUNCS, { error: STATS_MSG.fieldRequired }),
  columns: statsColumnsSchema,
  filters: z.object(
    {
      date_start: requiredDate,
      date_end: requiredDate,
      website_id: idList.default([]),
      type: z.array(typeFamily).max(10).default([]),
      client_id: idList.default([]),
    },
    { error: STATS_MSG.fieldRequired },
  ),
  orders,
  groups: z.array(explorerGroup, { error: STATS_MSG.fieldRequired }).min(1, STATS_MSG.fieldRequired).max(5),
});
export type DataExplorerBody = z.infer<typeof dataExplorerBodySchema>;

export const SERVER_PERFORMANCE_DIMENSIONS = ['campaign_uid', 'client_uid', 'date', 'type'] as const;
export type ServerPerformanceDimension = (typeof SERVER_PERFORMANCE_DIMENSIONS)[number];

export const serverPerformanceBodySchema = z.object({
  timezone,
  date_trunc: z.enum(['hour', 'day'], { error: STATS_MSG.fieldRequired }),
  columns: statsColumnsSchema,
  filters: z.object(
    {
      date_start: requiredDate,
      date_end: requiredDate,
      campaign_uid: idList.default([]),
      type: z.array(typeFamily).max(10).default([]),
      client_uid: idList.default([]),
    },
    { error: STATS_MSG.fieldRequired },
  ),
  orders,
  groups: z
    .array(z.enum(SERVER_PERFORMANCE_DIMENSIONS, { error: STATS_MSG.unknownGroup }))
    .min(1, STATS_MSG.fieldRequired)
    .default([...SERVER_PERFORMANCE_DIMENSIONS]),
});
export type ServerPerformanceBody = z.infer<typeof serverPerformanceBodySchema>;

/** Top clients / domains by sent recurring or welcome pushes (Performance report). */
export const topStatsBodySchema = z.object({
  timezone,
  date_trunc: z.enum(EXPLORER_TRUNCS, { error: STATS_MSG.fieldRequired }),
  columns: statsColumnsSchema,
  filters: z.object(
    {
      date_start: requiredDate,
      date_end: requiredDate,
      website_id: idList.default([]),
      client_id: idList.default([]),
    },
    { error: STATS_MSG.fieldRequired },
  ),
  orders,
  groups: z
    .array(z.enum(['timestamp', 'date'], { error: STATS_MSG.unknownGroup }))
    .max(1)
    .default([]),
});
export type TopStatsBody = z.infer<typeof topStatsBodySchema>;

/** v2 query parameters: paging, meta[]=total, cache minutes, the file flag (exports belong to the files module). */
export const statsV2QuerySchema = (defaults: { pageLength: number; paginate: boolean }) =>
  z.preprocess(
    normaliseStatsParams,
    z.object({
      paginate: flag.default(defaults.paginate),
      pageLength: z.coerce.number().int().min(1).max(STATS_LIMITS.maxPageLength).default(defaults.pageLength),
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      meta: z.array(z.enum(['total', 'totals'])).default([]),
      cache: z.coerce.number().int().min(0).max(1440).optional(),
      file: flag.default(false),
    }),
  );
export type StatsV2Query = z.infer<ReturnType<typeof statsV2QuerySchema>>;

export const statsTableRowSchema = z.record(z.string(), cell);
export type StatsTableRow = z.infer<typeof statsTableRowSchema>;
export const statsTableResponseSchema = z.object({
  data: z.array(statsTableRowSchema),
  meta: z.object({ total: z.number().int(), totals: statsTableRowSchema }),
});
export type StatsTableResponse = z.infer<typeof statsTableResponseSchema>;

/** Local calendar dates 'YYYY-MM-DD' moved by whole days (UTC arithmetic on dates, no zone involved). */
function shiftIsoDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** One calendar month earlier, the day clamped to that month's length (03-31 → 02-28). */
function previousMonthIso(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * The dashboard cards' windows, as local dates in the request's zone, all ending today (docs/metrics.md):
 * "This week" = the last 7 days (today − 6 … today), "This month" = the last month (the day after the same date a
 * month ago … today), "Total" = every stored fact up to today. Week ⊆ month ⊆ total, so the figures never disagree.
 */
export function dashboardWindows(today: string): { today: string; weekStart: string; monthStart: string } {
  return { today, weekStart: shiftIsoDays(today, -6), monthStart: shiftIsoDays(previousMonthIso(today), 1) };
}

/** getDashboardTotals: the zone and the websites (empty = every website in scope). */
export const dashboardTotalsQuerySchema = z.preprocess(
  normaliseStatsParams,
  z.object({ timezone: timezone.default('UTC'), domain_ids: idList.default([]) }),
);
export type DashboardTotalsQuery = z.infer<typeof dashboardTotalsQuerySchema>;

const dripFigures = z.object({ sent: z.number(), delivered: z.number(), clicked: z.number() });
/** The cards' figures over one window: drip events of the two card families and subscriber events. */
export const dashboardFiguresSchema = z.object({
  recurring: dripFigures,
  welcome: dripFigures,
  subscribed: z.number(),
  unsubscribed: z.number(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;
export const DASHBOARD_WINDOW_NAMES = ['total', 'month', 'week'] as const;
export const dashboardTotalsSchema = z.object({
  today: z.string(),
  week_start: z.string(),
  month_start: z.string(),
  total: dashboardFiguresSchema,
  month: dashboardFiguresSchema,
  week: dashboardFiguresSchema,
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;
export const dashboardTotalsResponseSchema = z.object({ data: dashboardTotalsSchema });
