import {
  RATIO_METRICS,
  type RatioMetricName,
  STAT_COUNTER_NAMES,
  STATS_MSG,
  type StatCounters,
} from '@pushdeck/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ValidationError } from '../../lib/errors.ts';
import { familySql, type StatsScope, scopeSql } from './stats-sql.ts';
import type { LocalRange } from './time-range.ts';

export type BucketUnit = 'hour' | 'day' | 'week' | 'month' | 'year' | 'millennium';
export type FactDimension = 'date' | 'website_id' | 'client' | 'type' | 'drip_id';

export interface FactsQuery {
  scope: StatsScope;
  range: LocalRange;
  unit: BucketUnit;
  /** Raw rollup types to keep; null keeps every type, '' (subscriber events) included. */
  rawTypes: readonly string[] | null;
  /** Only facts about a drip (type <> ''). */
  dripsOnly?: boolean;
  /** Add the subscribers who left as facts of type '' and drip 0 (patience). */
  leavers?: boolean;
  /** Add scheduled occurrences as facts with setup = 1 (server performance). */
  occurrences?: boolean;
  dims: readonly FactDimension[];
  /** Extra aggregates over the facts `f`, kept in rows and totals. */
  extra?: Readonly<Record<string, RawBuilder<unknown>>>;
  /** Sort keys: a dimension, a counter, a ratio metric, avg_patient_days, an extra aggregate or a given expression. */
  order?: readonly { key: string; dir: 'asc' | 'desc' }[];
  orderExpressions?: Readonly<Record<string, RawBuilder<unknown>>>;
  limit?: number;
  offset?: number;
}

export interface FactRow extends StatCounters {
  date: string | null;
  domain_id: number | null;
  website_id: string | null;
  url: string | null;
  client_id: number | null;
  client: string | null;
  client_uid: string | null;
  type: string | null;
  drip_id: number | null;
  patience_days: number;
  leavers: number;
  extra: Record<string, number>;
}

export interface FactTotals extends StatCounters {
  total: number;
  patience_days: number;
  leavers: number;
  extra: Record<string, number>;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const zeros = sql.raw(STAT_COUNTER_NAMES.map(() => '0').join(', '));
const counterList = (alias: string) => sql.join(STAT_COUNTER_NAMES.map((c) => sql.ref(`${alias}.${c}`)));
const leftAt = sql`least(sb.unsubscribed_at, sb.deactivated_at)`;
const utcHour = (ts: RawBuilder<unknown>) => sql`date_trunc('hour', ${ts} at time zone 'UTC') at time zone 'UTC'`;

/** The kept raw types as a condition on a type expression (null keeps all; drip facts only when asked). */
function typeFilter(q: FactsQuery, type: RawBuilder<unknown>): RawBuilder<unknown> {
  const kept =
    q.rawTypes === null
      ? sql`true`
      : q.rawTypes.length === 0
        ? sql`false`
        : sql`${type} in (${sql.join([...q.rawTypes])})`;
  return q.dripsOnly ? sql`(${kept} and ${type} <> '')` : kept;
}

/**
 * The hours of the range: every UTC hour of the coarse window whose local start falls in the range, with its local
 * bucket and local day. Facts join their hour here, so the zone conversion runs once per hour, never once per fact
 * row: `at time zone` with a named zone costs microseconds per call (bench/stats).
 */
function hoursSelect(q: FactsQuery, all = false): RawBuilder<unknown> {
  const { tz, from, toExclusive, lo, hi } = q.range;
  const bucket = q.unit === 'hour' ? sql`h.local` : sql`date_trunc(${q.unit}, h.local)`;
  const inRange = sql`h.local >= ${from}::timestamp and h.local < ${toExclusive}::timestamp`;
  return sql`select h.hour, ${bucket} as bucket, h.local::date as local_day, ${inRange} as in_range
    from (select g.hour, g.hour at time zone ${tz} as local
      from generate_series(${lo}::timestamptz, ${hi}::timestamptz - interval '1 hour', interval '1 hour') as g(hour)) as h
    ${all ? sql`` : sql`where ${inRange}`}`;
}

const WIDE: readonly FactDimension[] = ['website_id', 'client', 'drip_id'];

/**
 * The rollup rows of the range, with their bucket. Extra aggregates read single drips and hours, so they get the
 * rows as they are. Otherwise the rows are summed right at the scan: per UTC hour when the groups are only dates and
 * types (dashboards: few groups, summed in parallel workers), per bucket and website / client / drip otherwise
 * (Data Explorer, top tables: one group per bucket instead of per hour; the hours join as a subquery, which `offset
 * 0` keeps from converting per row and which, unlike a CTE, parallel workers may read). See bench/stats.
 */
function rollupStream(q: FactsQuery): RawBuilder<unknown> {
  const { lo, hi } = q.range;
  const where = sql`s.hour >= ${lo} and s.hour < ${hi} and ${scopeSql(q.scope, 's')} and ${typeFilter(q, sql`s.type`)}`;
  const tail = sql`0::float8 as patience_days, 0 as leavers, 0 as setup`;
  if (q.extra && Object.keys(q.extra).length > 0) {
    return sql`select s.domain_id, s.client_id, s.drip_id, s.type as raw_type, s.hour, b.bucket, b.local_day,
      b.in_range, ${counterList('s')}, ${tail} from stats_hourly s join b on b.hour = s.hour where ${where}`;
  }
  const keyed = (dim: FactDimension, column: string, as: string, none: RawBuilder<unknown>) =>
    q.dims.includes(dim)
      ? { select: sql`${sql.ref(`s.${column}`)} as ${sql.ref(as)}`, group: [sql.ref(`s.${column}`)] }
      : { select: sql`${none} as ${sql.ref(as)}`, group: [] };
  const keys = [
    keyed('website_id', 'domain_id', 'domain_id', sql`null::int`),
    keyed('client', 'client_id', 'client_id', sql`null::int`),
    keyed('drip_id', 'drip_id', 'drip_id', sql`null::int`),
    keyed('type', 'type', 'raw_type', sql`null::text`),
  ];
  const sums = STAT_COUNTER_NAMES.map((c) => sql`sum(${sql.ref(`s.${c}`)}) as ${sql.ref(c)}`);
  const groups = keys.flatMap((k) => k.group);
  if (q.dims.some((d) => WIDE.includes(d))) {
    return sql`select ${sql.join(keys.map((k) => k.select))}, null::timestamptz as hour, b.bucket,
      null::date as local_day, true as in_range, ${sql.join(sums)}, ${tail}
      from stats_hourly s join (${hoursSelect(q)} offset 0) as b on b.hour = s.hour where ${where}
      group by ${sql.join([sql`b.bucket`, ...groups])}`;
  }
  const type = q.dims.includes('type') ? sql`s.raw_type` : sql`null::text`;
  return sql`select null::int as domain_id, null::int as client_id, null::int as drip_id, ${type} as raw_type,
      s.hour, b.bucket, b.local_day, b.in_range, ${counterList('s')}, ${tail}
    from (select ${sql.join(keys.map((k) => k.select))}, s.hour, ${sql.join(sums)} from stats_hourly s where ${where}
      group by ${sql.join([sql`s.hour`, ...groups])}) as s join b on b.hour = s.hour`;
}

function streams(q: FactsQuery): RawBuilder<unknown> {
  const { lo, hi } = q.range;
  const parts = [rollupStream(q)];
  if (q.leavers) {
    parts.push(sql`select sb.domain_id, sb.client_id, 0, '', b.hour, b.bucket, b.local_day, b.in_range, ${zeros},
      greatest(0, extract(epoch from ${leftAt} - sb.created_at))::float8 / 86400, 1, 0
      from subscribers sb join b on b.hour = ${utcHour(leftAt)}
      where (sb.unsubscribed_at is not null or sb.deactivated_at is not null)
      and ${leftAt} >= ${lo} and ${leftAt} < ${hi} and ${scopeSql(q.scope, 'sb')} and ${typeFilter(q, sql`''`)}`);
  }
  if (q.occurrences) {
    parts.push(sql`select o.domain_id, o.client_id, o.drip_id, o.type, b.hour, b.bucket, b.local_day, b.in_range,
      ${zeros},
      0::float8, 0, 1
      from occurrences o join b on b.hour = ${utcHour(sql`o.due_at`)}
      where o.status <> 'cancelled' and o.due_at >= ${lo} and o.due_at < ${hi}
      and ${scopeSql(q.scope, 'o')} and ${typeFilter(q, sql`o.type`)}`);
  }
  return sql.join(parts, sql` union all `);
}

/** The facts CTE `f`: every kept fact with its local bucket, local day and type family. */
function factsCte(q: FactsQuery): RawBuilder<unknown> {
  return sql`b as materialized (${hoursSelect(q, true)}), f as (
    select u.domain_id, u.client_id, u.drip_id, ${familySql(sql`u.raw_type`)} as type, u.hour,
      u.bucket, u.local_day, ${counterList('u')}, u.patience_days, u.leavers, u.setup
    from (${streams(q)}) as u where u.in_range
  )`;
}

const DIM_COLUMN: Record<FactDimension, string> = {
  date: 'bucket',
  website_id: 'domain_id',
  client: 'client_id',
  type: 'type',
  drip_id: 'drip_id',
};

function aggregates(q: FactsQuery): RawBuilder<unknown> {
  const sums = [...STAT_COUNTER_NAMES, 'patience_days', 'leavers'].map(
    (c) => sql`sum(${sql.ref(`f.${c}`)})::float8 as ${sql.ref(c)}`,
  );
  const extra = Object.entries(q.extra ?? {}).map(([name, expr]) => sql`${expr} as ${sql.ref(name)}`);
  return sql.join([...sums, ...extra]);
}

function withClause(q: FactsQuery): RawBuilder<unknown> {
  const dims = q.dims.map((d) => sql.ref(`f.${DIM_COLUMN[d]}`));
  const groupBy = dims.length ? sql`group by ${sql.join(dims)}` : sql``;
  const dimSelect = dims.length ? sql`${sql.join(dims)},` : sql``;
  return sql`with ${factsCte(q)}, g as (select ${dimSelect} ${aggregates(q)} from f ${groupBy})`;
}

/** SQL of a ratio metric over the grouped sums, exactly as contracts defines it (for sorting). */
export function ratioMetricSql(name: RatioMetricName): RawBuilder<unknown> {
  const m = RATIO_METRICS[name];
  const sum = (names: readonly string[]) =>
    sql.join(
      names.map((n) => sql.ref(`g.${n}`)),
      sql` + `,
    );
  return sql`(case when (${sum(m.denominator)}) = 0 then 0 else (${sum(m.numerator)})::float8 / (${sum(m.denominator)}) * ${sql.lit(m.scale)} end)`;
}

function orderExpr(q: FactsQuery, key: string): RawBuilder<unknown> {
  const dims: Record<string, RawBuilder<unknown>> = {
    date: sql`g.bucket`,
    website_id: sql`d.website_id`,
    url: sql`d.url`,
    client: sql`c.name`,
    client_uid: sql`c.client_uid`,
    client_id: sql`g.client_id`,
    type: sql`g.type`,
    drip_id: sql`g.drip_id`,
  };
  const given = q.orderExpressions?.[key] ?? dims[key];
  if (given) return given;
  if (key in RATIO_METRICS) return ratioMetricSql(key as RatioMetricName);
  if (key === 'avg_patient_days') return sql`(case when g.leavers = 0 then 0 else g.patience_days / g.leavers end)`;
  if ((STAT_COUNTER_NAMES as readonly string[]).includes(key) || key in (q.extra ?? {})) return sql.ref(`g.${key}`);
  throw new Error(`Unsortable key ${key}`);
}

const SUMMED = [...STAT_COUNTER_NAMES, 'patience_days', 'leavers'];

export class FactsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Runs a statistics query; a zone the database does not know (its tzdata older than ICU's) is a 422. */
  private async run(query: RawBuilder<Record<string, unknown>>): Promise<Record<string, unknown>[]> {
    try {
      return (await query.execute(this.db)).rows;
    } catch (err) {
      const e = err as { code?: string; message?: string };
      if (e.code === '22023' && /time zone/i.test(e.message ?? '')) {
        throw new ValidationError({ timezone: [STATS_MSG.invalidTimezone] });
      }
      throw err;
    }
  }

  /** Grouped facts: one row per combination of `dims`, sorted, optionally one page of them. */
  async rows(q: FactsQuery): Promise<FactRow[]> {
    return (await this.select(q, false)).rows;
  }

  private async select(q: FactsQuery, windowTotals: boolean): Promise<{ rows: FactRow[]; totals: FactTotals | null }> {
    const has = (d: FactDimension) => q.dims.includes(d);
    const cols = [
      has('date') ? sql`to_char(g.bucket, 'YYYY-MM-DD HH24:MI:SS') as date` : null,
      has('website_id') ? sql`g.domain_id, d.website_id, d.url` : null,
      has('client') ? sql`g.client_id, c.name as client, c.client_uid` : null,
      has('type') ? sql`g.type` : null,
      has('drip_id') ? sql`g.drip_id` : null,
      sql.join([...SUMMED, ...Object.keys(q.extra ?? {})].map((c) => sql.ref(`g.${c}`))),
      windowTotals
        ? sql.join([
            sql`count(*) over ()::float8 as t_total`,
            ...SUMMED.map((c) => sql`sum(${sql.ref(`g.${c}`)}) over () as ${sql.ref(`t_${c}`)}`),
          ])
        : null,
    ].filter((c): c is RawBuilder<unknown> => c !== null);
    const order = [
      ...(q.order ?? []).map((o) => sql`${orderExpr(q, o.key)} ${sql.raw(o.dir === 'desc' ? 'desc' : 'asc')}`),
      ...q.dims.map((d) => sql`${sql.ref(`g.${DIM_COLUMN[d]}`)} asc`),
    ];
    const rows = await this.run(sql<Record<string, unknown>>`${withClause(q)}
      select ${sql.join(cols)} from g
      ${has('website_id') ? sql`left join domains d on d.id = g.domain_id` : sql``}
      ${has('client') ? sql`left join clients c on c.id = g.client_id` : sql``}
      ${order.length ? sql`order by ${sql.join(order)}` : sql``}
      ${q.limit !== undefined ? sql`limit ${q.limit}` : sql``} ${q.offset ? sql`offset ${q.offset}` : sql``}`);
    const first = rows[0];
    const totals =
      windowTotals && first
        ? toTotals(Object.fromEntries([...SUMMED, 'total'].map((c) => [c, first[`t_${c}`]])), q)
        : null;
    return { rows: rows.map((r) => toFactRow(r, q)), totals };
  }

  /**
   * One page of grouped rows with the number of groups and the totals over every matching fact. Without extra
   * aggregates the totals ride along the page as window sums (one pass over the facts); otherwise, or when the
   * page is empty, a second query computes them.
   */
  async page(q: FactsQuery): Promise<{ rows: FactRow[]; totals: FactTotals }> {
    const simple = Object.keys(q.extra ?? {}).length === 0;
    const { rows, totals } = await this.select(q, simple);
    return { rows, totals: totals ?? (await this.totals(q)) };
  }

  /** The number of grouped rows and the totals over every matching fact (not only a page). */
  async totals(q: FactsQuery): Promise<FactTotals> {
    const rows = await this.run(sql<Record<string, unknown>>`${withClause(q)}
      select (select count(*) from g)::float8 as total, ${aggregates(q)} from f`);
    return toTotals(rows[0] ?? {}, q);
  }
}

function toTotals(r: Record<string, unknown>, q: FactsQuery): FactTotals {
  const counters = Object.fromEntries(STAT_COUNTER_NAMES.map((c) => [c, num(r[c])])) as StatCounters;
  return {
    ...counters,
    total: num(r.total),
    patience_days: num(r.patience_days),
    leavers: num(r.leavers),
    extra: Object.fromEntries(Object.keys(q.extra ?? {}).map((k) => [k, num(r[k])])),
  };
}

function toFactRow(r: Record<string, unknown>, q: FactsQuery): FactRow {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const counters = Object.fromEntries(STAT_COUNTER_NAMES.map((c) => [c, num(r[c])])) as StatCounters;
  return {
    ...counters,
    date: text(r.date),
    domain_id: r.domain_id === undefined ? null : num(r.domain_id),
    website_id: text(r.website_id),
    url: text(r.url),
    client_id: r.client_id === undefined ? null : num(r.client_id),
    client: text(r.client),
    client_uid: text(r.client_uid),
    type: text(r.type),
    drip_id: r.drip_id === undefined ? null : num(r.drip_id),
    patience_days: num(r.patience_days),
    leavers: num(r.leavers),
    extra: Object.fromEntries(Object.keys(q.extra ?? {}).map((k) => [k, num(r[k])])),
  };
}
