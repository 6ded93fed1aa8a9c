import { WEBHOOK_MSG, WEBHOOKS_PER_WEBSITE } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostList } from '../../lib/host-list.ts';
import { testBackends } from '../../test/backends.ts';
import { addDrip, startPushService, subscribe, waitFor, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';
import { startWebhookReceiver, verifySignature } from '../../test/webhook-receiver.ts';
import { WEBHOOK_RETENTION_DAYS, WebhookDeliveryService } from './webhook-delivery.service.ts';
import { WebhookEmitter, type WebhookEvent } from './webhook-events.ts';
import { WebhookHostPolicy } from './webhook-hosts.ts';

type Push = Awaited<ReturnType<typeof startPushService>>;
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

describe.each(testBackends())('outcome webhooks on $name', (backend) => {
  let t: TestApp;
  let push: Push;
  let receiver: Receiver;
  let site: Awaited<ReturnType<typeof websiteOf>>;
  let owner: TestClient;
  beforeAll(async () => {
    [push, receiver] = await Promise.all([startPushService(), startWebhookReceiver()]);
    t = await createTestApp(backend, {
      work: true,
      local: { origin: push.origin, ca: push.ca! },
      sender: { maxAttempts: 1, backoffBaseMs: 20, timeoutMs: 3000 },
      // the local receiver listens on 127.0.0.1 over http, which the operator must list
      config: { webhookHosts: hostList('127.0.0.1:*', 'PUSHDECK_WEBHOOK_HOSTS') },
      // retries at once instead of after 1 to 32 minutes
      webhooks: { retry: { retryLimit: 5, retryDelay: 0, retryBackoff: false }, timeoutMs: 3000 },
    });
    site = await websiteOf(t.handle.db, 'https://shop.acme.test');
    owner = await signedIn(t, DEMO.client);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await receiver?.close();
  });

  const create = (body: object, c = owner, websiteId = site.id) =>
    c.request('POST', `/api/v1/domains/${websiteId}/webhooks`, { body });
  const deliveries = (webhookId: number) =>
    t.handle.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at')
      .execute();
  const removeAll = async () => {
    const list = (await owner.get(`/api/v1/domains/${site.id}/webhooks`)).json().data as { id: number }[];
    for (const w of list) expect((await owner.request('DELETE', `/api/v1/webhooks/${w.id}`)).statusCode).toBe(200);
  };
  /** One subscriber of the website sent one message through the local push service: its message token. */
  const sentMessage = async (fault?: number) => {
    const { sub, id } = await subscribe(t, push, site);
    await t.handle.db
      .updateTable('subscribers')
      .set({ is_active: 0 })
      .where('domain_id', '=', site.id)
      .where('id', '!=', id)
      .execute();
    if (fault) push.injectFault({ subscriptionId: sub.id, status: fault });
    const drip = await addDrip(t.handle.db, site, { type: 'instant', title: 'Webhooks' });
    await t.delivery.scheduler.sendNow(drip.id);
    const row = await waitFor(async () => {
      const r = await t.handle.db
        .selectFrom('send_ledger')
        .select(['id', 'status'])
        .where('subscriber_id', '=', id)
        .executeTakeFirst();
      return r && !['queued', 'sending'].includes(r.status) && r;
    });
    push.clearFaults();
    return { subscriberId: id, sub, ledgerId: Number(row.id), m: t.tokens.issue(Number(row.id)) };
  };

  it('shows the secret once: at creation and when rolled, never in any other answer, and stores it sealed', async () => {
    const res = await create({ url: receiver.url, events: ['clicked', 'delivered'] });
    expect(res.statusCode).toBe(201);
    const { webhook, secret } = res.json().data;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(webhook).toMatchObject({ url: receiver.url, events: ['delivered', 'clicked'], is_active: 1 });
    const stored = await t.handle.db
      .selectFrom('webhooks')
      .select('secret_sealed')
      .where('id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    expect(t.box.open(stored.secret_sealed)).toBe(secret);
    const answers = [
      await owner.get(`/api/v1/domains/${site.id}/webhooks`),
      await owner.request('PUT', `/api/v1/webhooks/${webhook.id}`, { body: { is_active: 0 } }),
      await owner.get(`/api/v1/webhooks/${webhook.id}/attempts`),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.body).not.toContain(secret);
      expect(a.body).not.toMatch(/secret/i);
    }
    const rolled = await owner.post(`/api/v1/webhooks/${webhook.id}/roll-secret`);
    expect(rolled.statusCode).toBe(200);
    const next = rolled.json().data.secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const list = await owner.get(`/api/v1/domains/${site.id}/webhooks`);
    expect(list.body).not.toContain(next);
    expect(list.json().data[0]).toMatchObject({ id: webhook.id, is_active: 0 });
    await removeAll();
  });

  it('refuses at save the URLs the outbound rules refuse: 422 on url', async () => {
    for (const url of [
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://localhost:8443/hook',
      'https://127.0.0.1.nip.io.invalid@192.168.1.1/hook',
      'http://example.com/hook',
      'ftp://example.com/hook',
    ]) {
      const res = await create({ url, events: ['delivered'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url, url).toHaveLength(1);
    }
    const http = await create({ url: 'http://example.com/hook', events: ['delivered'] });
    expect(http.json().errors.url).toEqual([WEBHOOK_MSG.urlHost]);
    expect((await create({ url: receiver.url, events: [] })).json().errors.events).toEqual([WEBHOOK_MSG.events]);
    expect((await t.handle.db.selectFrom('webhooks').select('id').execute()).length).toBe(0);
  });

  it(`keeps at most ${WEBHOOKS_PER_WEBSITE} webhooks per website`, async () => {
    for (let i = 0; i < WEBHOOKS_PER_WEBSITE; i++) {
      expect((await create({ url: `${receiver.url}?n=${i}`, events: ['clicked'], is_active: 0 })).statusCode).toBe(201);
    }
    const over = await create({ url: receiver.url, events: ['clicked'] });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(WEBHOOK_MSG.limit);
    await removeAll();
  });

  it("answers 404 for another client's website and webhooks, 403 without the permission", async () => {
    const { webhook } = (await create({ url: receiver.url, events: ['delivered'], is_active: 0 })).json().data;
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.get(`/api/v1/domains/${site.id}/webhooks`)).statusCode).toBe(404);
    expect((await create({ url: receiver.url, events: ['delivered'] }, globex)).statusCode).toBe(404);
    // a refused URL does not tell another client's website from a missing one
    expect((await create({ url: 'https://10.0.0.1/', events: ['delivered'] }, globex)).statusCode).toBe(404);
    const put = await globex.request('PUT', `/api/v1/webhooks/${webhook.id}`, { body: { url: 'https://10.0.0.1/' } });
    expect(put.statusCode).toBe(404);
    for (const [method, path, body] of [
      ['PUT', '', { is_active: 1 }],
      ['DELETE', '', undefined],
      ['POST', '/roll-secret', undefined],
      ['POST', '/test', undefined],
      ['GET', '/attempts', undefined],
    ] as const) {
      const res = await globex.request(method, `/api/v1/webhooks/${webhook.id}${path}`, body ? { body } : {});
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().message).toBe(WEBHOOK_MSG.notFound);
    }
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await viewer.get(`/api/v1/domains/${site.id}/webhooks`)).statusCode).toBe(403);
    expect((await viewer.post(`/api/v1/webhooks/${webhook.id}/test`)).statusCode).toBe(403);
    expect(received()).toBe(0);
    await removeAll();
  });
  const received = () => receiver.received.length;

  it('sends a test event now, signed (verified with WebCrypto), and lists the attempt', async () => {
    const { webhook, secret } = (await create({ url: receiver.url, events: ['delivered'] })).json().data;
    const before = received();
    const res = await owner.post(`/api/v1/webhooks/${webhook.id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ok: true, status_code: 200, event_type: 'test', attempt: 1 });
    expect(received()).toBe(before + 1);
    const got = receiver.received.at(-1)!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['pushdeck-event']).toBe('test');
    expect(got.headers['pushdeck-delivery']).toBe(res.json().data.delivery_id);
    expect(await verifySignature(secret, String(got.headers['pushdeck-signature']), got.body)).toBe(true);
    expect(await verifySignature(`${secret}x`, String(got.headers['pushdeck-signature']), got.body)).toBe(false);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'test', website_id: site.id, data: { webhook_id: webhook.id } });
    const attempts = (await owner.get(`/api/v1/webhooks/${webhook.id}/attempts`)).json().data;
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ ok: true, status_code: 200, event_type: 'test' });
    // the receiver failing: recorded as a failed attempt, not retried
    receiver.answer(503);
    const failed = await owner.post(`/api/v1/webhooks/${webhook.id}/test`);
    expect(failed.json().data).toMatchObject({ ok: false, status_code: 503 });
    const listed = (await owner.get(`/api/v1/domains/${site.id}/webhooks`)).json().data[0];
    expect(listed.last_attempt).toMatchObject({ ok: false, status_code: 503 });
    await removeAll();
  });

  it('delivers a delivered and a clicked event, retried after the receiver fails until it answers 2xx', async () => {
    const { webhook, secret } = (await create({ url: receiver.url, events: ['delivered', 'clicked'] })).json().data;
    const message = await sentMessage();
    receiver.answer(500, 502);
    const before = received();
    const c = new TestClient(t.app);
    expect((await c.post('/api/public/v1/delivered', { m: message.m })).json().data.counted).toBe(true);
    const [delivery] = await waitFor(async () => {
      const rows = await deliveries(webhook.id);
      return rows.length === 1 && rows[0]!.status === 'delivered' && rows;
    });
    expect(delivery!.attempts).toBe(3);
    const posts = receiver.received.slice(before);
    expect(posts.map((p) => p.status)).toEqual([500, 502, 200]);
    for (const p of posts) {
      // every retry posts the same body and delivery id, signed anew
      expect(p.body).toBe(posts[0]!.body);
      expect(p.headers['pushdeck-delivery']).toBe(delivery!.id);
      expect(await verifySignature(secret, String(p.headers['pushdeck-signature']), p.body)).toBe(true);
    }
    const body = JSON.parse(posts[0]!.body);
    expect(body).toEqual({
      id: delivery!.event_id,
      type: 'delivered',
      created_at: expect.any(String),
      website_id: site.id,
      data: {
        message_id: message.ledgerId,
        subscriber_id: message.subscriberId,
        drip_id: expect.any(Number),
        type: 'instant',
      },
    });
    const attempts = (await owner.get(`/api/v1/webhooks/${webhook.id}/attempts`)).json().data;
    expect(attempts.map((a: { status_code: number; attempt: number }) => [a.attempt, a.status_code])).toEqual([
      [3, 200],
      [2, 502],
      [1, 500],
    ]);
    expect((await c.post('/api/public/v1/clicked', { m: message.m, action: 'button1' })).json().data.counted).toBe(
      true,
    );
    const clicked = await waitFor(async () => {
      const rows = await deliveries(webhook.id);
      return rows.length === 2 && rows[1]!.status === 'delivered' && rows[1]!;
    });
    expect(JSON.parse(clicked.body)).toMatchObject({ type: 'clicked', data: { action: 'button1' } });
    await removeAll();
  });

  it('gives up after 6 attempts and marks the delivery failed', async () => {
    const { webhook } = (await create({ url: receiver.url, events: ['delivered'] })).json().data;
    const message = await sentMessage();
    receiver.answer(500, 500, 500, 500, 500, 500);
    await new TestClient(t.app).post('/api/public/v1/delivered', { m: message.m });
    const [delivery] = await waitFor(async () => {
      const rows = await deliveries(webhook.id);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(delivery!.attempts).toBe(6);
    expect((await owner.get(`/api/v1/webhooks/${webhook.id}/attempts`)).json().data).toHaveLength(6);
    await removeAll();
  });

  it('tells unsubscribes and the subscribers a push service answered 404 or 410', async () => {
    const { webhook } = (await create({ url: receiver.url, events: ['unsubscribed', 'deactivated'] })).json().data;
    const gone = await sentMessage(410);
    const deactivated = await waitFor(async () => (await deliveries(webhook.id))[0]);
    expect(JSON.parse(deactivated.body)).toMatchObject({
      type: 'deactivated',
      data: { subscriber_id: gone.subscriberId, message_id: gone.ledgerId, reason: 'expired', status_code: 410 },
    });
    const { sub, id } = await subscribe(t, push, site);
    await new TestClient(t.app).post('/api/public/v1/unsubscribe', {
      website_id: site.website_id,
      endpoint: sub.endpoint,
    });
    const unsubscribed = await waitFor(async () => (await deliveries(webhook.id))[1]);
    expect(JSON.parse(unsubscribed.body)).toMatchObject({
      type: 'unsubscribed',
      data: { subscriber_id: id, full: false },
    });
    await waitFor(async () => (await deliveries(webhook.id)).every((d) => d.status === 'delivered'));
    await removeAll();
  });

  it('writes nothing for events no active webhook wants, and posts nothing for a webhook switched off since', async () => {
    const { webhook } = (await create({ url: receiver.url, events: ['clicked'] })).json().data;
    const message = await sentMessage();
    const c = new TestClient(t.app);
    // delivered: not wanted by any webhook
    expect((await c.post('/api/public/v1/delivered', { m: message.m })).json().data.counted).toBe(true);
    expect(await deliveries(webhook.id)).toHaveLength(0);
    // switched off: no delivery written
    await owner.request('PUT', `/api/v1/webhooks/${webhook.id}`, { body: { is_active: 0 } });
    expect((await c.post('/api/public/v1/clicked', { m: message.m })).json().data.counted).toBe(true);
    expect(await deliveries(webhook.id)).toHaveLength(0);
    await removeAll();
  });
  it('asks the database nothing per event when no active webhook wants it (the hot paths stay as they were)', async () => {
    const { webhook } = (await create({ url: receiver.url, events: ['clicked'] })).json().data;
    let queries = 0;
    const counting = t.handle.db.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const emitter = new WebhookEmitter(t.handle.db, t.jobs);
    const events: WebhookEvent[] = Array.from({ length: 200 }, (_, i) => ({
      type: 'delivered',
      domainId: site.id,
      at: new Date(),
      data: { message_id: i },
    }));
    // the first question after a change reads the active webhooks once; then nothing, whatever the number of events
    await emitter.emit(counting, events);
    expect(queries).toBeLessThanOrEqual(1);
    queries = 0;
    await emitter.emit(counting, events);
    await emitter.emit(counting, [{ type: 'unsubscribed', domainId: site.id + 1000, at: new Date(), data: {} }]);
    expect(queries).toBe(0);
    expect(await deliveries(webhook.id)).toHaveLength(0);
    await removeAll();
  });

  it(`keeps finished deliveries ${WEBHOOK_RETENTION_DAYS} days, and pending ones until they finish`, async () => {
    const { webhook } = (await create({ url: receiver.url, events: ['clicked'] })).json().data;
    await owner.post(`/api/v1/webhooks/${webhook.id}/test`);
    await owner.post(`/api/v1/webhooks/${webhook.id}/test`);
    const [old, recent] = await deliveries(webhook.id);
    const longAgo = new Date(Date.now() - (WEBHOOK_RETENTION_DAYS + 1) * 86_400_000);
    await t.handle.db
      .updateTable('webhook_deliveries')
      .set({ created_at: longAgo })
      .where('id', '=', old!.id)
      .execute();
    await t.handle.db
      .insertInto('webhook_deliveries')
      .values({
        id: crypto.randomUUID(),
        webhook_id: webhook.id,
        client_id: site.client_id,
        event_id: crypto.randomUUID(),
        event_type: 'clicked',
        body: '{}',
        created_at: longAgo,
      })
      .execute();
    const service = new WebhookDeliveryService(t.handle.db, t.box, new WebhookHostPolicy(t.config.webhookHosts));
    expect(await service.prune()).toBe(1);
    const left = await deliveries(webhook.id);
    expect(left.map((d) => d.status).sort()).toEqual(['delivered', 'pending']);
    expect(left.some((d) => d.id === recent!.id)).toBe(true);
    expect((await owner.get(`/api/v1/webhooks/${webhook.id}/attempts`)).json().data).toHaveLength(1);
    await removeAll();
  });
});
