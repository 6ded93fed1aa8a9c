/** Test helper: the coarse rollup tables must equal the fine rollups summed (migration 0006, addToRollups). */

import { STAT_COUNTER_NAMES } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CLIENT_SLOTS } from '../modules/stats/rollups.repository.ts';

/**
 * Rows of `stats_hourly_website` and `stats_hourly_client` that differ from `stats_hourly` summed over drips (and
 * websites, per slot), both ways: a missing row, an extra row or a different counter. Empty when they agree.
 */
export async function coarseMismatches(db: Kysely<DB>): Promise<Record<string, unknown>[]> {
  const sums = sql.raw(STAT_COUNTER_NAMES.map((c) => `sum(${c})::int8 as ${c}`).join(', '));
  const fine = sql.raw(`(${STAT_COUNTER_NAMES.map((c) => `f.${c}`).join(', ')})`);
  const coarse = sql.raw(`(${STAT_COUNTER_NAMES.map((c) => `x.${c}::int8`).join(', ')})`);
  const { rows } = await sql<Record<string, unknown>>`
    with f as (select domain_id, client_id, type, hour, ${sums} from stats_hourly group by 1, 2, 3, 4)
    select 'website' as tbl, coalesce(f.domain_id, x.domain_id) as id, coalesce(f.hour, x.hour) as hour,
      coalesce(f.type, x.type) as type, ${fine}::text as fine, ${coarse}::text as coarse
    from f full join stats_hourly_website x
      on x.domain_id = f.domain_id and x.client_id = f.client_id and x.type = f.type and x.hour = f.hour
    where ${fine} is distinct from ${coarse}
    union all
    select 'client', coalesce(f.client_id, x.client_id), coalesce(f.hour, x.hour), coalesce(f.type, x.type),
      ${fine}::text, ${coarse}::text
    from (select client_id, type, hour, domain_id % ${sql.lit(CLIENT_SLOTS)} as slot, ${sums} from stats_hourly
      group by 1, 2, 3, 4) f
    full join stats_hourly_client x
      on x.client_id = f.client_id and x.type = f.type and x.hour = f.hour and x.slot = f.slot
    where ${fine} is distinct from ${coarse}`.execute(db);
  return rows;
}

/** Throws when the coarse rollups disagree with the fine ones. */
export async function assertCoarseAgree(db: Kysely<DB>): Promise<void> {
  const bad = await coarseMismatches(db);
  if (bad.length > 0) throw new Error(`coarse rollups disagree with stats_hourly: ${JSON.stringify(bad.slice(0, 5))}`);
}
