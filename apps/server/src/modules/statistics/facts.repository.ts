import { STAT_COUNTER_NAMES, STATS_MSG, type StatCounters } from '@pushdeck/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ValidationError } from '../../lib/errors.ts';
import {
  aggregates,
  DIM_COLUMN,
  extraNames,
  type FactDimension,
  type FactsQuery,
  orderExpr,
  SUMMED,
  withClause,
} from './facts-sql.ts';

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

/**
 * work_mem of a drip-counting query. At PostgreSQL's default (4 MB) Server Performance over 1,000 websites × 10 drips
 * × 7 days spilled its per-drip-day aggregate to disk: 2.2 s; 16 MB: 1.5 s, and 32 or 64 MB no faster (bench/stats).
 */
const DRIP_COUNT_WORK_MEM = '16MB';

export class FactsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Runs a statistics query; a zone the database does not know (its tzdata older than ICU's) is a 422. A query that
   * counts drips (Server Performance) groups every drip's hours of the range: it runs in a transaction with
   * DRIP_COUNT_WORK_MEM, so its hash aggregates stay in memory instead of spilling to disk at the server's default.
   */
  private async run(query: RawBuilder<Record<string, unknown>>, q: FactsQuery): Promise<Record<string, unknown>[]> {
    try {
      if (!q.dripCounts) return (await query.execute(this.db)).rows;
      return await this.db.transaction().execute(async (trx) => {
        await sql`set local work_mem = ${sql.lit(DRIP_COUNT_WORK_MEM)}`.execute(trx);
        return (await query.execute(trx)).rows;
      });
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
      sql.join([...SUMMED, ...extraNames(q)].map((c) => sql.ref(`g.${c}`))),
      windowTotals
        ? sql.join([
            sql`count(*) over ()::float8 as t_total`,
            ...SUMMED.map((c) => sql`sum(${sql.ref(`g.${c}`)}) over () as ${sql.ref(`t_${c}`)}`),
            ...extraNames(q).map((c) => sql`${sql.ref(`t.${c}`)} as ${sql.ref(`t_${c}`)}`),
          ])
        : null,
    ].filter((c): c is RawBuilder<unknown> => c !== null);
    const order = [
      ...(q.order ?? []).map((o) => sql`${orderExpr(q, o.key)} ${sql.raw(o.dir === 'desc' ? 'desc' : 'asc')}`),
      ...q.dims.map((d) => sql`${sql.ref(`g.${DIM_COLUMN[d]}`)} asc`),
    ];
    const rows = await this.run(
      sql<Record<string, unknown>>`${withClause(q)}
      select ${sql.join(cols)} from g ${windowTotals && q.dripCounts ? sql`cross join t` : sql``}
      ${has('website_id') ? sql`left join domains d on d.id = g.domain_id` : sql``}
      ${has('client') ? sql`left join clients c on c.id = g.client_id` : sql``}
      ${order.length ? sql`order by ${sql.join(order)}` : sql``}
      ${q.limit !== undefined ? sql`limit ${q.limit}` : sql``} ${q.offset ? sql`offset ${q.offset}` : sql``}`,
      q,
    );
    const first = rows[0];
    const totals =
      windowTotals && first
        ? toTotals(Object.fromEntries([...SUMMED, ...extraNames(q), 'total'].map((c) => [c, first[`t_${c}`]])), q)
        : null;
    return { rows: rows.map((r) => toFactRow(r, q)), totals };
  }

  /**
   * One page of grouped rows with the number of groups and the totals over every matching fact. The totals ride
   * along the page as window sums (one pass over the facts; drip counts from `t`, computed in the same pass); when
   * the page is empty, a second query computes them.
   */
  async page(q: FactsQuery): Promise<{ rows: FactRow[]; totals: FactTotals }> {
    const { rows, totals } = await this.select(q, true);
    return { rows, totals: totals ?? (await this.totals(q)) };
  }

  /** The number of grouped rows and the totals over every matching fact (not only a page). */
  async totals(q: FactsQuery): Promise<FactTotals> {
    if (q.dripCounts) {
      const rows = await this.run(
        sql<Record<string, unknown>>`${withClause(q)}
        select (select count(*) from g)::float8 as total, t.* from t`,
        q,
      );
      return toTotals(rows[0] ?? {}, q);
    }
    const rows = await this.run(
      sql<Record<string, unknown>>`${withClause(q)}
      select (select count(*) from g)::float8 as total, ${aggregates()} from f`,
      q,
    );
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
    extra: Object.fromEntries(extraNames(q).map((k) => [k, num(r[k])])),
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
    extra: Object.fromEntries(extraNames(q).map((k) => [k, num(r[k])])),
  };
}
