import { ACTIVE_WINDOW_HOURS } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { familySql, type StatsScope, scopeSql } from './stats-sql.ts';

/** A "last 3 days" window: one website (or the whole scope), one type family (or all), ending at `end`. */
export interface ActiveWindow {
  domainId: number | null;
  family: string | null;
  end: Date;
}

export interface ActiveCount {
  /** Distinct subscribers with a push delivered in the window. */
  active: number;
  /** Distinct (subscriber, UTC hour) pairs with a delivery in the window. */
  subscriberHours: number;
}

const CHUNK = 500;

/** Reads the send ledger's deliveries for the server performance "active subscribers" columns. */
export class ActiveSubscribersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async count(scope: StatsScope, rawTypes: readonly string[] | null, windows: readonly ActiveWindow[]) {
    const out: ActiveCount[] = [];
    for (let i = 0; i < windows.length; i += CHUNK)
      out.push(...(await this.chunk(scope, rawTypes, windows.slice(i, i + CHUNK))));
    return out;
  }

  private async chunk(scope: StatsScope, rawTypes: readonly string[] | null, windows: readonly ActiveWindow[]) {
    if (windows.length === 0) return [];
    const values = windows.map(
      (w, i) => sql`(${i}::int, ${w.domainId}::int, ${w.family}::text, ${w.end.toISOString()}::timestamptz)`,
    );
    const types =
      rawTypes === null ? sql`true` : rawTypes.length ? sql`l.type in (${sql.join([...rawTypes])})` : sql`false`;
    const { rows } = await sql<{ idx: number; active: number; hours: number }>`
      select w.idx, a.active, a.hours
      from (values ${sql.join(values)}) as w(idx, domain_id, family, e)
      cross join lateral (
        select count(distinct l.subscriber_id)::float8 as active,
          count(distinct l.subscriber_id::text || '|'
            || extract(epoch from date_trunc('hour', l.delivered_at at time zone 'UTC'))::bigint::text)::float8 as hours
        from send_ledger l
        where l.delivered_at is not null
          and l.delivered_at >= w.e - ${sql.lit(`${ACTIVE_WINDOW_HOURS} hours`)}::interval and l.delivered_at < w.e
          and (w.domain_id is null or l.domain_id = w.domain_id)
          and (w.family is null or ${familySql(sql`l.type`)} = w.family)
          and ${scopeSql(scope, 'l')} and ${types}
      ) a
      order by w.idx`.execute(this.db);
    const byIdx = new Map(rows.map((r) => [Number(r.idx), r]));
    return windows.map((_, i) => ({
      active: Number(byIdx.get(i)?.active ?? 0),
      subscriberHours: Number(byIdx.get(i)?.hours ?? 0),
    }));
  }
}
