import { STAT_COUNTER_NAMES } from '@pushdeck/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../db/migrations/0006-statistics-coarse.ts';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { coarseMismatches } from '../../test/rollup-check.ts';
import { mulberry32 } from '../statistics/stats-fixtures.ts';
import { addToRollups, type RollupDelta } from './rollups.repository.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-20T10:00:00Z');

/** Random deltas over 2 clients × 12 websites × 3 drips × 3 types × 3 hours: batches overlap on every table. */
function batch(rnd: () => number, n: number): RollupDelta[] {
  const pick = (k: number) => Math.floor(rnd() * k);
  return Array.from({ length: n }, () => {
    const domain = 900 + pick(12);
    const drip = pick(4);
    return {
      domain_id: domain,
      client_id: 700 + (domain % 2),
      drip_id: drip === 0 ? 0 : domain * 10 + drip,
      type: drip === 0 ? '' : (['recurring', 'one', 'welcome'] as const)[pick(3)],
      at: new Date(T0 + pick(3) * HOUR + pick(HOUR)),
      counters: drip === 0 ? { subscribed: 1 + pick(3) } : { sent: 1 + pick(5), delivered: pick(3), error_x: pick(2) },
    };
  });
}

/** The fine rollups of the test's clients, summed per key in the database. */
async function fineSums(t: TestApp) {
  const { rows } = await sql<Record<string, string | number>>`
    select domain_id, drip_id, type, extract(epoch from hour)::int8::text as hour, sent, delivered, error_x, subscribed
    from stats_hourly where client_id in (700, 701) order by 1, 2, 3, 4`.execute(t.handle.db);
  return rows.map((r) => Object.values(r).map(String).join('|'));
}

/** The same sums computed in JavaScript from the deltas. */
function expected(deltas: readonly RollupDelta[]) {
  const m = new Map<string, number[]>();
  for (const d of deltas) {
    const hour = Math.floor(d.at.getTime() / HOUR) * 3600;
    const key = `${d.domain_id}|${d.drip_id}|${d.type}|${hour}`;
    const v = m.get(key) ?? [0, 0, 0, 0];
    const c = d.counters;
    m.set(key, [
      v[0]! + (c.sent ?? 0),
      v[1]! + (c.delivered ?? 0),
      v[2]! + (c.error_x ?? 0),
      v[3]! + (c.subscribed ?? 0),
    ]);
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...m.entries()]
    .map(([k, v]) => [k, ...v].join('|'))
    .sort((a, b) => {
      const [x, y] = [a.split('|'), b.split('|')];
      return (
        Number(x[0]) - Number(y[0]) || Number(x[1]) - Number(y[1]) || cmp(x[2]!, y[2]!) || Number(x[3]) - Number(y[3])
      );
    });
}

describe.each(testBackends())('coarse rollups on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('equal the fine rollups after concurrent batches, a rolled-back batch and its retry', async () => {
    const rnd = mulberry32(7);
    const batches = Array.from({ length: 16 }, () => batch(rnd, 60));
    // all at once, each in its own transaction like the senders' chunks; none may deadlock
    await Promise.all(batches.map((b) => t.handle.db.transaction().execute((trx) => addToRollups(trx, b))));
    const failed = batch(rnd, 40);
    await expect(
      t.handle.db.transaction().execute(async (trx) => {
        await addToRollups(trx, failed);
        throw new Error('the push service went away');
      }),
    ).rejects.toThrow('went away');
    expect(await fineSums(t)).toEqual(expected(batches.flat()));
    expect(await coarseMismatches(t.handle.db)).toEqual([]);
    // the retry counts the failed batch once, in every table
    await t.handle.db.transaction().execute((trx) => addToRollups(trx, failed));
    expect(await fineSums(t)).toEqual(expected([...batches.flat(), ...failed]));
    expect(await coarseMismatches(t.handle.db)).toEqual([]);
    const clientRows = await t.handle.db
      .selectFrom('stats_hourly_client')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', 'in', [700, 701])
      .executeTakeFirstOrThrow();
    // 2 clients × 3 hours × 4 types × at most 6 websites each: far fewer rows than the fine table's
    expect(Number(clientRows.n)).toBeLessThanOrEqual(2 * 3 * 4 * 6);
  });

  it("the migration's backfill builds both coarse tables from rollups written before it", async () => {
    const rnd = mulberry32(11);
    const old = batch(rnd, 200).map((d) => ({ ...d, domain_id: d.domain_id + 100 }));
    // written as before migration 0006: fine rows only
    for (const d of old) {
      const counters = Object.fromEntries(STAT_COUNTER_NAMES.map((c) => [c, d.counters[c] ?? 0]));
      await t.handle.db
        .insertInto('stats_hourly')
        .values({
          domain_id: d.domain_id,
          client_id: d.client_id,
          drip_id: d.drip_id,
          type: d.type,
          hour: new Date(Math.floor(d.at.getTime() / HOUR) * HOUR),
          ...counters,
        })
        .onConflict((oc) =>
          oc
            .columns(['domain_id', 'drip_id', 'type', 'hour'])
            .doUpdateSet((eb) =>
              Object.fromEntries(
                STAT_COUNTER_NAMES.map((c) => [c, eb(`stats_hourly.${c}`, '+', eb.ref(`excluded.${c}`))]),
              ),
            ),
        )
        .execute();
    }
    expect((await coarseMismatches(t.handle.db)).length).toBeGreaterThan(0);
    await t.handle.db.deleteFrom('stats_hourly_website').execute();
    await t.handle.db.deleteFrom('stats_hourly_client').execute();
    for (const statement of backfill.split(';').filter((x) => x.trim())) await sql.raw(statement).execute(t.handle.db);
    expect(await coarseMismatches(t.handle.db)).toEqual([]);
  });
});
