import { STAT_COUNTER_NAMES, type StatCounterName } from '@pushdeck/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface RollupDelta {
  domain_id: number;
  client_id: number;
  drip_id?: number;
  type?: string;
  at: Date;
  counters: Partial<Record<StatCounterName, number>>;
}

/**
 * A client's hour in `stats_hourly_client` is spread over this many rows, by website: writers of different
 * websites of one client rarely wait for the same row. Readers sum every slot, so the number only affects
 * contention, never an answer (changing it needs no migration).
 */
export const CLIENT_SLOTS = 8;
export const clientSlot = (domainId: number) => domainId % CLIENT_SLOTS;

const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);

type Counters = Record<StatCounterName, number>;
type Key = readonly (number | string)[];

interface Row {
  key: Key;
  values: Record<string, number | string | Date>;
  counters: Counters;
}

const zero = (): Counters => Object.fromEntries(STAT_COUNTER_NAMES.map((c) => [c, 0])) as Counters;

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/** Sums rows into one per key, sorted by key. */
function sumBy<T>(
  items: Iterable<T>,
  keyOf: (item: T) => Row['key'],
  valuesOf: (item: T) => Row['values'],
  add: (item: T) => Partial<Counters>,
): Row[] {
  const rows = new Map<string, Row>();
  for (const item of items) {
    const key = keyOf(item);
    const id = key.join('|');
    let row = rows.get(id);
    if (!row) {
      row = { key, values: valuesOf(item), counters: zero() };
      rows.set(id, row);
    }
    const counters = add(item);
    for (const c of STAT_COUNTER_NAMES) row.counters[c] += counters[c] ?? 0;
  }
  return [...rows.values()].sort((a, b) => compareKeys(a.key, b.key));
}

type RollupTable = 'stats_hourly' | 'stats_hourly_website' | 'stats_hourly_client';

async function upsert(db: Kysely<DB> | Transaction<DB>, table: RollupTable, conflict: readonly string[], rows: Row[]) {
  if (rows.length === 0) return;
  const set = Object.fromEntries(
    STAT_COUNTER_NAMES.map((c) => [c, sql`${sql.ref(`${table}.${c}`)} + excluded.${sql.ref(c)}`]),
  );
  // one statement per table; its rows are locked in the order given
  await (db as unknown as Kysely<Record<RollupTable, Record<string, unknown>>>)
    .insertInto(table)
    .values(rows.map((r) => ({ ...r.values, ...r.counters })))
    .onConflict((oc) => oc.columns(conflict as string[]).doUpdateSet(set))
    .execute();
}

/**
 * Adds to the hourly rollups with one upsert per table: the fine rows (website, client, drip, type, hour), their
 * sums per website (`stats_hourly_website`, no drip) and per client (`stats_hourly_client`, neither drip nor
 * website). Call it once inside the transaction that records the outcomes, so the ledger and every rollup table
 * agree; pass a whole batch at once, so each coarse row is locked once per transaction. Rows are written in one
 * global order (fine, website, client table; by key within each), so concurrent writers never deadlock on them.
 */
export async function addToRollups(db: Kysely<DB> | Transaction<DB>, deltas: readonly RollupDelta[]): Promise<void> {
  const fine = sumBy(
    deltas.map((d) => ({ ...d, hour: hourOf(d.at), drip_id: d.drip_id ?? 0, type: d.type ?? '' })),
    (d) => [d.domain_id, d.drip_id, d.type, d.hour.getTime()],
    (d) => ({ domain_id: d.domain_id, client_id: d.client_id, drip_id: d.drip_id, type: d.type, hour: d.hour }),
    (d) => d.counters,
  );
  if (fine.length === 0) return;
  const website = sumBy(
    fine,
    (r) => [
      r.values.domain_id as number,
      (r.values.hour as Date).getTime(),
      r.values.type as string,
      r.values.client_id as number,
    ],
    (r) => ({
      domain_id: r.values.domain_id!,
      client_id: r.values.client_id!,
      type: r.values.type!,
      hour: r.values.hour!,
    }),
    (r) => r.counters,
  );
  const client = sumBy(
    website,
    (r) => [
      r.values.client_id as number,
      (r.values.hour as Date).getTime(),
      r.values.type as string,
      clientSlot(r.values.domain_id as number),
    ],
    (r) => ({
      client_id: r.values.client_id!,
      type: r.values.type!,
      hour: r.values.hour!,
      slot: clientSlot(r.values.domain_id as number),
    }),
    (r) => r.counters,
  );
  await upsert(db, 'stats_hourly', ['domain_id', 'drip_id', 'type', 'hour'], fine);
  await upsert(db, 'stats_hourly_website', ['domain_id', 'hour', 'type', 'client_id'], website);
  await upsert(db, 'stats_hourly_client', ['client_id', 'hour', 'type', 'slot'], client);
}
