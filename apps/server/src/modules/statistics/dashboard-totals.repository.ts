import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { familySql, rawTypesOf, type StatsScope, scopeSql } from './stats-sql.ts';

/** The counters the dashboard cards show. */
export const CARD_COUNTERS = ['sent', 'delivered', 'clicked', 'subscribed', 'unsubscribed'] as const;
export type CardCounter = (typeof CARD_COUNTERS)[number];
export type CardWindow = 'total' | 'month' | 'week';
export type CardSums = Record<CardWindow, Record<CardCounter, number>>;

/** UTC instants bounding the windows: an hour counts when it starts at or after a start and before `end`. */
export interface CardBounds {
  monthStart: Date;
  weekStart: Date;
  end: Date;
}

/** The families on the cards; '' = subscriber events (subscribed, unsubscribed). */
const CARD_FAMILIES = ['recurring', 'welcome'] as const;

/**
 * The dashboard cards' sums (docs/metrics.md, "Dashboard cards"): one pass over the coarsest rollup table that
 * answers (per client, or per website when websites are named), every window summed from the same rows, so
 * total ≥ this month ≥ this week holds by construction.
 */
export class DashboardTotalsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async sums(scope: StatsScope, bounds: CardBounds): Promise<Map<string, CardSums>> {
    const table = sql.table(scope.domainIds === null ? 'stats_hourly_client' : 'stats_hourly_website');
    const types = ['', ...(rawTypesOf([...CARD_FAMILIES]) ?? [])];
    const sums = CARD_COUNTERS.flatMap((c) => {
      const col = sql.ref(`s.${c}`);
      return [
        sql`coalesce(sum(${col}), 0)::float8 as ${sql.ref(`total_${c}`)}`,
        sql`coalesce(sum(${col}) filter (where s.hour >= ${bounds.monthStart}), 0)::float8 as ${sql.ref(`month_${c}`)}`,
        sql`coalesce(sum(${col}) filter (where s.hour >= ${bounds.weekStart}), 0)::float8 as ${sql.ref(`week_${c}`)}`,
      ];
    });
    const { rows } = await sql<Record<string, number | string>>`
      select ${familySql(sql`s.type`)} as family, ${sql.join(sums)}
      from ${table} s
      where ${scopeSql(scope, 's')} and s.hour < ${bounds.end} and s.type in (${sql.join(types)})
      group by 1`.execute(this.db);
    const out = new Map<string, CardSums>();
    for (const r of rows) {
      const window = (w: CardWindow) =>
        Object.fromEntries(CARD_COUNTERS.map((c) => [c, Number(r[`${w}_${c}`] ?? 0)])) as Record<CardCounter, number>;
      out.set(String(r.family), { total: window('total'), month: window('month'), week: window('week') });
    }
    return out;
  }
}
