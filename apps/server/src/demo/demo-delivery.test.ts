import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingService } from '../modules/tracking/tracking.service.ts';
import { testBackends } from '../test/backends.ts';
import { rollup, waitFor, websiteOf } from '../test/delivery-fixtures.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedDemoDelivery, startLocalPush } from './demo-delivery.ts';

describe('the demo', () => {
  let t: TestApp;
  let dir: string;
  let push: Awaited<ReturnType<typeof startLocalPush>>;
  let tracking: TrackingService | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pushdeck-demo-'));
    const backend = testBackends()[0]!;
    // the same wiring as npm start: the local push service plays the browsers and reports deliveries
    const config = { dataDir: dir, localPush: { enabled: true, port: 0 } };
    push = await startLocalPush(config as never, pino({ level: 'silent' }), () => tracking);
    t = await createTestApp(backend, { work: true, local: { origin: push.origin, ca: push.ca! } });
    tracking = new TrackingService(t.handle.db, t.tokens, { allowedHosts: ['127.0.0.1'] }, t.delivery.scheduler);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('really sends the first welcome drip to the demo subscribers, and the rollups count sends and deliveries', async () => {
    expect(await seedDemoDelivery(t.handle.db, push)).toBe(3);
    expect(await seedDemoDelivery(t.handle.db, push)).toBe(0);
    const shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    await t.delivery.scheduler.tick();
    await waitFor(async () => {
      const ledger = await t.handle.db
        .selectFrom('send_ledger')
        .select(['status', 'delivered_at'])
        .where('domain_id', '=', shop.id)
        .execute();
      return ledger.length === 6 && ledger.every((l) => l.status === 'sent' && l.delivered_at !== null);
    });
    const r = await rollup(t.handle.db, shop.id);
    // 60 days of demo history come with the demo: the live welcome sends add to them
    const history = await t.handle.db
      .selectFrom('stats_hourly')
      .select((eb) => [eb.fn.min('hour').as('first'), eb.fn.count('hour').as('rows')])
      .where('domain_id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - new Date(history.first as Date).getTime()).toBeGreaterThan(59 * 86_400_000);
    expect(Number(history.rows)).toBeGreaterThan(1000);
    const live = await t.handle.db
      .selectFrom('send_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('domain_id', '=', shop.id)
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(6);
    expect(r.sent).toBeGreaterThan(6);
    expect(r.clicked).toBeGreaterThan(0);
    expect(push.stats()).toMatchObject({ decryptFailures: 0, vapidFailures: 0 });
  });
});
