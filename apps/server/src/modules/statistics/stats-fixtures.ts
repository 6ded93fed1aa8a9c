/** Seeded random statistics facts for the statistics tests: rollups, leavers, occurrences and a send ledger. */
import { type StatCounters, zeroCounters } from '@pushdeck/contracts';
import type { TestApp } from '../../test/harness.ts';
import { addToRollups } from '../stats/rollups.repository.ts';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Website {
  id: number;
  client_id: number;
  website_id: string;
  url: string;
}
export interface Client {
  id: number;
  name: string;
  client_uid: string;
}
export interface Drip {
  id: number;
  domain_id: number;
  type: string;
  title: string;
  deleted: boolean;
}
export interface RollupFact extends StatCounters {
  domain_id: number;
  client_id: number;
  drip_id: number;
  type: string;
  hour: Date;
}
export interface LeaverFact {
  id: number;
  domain_id: number;
  client_id: number;
  created_at: Date;
  left_at: Date;
}
export interface OccurrenceFact {
  id: number;
  domain_id: number;
  client_id: number;
  drip_id: number;
  type: string;
  due_at: Date;
  status: 'pending' | 'done' | 'cancelled';
  ledger: { subscriber_id: number; sent_at: Date | null; delivered_at: Date | null; clicked_at: Date | null }[];
}
export interface FactsWorld {
  clients: Client[];
  websites: Website[];
  drips: Drip[];
  rollups: RollupFact[];
  leavers: LeaverFact[];
  occurrences: OccurrenceFact[];
}

const HOUR = 3_600_000;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) await insert(rows.slice(i, i + 400));
}

/** Random facts for every demo website over [start, end): ~a quarter of the hours of each series hold a row. */
export async function seedFacts(t: TestApp, opts: { seed: number; start: Date; end: Date }): Promise<FactsWorld> {
  const rnd = mulberry32(opts.seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const db = t.handle.db;
  const clients = await db.selectFrom('clients').select(['id', 'name', 'client_uid']).orderBy('id').execute();
  const websites = await db
    .selectFrom('domains')
    .select(['id', 'client_id', 'website_id', 'url'])
    .orderBy('id')
    .execute();
  const drips: Drip[] = [];
  for (const w of websites) {
    for (const [type, n] of [
      ['welcome', 1],
      ['recurring', 2],
      ['trigger', 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const title = `${type} ${i} of ${w.url}`;
        const row = await db
          .insertInto('drips')
          .values({ domain_id: w.id, client_id: w.client_id, type, title, body: 'b', customization: '{}', meta: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        drips.push({ id: row.id, domain_id: w.id, type, title, deleted: false });
      }
    }
  }
  const deleted = drips.find((d) => d.type === 'recurring')!;
  deleted.deleted = true;
  await db.updateTable('drips').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();

  const rollups: RollupFact[] = [];
  for (const w of websites) {
    const series: [number, string][] = [[0, '']];
    for (const d of drips.filter((x) => x.domain_id === w.id)) {
      series.push([d.id, d.type]);
      if (d.type === 'recurring') series.push([d.id, 'spam-recurring']);
    }
    for (let h = opts.start.getTime(); h < opts.end.getTime(); h += HOUR) {
      for (const [drip_id, type] of series) {
        if (rnd() > 0.25) continue;
        const c = zeroCounters();
        if (drip_id === 0) {
          c.subscribed = int(0, 9);
          c.unsubscribed = rnd() < 0.4 ? int(0, 3) : 0;
          c.full_unsubscribed = rnd() < 0.2 ? 1 : 0;
        } else {
          c.sent = rnd() < 0.15 ? 0 : int(0, 40);
          c.delivered = int(0, c.sent);
          c.clicked = int(0, c.delivered);
          c.deactivated = rnd() < 0.3 ? int(1, 3) : 0;
          for (const e of ['error_401', 'error_403', 'error_404', 'error_413', 'error_429', 'error_x'] as const) {
            if (rnd() < 0.15) c[e] = int(1, 3);
          }
        }
        rollups.push({ domain_id: w.id, client_id: w.client_id, drip_id, type, hour: new Date(h), ...c });
      }
    }
  }
  // through the write path, so the coarse rollup tables hold the same facts
  await insertChunks(rollups, (chunk) =>
    addToRollups(
      db,
      chunk.map((r) => ({ ...r, at: r.hour, counters: r })),
    ),
  );

  const span = opts.end.getTime() - opts.start.getTime();
  const subs: { id: number; domain_id: number }[] = [];
  const leavers: LeaverFact[] = [];
  for (let i = 0; i < 160; i++) {
    const w = websites[int(0, websites.length - 1)]!;
    const created = new Date(opts.start.getTime() - 20 * 86_400_000 + Math.floor(rnd() * (span + 20 * 86_400_000)));
    const left = new Date(created.getTime() + Math.floor(rnd() * 25 * 86_400_000));
    const leaves = left < opts.end && rnd() < 0.75;
    const how = rnd() < 0.5 ? 'unsubscribed' : 'deactivated';
    const row = await db
      .insertInto('subscribers')
      .values({
        domain_id: w.id,
        client_id: w.client_id,
        endpoint: `https://push.test/${opts.seed}/${i}`,
        p256dh: 'k',
        auth: 'a',
        created_at: created,
        status: leaves ? how : 'active',
        is_active: leaves ? 0 : 1,
        unsubscribed_at: leaves && how === 'unsubscribed' ? left : null,
        deactivated_at: leaves && how === 'deactivated' ? left : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    subs.push({ id: row.id, domain_id: w.id });
    if (leaves)
      leavers.push({ id: row.id, domain_id: w.id, client_id: w.client_id, created_at: created, left_at: left });
  }

  const occurrences: OccurrenceFact[] = [];
  for (let i = 0; i < 240; i++) {
    const d = drips.filter((x) => !x.deleted)[int(0, drips.length - 2)]!;
    const w = websites.find((x) => x.id === d.domain_id)!;
    const type = d.type === 'recurring' && rnd() < 0.3 ? 'tail-recurring' : d.type;
    const due = new Date(opts.start.getTime() + Math.floor(rnd() * span));
    const status = (['pending', 'done', 'done', 'cancelled'] as const)[int(0, 3)]!;
    const row = await db
      .insertInto('occurrences')
      .values({ drip_id: d.id, domain_id: w.id, client_id: w.client_id, type, due_at: due, status })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ledger: OccurrenceFact['ledger'] = [];
    if (status === 'done') {
      for (const s of subs.filter((x) => x.domain_id === w.id && rnd() < 0.3)) {
        const sent = rnd() < 0.85 ? new Date(due.getTime() + int(1, 600) * 1000) : null;
        const delivered = sent && rnd() < 0.7 ? new Date(sent.getTime() + int(1, 7200) * 1000) : null;
        const clicked = delivered && rnd() < 0.3 ? new Date(delivered.getTime() + 60_000) : null;
        ledger.push({ subscriber_id: s.id, sent_at: sent, delivered_at: delivered, clicked_at: clicked });
      }
    }
    occurrences.push({
      id: row.id,
      domain_id: w.id,
      client_id: w.client_id,
      drip_id: d.id,
      type,
      due_at: due,
      status,
      ledger,
    });
  }
  const ledgerRows = occurrences.flatMap((o) =>
    o.ledger.map((l) => ({
      occurrence_id: o.id,
      domain_id: o.domain_id,
      client_id: o.client_id,
      drip_id: o.drip_id,
      type: o.type,
      status: l.sent_at ? 'sent' : 'error_x',
      ...l,
    })),
  );
  await insertChunks(ledgerRows, (chunk) => db.insertInto('send_ledger').values(chunk).execute());
  return { clients, websites, drips, rollups, leavers, occurrences };
}
