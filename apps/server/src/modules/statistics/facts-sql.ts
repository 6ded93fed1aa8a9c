/**
 * The SQL of the statistics queries (facts.repository.ts runs them): the range's hours in the requested zone, the
 * fact streams (rollups at the coarsest table that answers, leavers, occurrences), their grouping and drip counts.
 */
import { RATIO_METRICS, type RatioMetricName, STAT_COUNTER_NAMES } from '@pushdeck/contracts';
import { type RawBuilder, sql } from 'kysely';
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
  /** Only the rollup rows of these drips (a drip's own chart); read from the fine rows. */
  dripIds?: readonly number[];
  /** Add the subscribers who left as facts of type '' and drip 0 (patience). */
  leavers?: boolean;
  /** Add scheduled occurrences as facts with setup = 1 (server performance). */
  occurrences?: boolean;
  dims: readonly FactDimension[];
  /** Count distinct drip-days and drip-hours (DRIP_COUNTS, in `extra` of rows and totals; server performance). */
  dripCounts?: boolean;
  /** Sort keys: a dimension, a counter, a ratio metric, avg_patient_days, a drip count or a given expression. */
  order?: readonly { key: string; dir: 'asc' | 'desc' }[];
  orderExpressions?: Readonly<Record<string, RawBuilder<unknown>>>;
  limit?: number;
  offset?: number;
}

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
 * Distinct (drip, local day) and (drip, UTC hour) pairs: set up (an occurrence due, setup = 1, or a rollup row of the
 * drip with an attempted push) and with sends (a rollup row with sent > 0 of a drip), and the last UTC hour (epoch seconds) of a group's facts. See docs/metrics.md.
 */
export const DRIP_COUNTS = [
  'count_setup_drips_per_day',
  'count_setup_drips_per_hour',
  'count_drips_per_day_by_sent',
  'count_drips_per_hour_by_sent',
  'last_hour',
] as const;

export const extraNames = (q: FactsQuery): readonly string[] => (q.dripCounts ? DRIP_COUNTS : []);

/**
 * The coarsest rollup table that answers the query exactly (all three hold the same sums, migration 0006): the fine
 * rows when a drip is grouped or drips are counted (server performance), the sums per website when
 * websites are filtered or grouped, else the sums per client.
 */
export function rollupTable(q: FactsQuery): 'stats_hourly' | 'stats_hourly_website' | 'stats_hourly_client' {
  if (q.dims.includes('drip_id') || q.dripCounts || q.dripIds?.length) return 'stats_hourly';
  if (q.scope.domainIds !== null || q.dims.includes('website_id')) return 'stats_hourly_website';
  return 'stats_hourly_client';
}

/** A query of one website's sums per type and hour (stats_hourly_website): a website dashboard, More Info, Compare. */
const oneWebsite = (q: FactsQuery) => rollupTable(q) === 'stats_hourly_website' && q.scope.domainIds?.length === 1;

/**
 * Pushes a drip attempted in a rollup row (every attempt ends in exactly one of these; error_404 is part of
 * deactivated). A drip that attempted pushes in an hour was set up then, even without an occurrence due in that hour:
 * a welcome schedule has one occurrence (due when the schedule was made) and sends as visitors subscribe.
 */
const targeted = sql`(s.sent + s.deactivated + s.error_401 + s.error_403 + s.error_413 + s.error_429 + s.error_x)`;

/** One bit per UTC hour (epoch hour mod 64) of a drip-count mask; see dripCountSteps. */
const hourBit = (hour: RawBuilder<unknown>) => sql`(1::int8 << ((extract(epoch from ${hour})::int8 / 3600) % 64)::int)`;
const noMasks = sql`null::int8 as sent_mask, null::int8 as setup_mask`;

/**
 * The rollup rows of the range, with their bucket. The rows are summed right at the scan: per UTC hour when the
 * groups are only dates and types (dashboards: few groups, summed in parallel workers), per bucket and website /
 * client / drip otherwise (Data Explorer, top tables: one group per bucket instead of per hour; the hours join as a
 * subquery, which `offset 0` keeps from converting per row and which, unlike a CTE, parallel workers may read), and
 * for drip counts per bucket, local day and drip, with the drip's hours with sends as a mask. See bench/stats.
 */
function rollupStream(q: FactsQuery): RawBuilder<unknown> {
  const { lo, hi } = q.range;
  const table = sql.table(rollupTable(q));
  const drips = q.dripIds?.length ? sql` and s.drip_id in (${sql.join([...q.dripIds])})` : sql``;
  const where = sql`s.hour >= ${lo} and s.hour < ${hi} and ${scopeSql(q.scope, 's')} and ${typeFilter(q, sql`s.type`)}${drips}`;
  const tail = sql`0::float8 as patience_days, 0 as leavers, 0 as setup`;
  const keyed = (dim: FactDimension, column: string, as: string, none: RawBuilder<unknown>) =>
    q.dims.includes(dim) || (dim === 'drip_id' && q.dripCounts)
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
  if (q.dripCounts) {
    return sql`select ${sql.join(keys.map((k) => k.select))}, max(s.hour) as hour, b.bucket, b.local_day,
      true as in_range, ${sql.join(sums)}, ${tail},
      bit_or(${hourBit(sql`s.hour`)}) filter (where s.sent > 0 and s.drip_id <> 0) as sent_mask,
      bit_or(${hourBit(sql`s.hour`)}) filter (where ${targeted} > 0 and s.drip_id <> 0) as setup_mask
      from ${table} s join (${hoursSelect(q)} offset 0) as b on b.hour = s.hour where ${where}
      group by ${sql.join([sql`b.bucket`, sql`b.local_day`, ...groups])}`;
  }
  if (q.dims.some((d) => WIDE.includes(d))) {
    return sql`select ${sql.join(keys.map((k) => k.select))}, null::timestamptz as hour, b.bucket,
      null::date as local_day, true as in_range, ${sql.join(sums)}, ${tail}, ${noMasks}
      from ${table} s join (${hoursSelect(q)} offset 0) as b on b.hour = s.hour where ${where}
      group by ${sql.join([sql`b.bucket`, ...groups])}`;
  }
  if (oneWebsite(q)) {
    // one website's rows are already one per type and hour: summing them per hour first would only sort them
    const type = q.dims.includes('type') ? sql`s.type` : sql`null::text`;
    return sql`select null::int as domain_id, null::int as client_id, null::int as drip_id, ${type} as raw_type,
      s.hour, b.bucket, b.local_day, b.in_range, ${counterList('s')}, ${tail}, ${noMasks}
      from ${table} s join b on b.hour = s.hour where ${where}`;
  }
  const type = q.dims.includes('type') ? sql`s.raw_type` : sql`null::text`;
  return sql`select null::int as domain_id, null::int as client_id, null::int as drip_id, ${type} as raw_type,
      s.hour, b.bucket, b.local_day, b.in_range, ${counterList('s')}, ${tail}, ${noMasks}
    from (select ${sql.join(keys.map((k) => k.select))}, s.hour, ${sql.join(sums)} from ${table} s where ${where}
      group by ${sql.join([sql`s.hour`, ...groups])}) as s join b on b.hour = s.hour`;
}

function streams(q: FactsQuery): RawBuilder<unknown> {
  const { lo, hi } = q.range;
  const parts = [rollupStream(q)];
  if (q.leavers) {
    parts.push(sql`select sb.domain_id, sb.client_id, 0, '', b.hour, b.bucket, b.local_day, b.in_range, ${zeros},
      greatest(0, extract(epoch from ${leftAt} - sb.created_at))::float8 / 86400, 1, 0, null::int8, null::int8
      from subscribers sb join b on b.hour = ${utcHour(leftAt)}
      where (sb.unsubscribed_at is not null or sb.deactivated_at is not null)
      and ${leftAt} >= ${lo} and ${leftAt} < ${hi} and ${scopeSql(q.scope, 'sb')} and ${typeFilter(q, sql`''`)}`);
  }
  if (q.occurrences) {
    parts.push(sql`select o.domain_id, o.client_id, o.drip_id, o.type, b.hour, b.bucket, b.local_day, b.in_range,
      ${zeros},
      0::float8, 0, 1, null::int8, ${hourBit(sql`b.hour`)}
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
      u.bucket, u.local_day, ${counterList('u')}, u.patience_days, u.leavers, u.setup,
      u.sent_mask, u.setup_mask
    from (${streams(q)}) as u where u.in_range
  )`;
}

export const SUMMED = [...STAT_COUNTER_NAMES, 'patience_days', 'leavers'];

export const DIM_COLUMN: Record<FactDimension, string> = {
  date: 'bucket',
  website_id: 'domain_id',
  client: 'client_id',
  type: 'type',
  drip_id: 'drip_id',
};

export function aggregates(): RawBuilder<unknown> {
  const sums = [...STAT_COUNTER_NAMES, 'patience_days', 'leavers'].map(
    (c) => sql`sum(${sql.ref(`f.${c}`)})::float8 as ${sql.ref(c)}`,
  );
  return sql.join(sums);
}

/**
 * Grouped facts with drip counts, without `count(distinct …)` over millions of fact rows (bench/stats). Every fact
 * carries its UTC hour as one bit of a mask, bit = epoch hour mod 64: `setup_mask` for an occurrence or a drip's rollup
 * row with an attempted push, `sent_mask`
 * for a drip's rollup row with sent > 0 (the rollup stream ORs them per bucket, local day and drip at the scan).
 * Step `gd`: per group, drip and local day, the counters and the masks ORed. A local day spans at most 25
 * consecutive UTC hours (a fall-back day), so its hours never share a bit, and a drip's distinct hours are the set
 * bits, whatever the number of rows (raw types, occurrences) per hour. Then per group (`g`): a drip-day counts once
 * per `gd` row with a bit set, a drip-hour once per bit. The totals (`t`) OR the masks per drip and day over all
 * groups, so a drip-day in two groups (two type families) counts once there, as `count(distinct …)` would.
 */
function dripCountSteps(dims: readonly FactDimension[]): RawBuilder<unknown> {
  const cols = dims.map((d) => sql.ref(DIM_COLUMN[d]));
  const lead = cols.length ? sql`${sql.join(cols)},` : sql``;
  const bits = (mask: string) => sql`coalesce(sum(bit_count(${sql.ref(mask)}::bit(64))), 0)::float8`;
  const days = (mask: string) => sql`count(${sql.ref(mask)})::float8`;
  const counts = sql`${days('setup_mask')} as count_setup_drips_per_day, ${bits('setup_mask')} as count_setup_drips_per_hour,
    ${days('sent_mask')} as count_drips_per_day_by_sent, ${bits('sent_mask')} as count_drips_per_hour_by_sent,
    max(extract(epoch from last_hour))::float8 as last_hour`;
  const total = (expr: (c: string) => RawBuilder<unknown>) =>
    sql.join(SUMMED.map((c) => sql`${expr(c)} as ${sql.ref(c)}`));
  return sql`gd as materialized (select ${lead} drip_id, local_day, ${total((c) => sql`sum(${sql.ref(c)})`)},
      max(hour) as last_hour, bit_or(setup_mask) as setup_mask, bit_or(sent_mask) as sent_mask
    from f group by ${sql.join([...cols, sql`drip_id, local_day`])}),
  g as (select ${lead} ${total((c) => sql`sum(${sql.ref(c)})::float8`)}, ${counts}
    from gd ${cols.length ? sql`group by ${sql.join(cols)}` : sql``}),
  t as (select ${total((c) => sql`sum(${sql.ref(c)})::float8`)}, ${counts}
    from (select drip_id, local_day, ${total((c) => sql`sum(${sql.ref(c)})`)}, max(last_hour) as last_hour,
      bit_or(setup_mask) as setup_mask, bit_or(sent_mask) as sent_mask from gd group by drip_id, local_day) as td)`;
}

export function withClause(q: FactsQuery): RawBuilder<unknown> {
  if (q.dripCounts) return sql`with ${factsCte(q)}, ${dripCountSteps(q.dims)}`;
  const dims = q.dims.map((d) => sql.ref(`f.${DIM_COLUMN[d]}`));
  const groupBy = dims.length ? sql`group by ${sql.join(dims)}` : sql``;
  const dimSelect = dims.length ? sql`${sql.join(dims)},` : sql``;
  return sql`with ${factsCte(q)}, g as (select ${dimSelect} ${aggregates()} from f ${groupBy})`;
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

export function orderExpr(q: FactsQuery, key: string): RawBuilder<unknown> {
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
  if ((STAT_COUNTER_NAMES as readonly string[]).includes(key) || extraNames(q).includes(key))
    return sql.ref(`g.${key}`);
  throw new Error(`Unsortable key ${key}`);
}
