import type { NotificationAccepted, NotificationSend, NotificationStatus } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, withKey } from '../../test/api-keys.ts';
import { testBackends } from '../../test/backends.ts';
import { rollup, startPushService, subscribe, waitFor, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, DEMO, type TestApp, TestClient } from '../../test/harness.ts';

type Push = Awaited<ReturnType<typeof startPushService>>;

/**
 * The server API's sends in the delivery engine (tenancy, validation and idempotency are in notifications.test.ts):
 * the local push service receives them once, through the same ledger, rollups of type `api`, urgency and TTL,
 * scheduled sends, the rules that switch sending off.
 */
describe.each(testBackends())('API sends in the delivery engine on $name', (backend) => {
  let t: TestApp;
  let push: Push;
  let site: Awaited<ReturnType<typeof websiteOf>>;
  let key: string;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, {
      work: true,
      local: { origin: push.origin, ca: push.ca! },
      sender: { maxAttempts: 2, backoffBaseMs: 20, timeoutMs: 3000 },
    });
    site = await websiteOf(t.handle.db, 'https://shop.acme.test');
    key = await createApiKey(t, { email: DEMO.client, scopes: ['send'] });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const ledgerOf = (occurrenceId: number) =>
    t.handle.db.selectFrom('send_ledger').selectAll().where('occurrence_id', '=', occurrenceId).execute();
  const occurrenceOf = async (sendId: number) =>
    (
      await t.handle.db
        .selectFrom('api_sends')
        .select('occurrence_id')
        .where('id', '=', sendId)
        .executeTakeFirstOrThrow()
    ).occurrence_id;
  const send = async (body: Partial<NotificationSend>) => {
    const res = await withKey(t, key, 'POST', '/api/server/v1/notifications', { body: message(body) });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().data as NotificationAccepted;
  };
  const statusOf = async (sendId: number) => {
    const res = await withKey(t, key, 'GET', `/api/server/v1/notifications/${sendId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NotificationStatus;
  };
  const settled = (sendId: number, status = 'done') =>
    waitFor(async () => {
      const s = await statusOf(sendId);
      return s.status === status && s;
    });
  const message = (over: Partial<NotificationSend>): NotificationSend => ({
    website_id: site.id,
    title: 'Your order shipped',
    body: 'Order 1042 is on its way',
    url: 'https://shop.acme.test/orders/1042',
    ...over,
  });

  it('sends to a subscriber by the id pushmine("identify") set: once, with its urgency and TTL, counted as api', async () => {
    const { sub, id } = await subscribe(t, push, site);
    const other = await subscribe(t, push, site);
    const identify = await new TestClient(t.app).post('/api/public/v1/identify', {
      website_id: site.website_id,
      endpoint: sub.endpoint,
      subscribable_id: 'user-42',
    });
    expect(identify.statusCode).toBe(200);
    const before = await rollup(t.handle.db, site.id);
    const answer = await send({ subscribable_ids: ['user-42', 'nobody'], urgency: 'high', ttl: 900 });
    expect(answer).toMatchObject({ status: 'sending', recipients: 1, send_at: null });
    const status = await settled(answer.id);
    expect(status.counts).toMatchObject({ queued: 0, sent: 1, failed: 0 });
    const rows = await ledgerOf(await occurrenceOf(answer.id));
    expect(rows.map((r) => [r.subscriber_id, r.type, r.status])).toEqual([[id, 'api', 'sent']]);
    const got = push.messages(sub.id);
    expect(got).toHaveLength(1);
    expect(got[0]!.json).toMatchObject({ title: 'Your order shipped', url: 'https://shop.acme.test/orders/1042' });
    expect(got[0]!.urgency).toBe('high');
    expect(got[0]!.ttl).toBe(900);
    expect(push.messages(other.sub.id)).toHaveLength(0);
    const c = new TestClient(t.app);
    const m = (got[0]!.json as { m: string }).m;
    expect((await c.post('/api/public/v1/clicked', { m, action: 'main' })).json().data.counted).toBe(true);
    const after = await rollup(t.handle.db, site.id);
    expect(after.sent - before.sent).toBe(1);
    expect(after.clicked - before.clicked).toBe(1);
    const typed = await t.handle.db
      .selectFrom('stats_hourly')
      .select((eb) => [eb.fn.sum<number>('sent').as('sent'), eb.fn.sum<number>('clicked').as('clicked')])
      .where('domain_id', '=', site.id)
      .where('type', '=', 'api')
      .executeTakeFirstOrThrow();
    expect({ sent: Number(typed.sent), clicked: Number(typed.clicked) }).toEqual({ sent: 1, clicked: 1 });
    expect((await statusOf(answer.id)).counts).toMatchObject({
      sent: 1,
      delivered: 1,
      clicked: 1,
    });
    // the console's statistics count them as the type 'api'
    const today = new Date().toISOString().slice(0, 10);
    const owner = new TestClient(t.app);
    await owner.login(DEMO.client);
    const events = await owner.get(
      `/api/v1/statistics/getStatsEventsByDrips?date_start=${today}&date_finish=${today}&date_trunc=millennium&domain_ids[]=${site.website_id}`,
      { resultgroupby: 'type:api', cache: '0' },
    );
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().data.api[0]).toMatchObject({ sent: 1, clicked: 1 });
    const explorer = await owner.post('/api/v2/statistics/getDataExplorer', {
      timezone: 'UTC',
      date_trunc: 'day',
      columns: { map: {}, exclude: [], include: [] },
      filters: { date_start: today, date_end: today, website_id: [String(site.id)], type: ['api'], client_id: [] },
      orders: [],
      groups: ['type'],
    });
    expect(explorer.statusCode, explorer.body).toBe(200);
    expect(explorer.json().data).toEqual([expect.objectContaining({ type: 'api', sent: 1, clicked: 1 })]);
  });

  it('counts each failure by its reason, equal to the ledger', async () => {
    const a = await subscribe(t, push, site);
    const b = await subscribe(t, push, site);
    const c = await subscribe(t, push, site);
    push.injectFault({ subscriptionId: a.sub.id, status: 410 });
    push.injectFault({ subscriptionId: b.sub.id, status: 413 });
    const answer = await send({ subscriber_ids: [a.id, b.id, c.id] });
    expect(answer.recipients).toBe(3);
    const status = await settled(answer.id);
    expect(status.counts).toMatchObject({
      queued: 0,
      sent: 1,
      failed: 2,
      failed_by_reason: expect.objectContaining({ gone: 1, too_large: 1 }),
    });
    const rows = await ledgerOf(await occurrenceOf(answer.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['gone', 'sent', 'too_large']);
  });

  it('sends a scheduled message at its time, not before', async () => {
    const { sub, id } = await subscribe(t, push, site);
    const sendAt = new Date(Date.now() + 1500);
    const answer = await send({ subscriber_ids: [id], send_at: sendAt.toISOString() });
    expect(answer).toMatchObject({ status: 'scheduled', send_at: sendAt.toISOString() });
    expect((await statusOf(answer.id)).status).toBe('scheduled');
    await settled(answer.id);
    const got = push.messages(sub.id);
    expect(got).toHaveLength(1);
    expect(got[0]!.receivedAt.getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
  });

  it('sends nothing for a website switched off: the occurrence is cancelled', async () => {
    const { sub, id } = await subscribe(t, push, site);
    await t.handle.db.updateTable('domains').set({ is_active: 0 }).where('id', '=', site.id).execute();
    try {
      const answer = await send({ subscriber_ids: [id] });
      const status = await settled(answer.id, 'cancelled');
      expect(status.counts.sent).toBe(0);
      expect(push.messages(sub.id)).toHaveLength(0);
    } finally {
      await t.handle.db.updateTable('domains').set({ is_active: 1 }).where('id', '=', site.id).execute();
    }
  });

  it('keeps API messages out of the drip calls: not listed, not deletable as a drip', async () => {
    const c = new TestClient(t.app);
    await c.login(DEMO.client);
    const apiDrips = await t.handle.db.selectFrom('drips').select('id').where('type', '=', 'api').execute();
    expect(apiDrips.length).toBeGreaterThan(0);
    for (const { id } of apiDrips) {
      expect((await c.request('DELETE', `/api/v1/drips/${id}`)).statusCode).toBe(404);
    }
  });
});
