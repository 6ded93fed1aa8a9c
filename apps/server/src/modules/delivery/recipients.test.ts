import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { addDrip, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { mulberry32 } from '../statistics/stats-fixtures.ts';
import type { SendOutcome } from './outcomes.ts';
import { type RecipientResult, recordRecipients } from './send.service.ts';

const OUTCOMES: (SendOutcome | 'skipped')[] = ['sent', 'sent', 'sent', 'sent', 'gone', 'error_x', 'skipped'];

describe.each(testBackends())('send results on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('records chunks that share drips and subscribers, all at once and in any order, exactly', async () => {
    const db = t.handle.db;
    const site = await websiteOf(db, 'https://shop.acme.test');
    const drips: { id: number; n: number }[] = [];
    for (let n = 1; n <= 4; n++) {
      drips.push({ id: (await addDrip(db, site, { type: 'welcome', drip_number: n })).id, n });
    }
    const subscribers = (
      await db
        .insertInto('subscribers')
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            domain_id: site.id,
            client_id: site.client_id,
            endpoint: `https://push.test/recipients/${i}`,
            p256dh: 'p256dh',
            auth: 'auth',
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const rnd = mulberry32(5);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    // 16 chunks, each touching the shared rows in its own random order, like send chunks finishing together
    const chunks: RecipientResult[][] = Array.from({ length: 16 }, () =>
      Array.from({ length: 30 }, () => {
        const drip = pick(drips);
        return { subscriberId: pick(subscribers), dripId: drip.id, dripNumber: drip.n, outcome: pick(OUTCOMES) };
      }),
    );
    const now = new Date();
    await Promise.all(chunks.map((c) => db.transaction().execute((trx) => recordRecipients(trx, c, now))));

    const results = chunks.flat();
    const sent = results.filter((r) => r.outcome === 'sent');
    const dripRows = await db
      .selectFrom('drips')
      .select(['id', 'sended'])
      .where(
        'id',
        'in',
        drips.map((d) => d.id),
      )
      .orderBy('id')
      .execute();
    expect(dripRows).toEqual(drips.map((d) => ({ id: d.id, sended: sent.filter((r) => r.dripId === d.id).length })));
    const subscriberRows = await db
      .selectFrom('subscribers')
      .select(['id', 'last_drip_number', 'is_active', 'status'])
      .where('id', 'in', subscribers)
      .orderBy('id')
      .execute();
    const gone = new Set(results.filter((r) => r.outcome === 'gone').map((r) => r.subscriberId));
    expect(gone.size).toBeGreaterThan(0);
    expect(subscriberRows).toEqual(
      subscribers.map((id) => ({
        id,
        last_drip_number: Math.max(0, ...sent.filter((r) => r.subscriberId === id).map((r) => r.dripNumber)),
        is_active: gone.has(id) ? 0 : 1,
        status: gone.has(id) ? 'deactivated' : expect.any(String),
      })),
    );
  });
});
