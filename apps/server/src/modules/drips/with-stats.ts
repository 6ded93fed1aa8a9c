import type { DripStats } from '@pushdeck/contracts';
import type { Actor } from '../../lib/actor.ts';
import type { DripRecord, DripsRepository } from './drips.repository.ts';

const NONE: DripStats = { sent: 0, delivered: 0, clicked: 0, push_ctr: 0 };

/** Rows with `stats` (`with[stats]=*`), one query for all of them; drips that never sent get zeros. */
export async function withStats<T extends Partial<DripRecord>>(
  drips: DripsRepository,
  actor: Actor,
  rows: T[],
): Promise<(T & { stats: DripStats })[]> {
  const stats = await drips.statsOf(
    actor,
    rows.map((r) => r.id).filter((id): id is number => id !== undefined),
  );
  return rows.map((r) => ({ ...r, stats: stats.get(r.id ?? 0) ?? NONE }));
}
