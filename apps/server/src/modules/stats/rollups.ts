import { type Kysely, sql, type Transaction } from 'kysely';
import { type DB, STAT_COUNTERS, type StatCounter } from '../../db/schema.ts';

export interface RollupDelta {
  domain_id: number;
  client_id: number;
  drip_id?: number;
  type?: string;
  at: Date;
  counters: Partial<Record<StatCounter, number>>;
}

const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);

/**
 * Adds to the hourly rollups (website, client, drip, type, hour) with one upsert. Call it inside the transaction
 * that records the outcomes, so the ledger and the statistics never disagree.
 */
export async function addToRollups(db: Kysely<DB> | Transaction<DB>, deltas: readonly RollupDelta[]): Promise<void> {
  const merged = new Map<string, RollupDelta & { hour: Date }>();
  for (const d of deltas) {
    const hour = hourOf(d.at);
    const key = `${d.domain_id}|${d.drip_id ?? 0}|${d.type ?? ''}|${hour.getTime()}`;
    const row = merged.get(key) ?? { ...d, hour, counters: {} };
    for (const [k, v] of Object.entries(d.counters) as [StatCounter, number][]) {
      row.counters[k] = (row.counters[k] ?? 0) + v;
    }
    merged.set(key, row);
  }
  if (merged.size === 0) return;
  const values = [...merged.values()].map((r) => {
    const counters = Object.fromEntries(STAT_COUNTERS.map((c) => [c, r.counters[c] ?? 0]));
    return {
      domain_id: r.domain_id,
      client_id: r.client_id,
      drip_id: r.drip_id ?? 0,
      type: r.type ?? '',
      hour: r.hour,
      ...counters,
    };
  });
  const set = Object.fromEntries(
    STAT_COUNTERS.map((c) => [c, sql`stats_hourly.${sql.ref(c)} + excluded.${sql.ref(c)}`]),
  );
  await db
    .insertInto('stats_hourly')
    .values(values)
    .onConflict((oc) => oc.columns(['domain_id', 'drip_id', 'type', 'hour']).doUpdateSet(set))
    .execute();
}
