import { pushCtr } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { rollup, startPushService, subscribe, waitFor } from '../../test/delivery-fixtures.ts';
import { createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';
import { addAudience, demoSites, recurringItem, type Site } from './drip-test-kit.ts';

describe.each(testBackends())('a recurring drip from the API to the browser on $name', (backend) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let shop: Site;
  let news: Site;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { work: true, local: { origin: push.origin, ca: push.ca! } });
    ({ shop, news } = await demoSites(t));
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('is sent at its time to exactly its audience through the push service, and counted', async () => {
    const uk = await subscribe(t, push, shop, { language: 'uk-UA' });
    const uk2 = await subscribe(t, push, shop, { language: 'uk-UA' });
    const en = await subscribe(t, push, shop, { language: 'en-US' });
    const foreign = await subscribe(t, push, news, { language: 'uk-UA' });
    const audience = await addAudience(t.handle.db, shop, 'Ukrainian speakers', ['uk-UA']);
    const acme = await signedIn(t, DEMO.client);
    const created = await acme.post('/api/v1/drips/recurring/createOrUpdate', [
      recurringItem(shop.id, [{ id: audience }], { title: 'Доброго ранку', body: 'Fresh deals today' }),
    ]);
    expect(created.statusCode).toBe(201);
    const drip = created.json().data[0];
    const scheduleId = drip.schedules[0].id as number;
    expect(new Date(drip.schedules[0].next_disp_date).getTime()).toBeGreaterThan(Date.now());
    const before = await rollup(t.handle.db, shop.id);

    await t.handle.db
      .updateTable('schedules')
      .set({ next_disp_date: new Date(Date.now() - 1000) })
      .where('id', '=', scheduleId)
      .execute();
    expect((await t.delivery.scheduler.tick()).occurrences).toBe(1);

    const ledger = await waitFor(async () => {
      const rows = await t.handle.db
        .selectFrom('send_ledger')
        .select(['subscriber_id', 'status'])
        .where('drip_id', '=', drip.id)
        .orderBy('subscriber_id')
        .execute();
      return rows.length === 2 && rows.every((r) => r.status === 'sent') && rows;
    });
    expect(ledger.map((r) => r.subscriber_id)).toEqual([uk.id, uk2.id].sort((a, b) => a - b));
    for (const s of [uk, uk2]) {
      const [message] = push.messages(s.sub.id);
      expect(message?.json).toMatchObject({
        title: 'Доброго ранку',
        body: 'Fresh deals today',
        url: 'https://shop.acme.test/deals',
        buttons: [{ title: 'Open', url: 'https://shop.acme.test/b1' }],
      });
    }
    expect(push.messages(en.sub.id)).toHaveLength(0);
    expect(push.messages(foreign.sub.id)).toHaveLength(0);
    const after = await rollup(t.handle.db, shop.id);
    expect(after.sent - before.sent).toBe(2);
    const row = await t.handle.db
      .selectFrom('drips')
      .select('sended')
      .where('id', '=', drip.id)
      .executeTakeFirstOrThrow();
    expect(row.sended).toBe(2);
    const listed = await acme.get(`/api/v1/drips/recurring/get?where[id]=${drip.id}&select=id,sended`);
    expect(listed.json().data).toEqual([{ id: drip.id, sended: 2 }]);
    // both browsers report the delivery, one the click; the list's all-time statistics (with[stats]) count what
    // the send ledger then holds
    const browser = new TestClient(t.app);
    for (const [i, s] of [uk, uk2].entries()) {
      const { m } = push.messages(s.sub.id)[0]!.json as { m: string };
      expect((await browser.post('/api/public/v1/delivered', { m })).statusCode).toBe(200);
      if (i === 0) expect((await browser.post('/api/public/v1/clicked', { m, action: 'main' })).statusCode).toBe(200);
    }
    const ledgerCounts = await t.handle.db
      .selectFrom('send_ledger')
      .select((eb) => [
        eb.fn.count<string>('sent_at').as('sent'),
        eb.fn.count<string>('delivered_at').as('delivered'),
        eb.fn.count<string>('clicked_at').as('clicked'),
      ])
      .where('drip_id', '=', drip.id)
      .executeTakeFirstOrThrow();
    const withStats = await acme.get(`/api/v1/drips/recurring/get?where[id]=${drip.id}&select=id&with[stats]=*`);
    const oracle = {
      sent: Number(ledgerCounts.sent),
      delivered: Number(ledgerCounts.delivered),
      clicked: Number(ledgerCounts.clicked),
    };
    expect(oracle).toEqual({ sent: 2, delivered: 2, clicked: 1 });
    expect(withStats.json().data).toEqual([{ id: drip.id, stats: { ...oracle, push_ctr: pushCtr(oracle) } }]);
  });
});
