import { type DripStats, pushCtr } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopeToActor } from '../../lib/tenancy.ts';
import type { Actor } from '../../plugins/types.ts';
import type { DripRecord } from './drips.repository.ts';

const NONE: DripStats = { sent: 0, delivered: 0, clicked: 0, push_ctr: 0 };

/**
 * All-time sent, delivered and clicked per drip, summed from the hourly rollups (`stats_hourly`, the only table
 * that keeps drips apart) in ONE query for the whole list: each drip's rows are read through the rollups' primary
 * key (domain_id, drip_id, type, hour). Drips outside the actor's client are never read.
 */
export async function dripStatsOf(
  db: Kysely<DB>,
  actor: Actor,
  ids: readonly number[],
): Promise<Map<number, DripStats>> {
  if (ids.length === 0) return new Map();
  const rows = await scopeToActor(
    db
      .selectFrom('drips as d')
      .innerJoin('stats_hourly as s', (j) => j.onRef('s.domain_id', '=', 'd.domain_id').onRef('s.drip_id', '=', 'd.id'))
      .select([
        'd.id',
        sql<string>`sum(s.sent)`.as('sent'),
        sql<string>`sum(s.delivered)`.as('delivered'),
        sql<string>`sum(s.clicked)`.as('clicked'),
      ])
      .where('d.id', 'in', [...ids])
      .groupBy('d.id'),
    actor,
    'd.client_id',
  ).execute();
  return new Map(
    rows.map((r) => {
      const c = { sent: Number(r.sent), delivered: Number(r.delivered), clicked: Number(r.clicked) };
      return [r.id, { ...c, push_ctr: pushCtr(c) }];
    }),
  );
}

/** Rows with `stats` (`with[stats]=*`): drips without any rollup row get zeros. */
export async function withStats<T extends Partial<DripRecord>>(
  db: Kysely<DB>,
  actor: Actor,
  rows: T[],
): Promise<(T & { stats: DripStats })[]> {
  const ids = rows.map((r) => r.id).filter((id): id is number => id !== undefined);
  const stats = await dripStatsOf(db, actor, ids);
  return rows.map((r) => ({ ...r, stats: stats.get(r.id ?? 0) ?? NONE }));
}
