import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import {
  addDrip,
  addSchedule,
  rollup,
  startPushService,
  subscribe,
  waitFor,
  websiteOf,
} from '../../test/delivery-fixtures.ts';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.ts';

type Push = Awaited<ReturnType<typeof startPushService>>;

describe.each(testBackends())('the delivery engine on $name', (backend) => {
  let t: TestApp;
  let push: Push;
  let site: Awaited<ReturnType<typeof websiteOf>>;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, {
      work: true,
      local: { origin: push.origin, ca: push.ca! },
      sender: { maxAttempts: 3, backoffBaseMs: 20, timeoutMs: 3000 },
    });
    site = await websiteOf(t.handle.db, 'https://shop.acme.test');
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const ledgerOf = (subscriberId: number) =>
    t.handle.db.selectFrom('send_ledger').selectAll().where('subscriber_id', '=', subscriberId).execute();
  const finished = (subscriberId: number) =>
    waitFor(async () => {
      const rows = await ledgerOf(subscriberId);
      return rows.length > 0 && rows.every((r) => !['queued', 'sending'].includes(r.status)) && rows;
    });

  it('sends a welcome drip once its offset has passed: decrypted by the push service, counted, delivered once', async () => {
    const drip = await addDrip(t.handle.db, site, { type: 'welcome', title: 'Welcome aboard', drip_number: 1 });
    await addSchedule(t.handle.db, site, {
      type: 'welcome',
      drip_id: drip.id,
      after_mins: 0,
      created_at: new Date(Date.now() - 60_000),
    });
    const before = await rollup(t.handle.db, site.id);
    const { sub, id } = await subscribe(t, push, site);
    await t.delivery.scheduler.tick();
    const [row] = await finished(id);
    expect(row!.status).toBe('sent');
    const msg = push.messages(sub.id).at(-1)!;
    const payload = msg.json as { title: string; url: string; m: string; tag: string };
    expect(payload).toMatchObject({
      title: 'Welcome aboard',
      url: 'https://shop.acme.test/landing',
      tag: `drip-${drip.id}`,
    });
    expect(msg.ttl).toBe(600);
    expect(msg.topic).toMatch(/^[\w-]{32}$/);
    // ticking again never sends it twice
    await t.delivery.scheduler.tick();
    expect(await ledgerOf(id)).toHaveLength(1);
    const c = new TestClient(t.app);
    expect((await c.post('/api/public/v1/delivered', { m: payload.m })).json().data.counted).toBe(true);
    expect((await c.post('/api/public/v1/delivered', { m: payload.m })).json().data.counted).toBe(false);
    expect((await c.post('/api/public/v1/clicked', { m: payload.m, action: 'main' })).json().data.counted).toBe(true);
    const after = await rollup(t.handle.db, site.id);
    expect(after.sent - before.sent).toBeGreaterThanOrEqual(1);
    expect(after.delivered - before.delivered).toBe(1);
    expect(after.clicked - before.clicked).toBe(1);
    const sub2 = await t.handle.db
      .selectFrom('subscribers')
      .select('last_drip_number')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(sub2.last_drip_number).toBe(1);
    await t.handle.db.updateTable('drips').set({ is_active: 0 }).where('id', '=', drip.id).execute();
  });

  it('does not welcome a subscriber before the offset', async () => {
    const drip = await addDrip(t.handle.db, site, { type: 'welcome', title: 'Later', drip_number: 2 });
    await addSchedule(t.handle.db, site, {
      type: 'welcome',
      drip_id: drip.id,
      after_hours: 1,
      created_at: new Date(Date.now() - 7_200_000),
    });
    const { id } = await subscribe(t, push, site);
    await t.delivery.scheduler.tick();
    expect((await ledgerOf(id)).filter((l) => l.drip_id === drip.id)).toHaveLength(0);
    // an hour later (as if): the subscriber is due
    await t.handle.db
      .updateTable('subscribers')
      .set({ created_at: new Date(Date.now() - 3_601_000) })
      .where('id', '=', id)
      .execute();
    await t.delivery.scheduler.tick();
    await waitFor(async () => (await ledgerOf(id)).some((l) => l.drip_id === drip.id && l.status === 'sent'));
    await t.handle.db.updateTable('drips').set({ is_active: 0 }).where('id', '=', drip.id).execute();
  });

  it("sends a row stored before the link rule without its bad links, opening the website's own address", async () => {
    const drip = await addDrip(t.handle.db, site, {
      type: 'instant',
      customization: { image: 'http://cdn.example/big.jpg', button1: { title: 'Open', url: 'javascript:alert(1)' } },
    });
    await t.handle.db
      .updateTable('drips')
      .set({ url: 'https://x" onmouseover="alert(1)', icon: 'data:image/png;base64,AAAA' })
      .where('id', '=', drip.id)
      .execute();
    const { sub, id } = await subscribe(t, push, site);
    await t.handle.db
      .updateTable('subscribers')
      .set({ is_active: 0 })
      .where('domain_id', '=', site.id)
      .where('id', '!=', id)
      .execute();
    await t.delivery.scheduler.sendNow(drip.id);
    const [row] = await finished(id);
    expect(row!.status).toBe('sent');
    const payload = push.messages(sub.id).at(-1)!.json as Record<string, unknown>;
    expect(payload).toMatchObject({ url: 'https://shop.acme.test', buttons: [{ title: 'Open' }] });
    expect(payload).not.toHaveProperty('icon');
    expect(payload).not.toHaveProperty('image');
    await t.handle.db.updateTable('subscribers').set({ is_active: 0 }).where('id', '=', id).execute();
  });

  const cases: {
    status: number;
    retryAfter?: number;
    times?: number;
    ledger: string;
    counter: string;
    deactivated: boolean;
  }[] = [
    { status: 404, ledger: 'gone', counter: 'error_404', deactivated: true },
    { status: 410, ledger: 'gone', counter: 'deactivated', deactivated: true },
    { status: 413, ledger: 'too_large', counter: 'error_413', deactivated: false },
    { status: 401, ledger: 'error_401', counter: 'error_401', deactivated: false },
    { status: 403, ledger: 'error_403', counter: 'error_403', deactivated: false },
    { status: 400, ledger: 'error_x', counter: 'error_x', deactivated: false },
    { status: 500, ledger: 'dead', counter: 'error_x', deactivated: false },
    { status: 429, retryAfter: 1, ledger: 'dead', counter: 'error_429', deactivated: false },
    { status: 429, retryAfter: 1, times: 1, ledger: 'sent', counter: 'sent', deactivated: false },
    { status: 503, times: 2, ledger: 'sent', counter: 'sent', deactivated: false },
  ];

  it.each(cases)('answers a push service $status (times: $times) with $ledger', async (c) => {
    const drip = await addDrip(t.handle.db, site, { type: 'instant', title: `Code ${c.status}` });
    const { sub, id } = await subscribe(t, push, site);
    const others = await t.handle.db
      .selectFrom('subscribers')
      .select('id')
      .where('domain_id', '=', site.id)
      .where('id', '!=', id)
      .execute();
    await t.handle.db
      .updateTable('subscribers')
      .set({ is_active: 0 })
      .where(
        'id',
        'in',
        others.map((o) => o.id),
      )
      .execute();
    push.injectFault({
      subscriptionId: sub.id,
      status: c.status,
      ...(c.retryAfter ? { retryAfter: c.retryAfter } : {}),
      ...(c.times ? { times: c.times } : {}),
    });
    const before = await rollup(t.handle.db, site.id);
    const t0 = Date.now();
    await t.delivery.scheduler.sendNow(drip.id);
    const [row] = await finished(id);
    push.clearFaults();
    expect(row!.status).toBe(c.ledger);
    const after = await rollup(t.handle.db, site.id);
    expect(after[c.counter as keyof typeof after] - before[c.counter as keyof typeof before]).toBe(1);
    const subscriber = await t.handle.db
      .selectFrom('subscribers')
      .select(['is_active', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(subscriber.is_active === 0).toBe(c.deactivated);
    if (c.deactivated) {
      expect(subscriber.status).toBe('deactivated');
      // never sent to again
      const again = await addDrip(t.handle.db, site, { type: 'instant' });
      const occ = await t.delivery.scheduler.sendNow(again.id);
      await waitFor(
        async () =>
          (await t.handle.db.selectFrom('occurrences').select('status').where('id', '=', occ).executeTakeFirstOrThrow())
            .status === 'done',
      );
      expect(await ledgerOf(id)).toHaveLength(1);
    }
    if (c.status === 429 && c.times === 1) expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);
    if (c.ledger === 'sent') expect(push.messages(sub.id)).toHaveLength(1);
    if (c.status === 413) expect(row!.attempts).toBe(1);
    await t.handle.db.updateTable('subscribers').set({ is_active: 0 }).where('id', '=', id).execute();
  });
});
