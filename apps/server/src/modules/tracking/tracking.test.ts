import { NOTIFICATION_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { rollup, startPushService, subscribe, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.ts';

describe.each(testBackends())('public tracking endpoints on $name', (backend) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let site: Awaited<ReturnType<typeof websiteOf>>;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { local: { origin: push.origin, ca: push.ca! } });
    site = await websiteOf(t.handle.db, 'https://shop.acme.test');
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('subscribes with the fields pushmine.js sends, counts it once, and answers CORS without a session', async () => {
    const before = await rollup(t.handle.db, site.id);
    const { sub, id } = await subscribe(t, push, site, { language: 'uk-UA', timezone: 'Europe/Kyiv' });
    const row = await t.handle.db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      endpoint: sub.endpoint,
      language: 'uk-UA',
      timezone: 'Europe/Kyiv',
      is_active: 1,
      client_id: site.client_id,
    });
    expect((await rollup(t.handle.db, site.id)).subscribed).toBe(before.subscribed + 1);
    // the same subscription again: updated, not counted twice
    const again = await new TestClient(t.app).post('/api/public/v1/subscribe', {
      website_id: site.website_id,
      subscription: { endpoint: sub.endpoint, keys: sub.keys },
    });
    expect(again.json().data.id).toBe(id);
    expect((await rollup(t.handle.db, site.id)).subscribed).toBe(before.subscribed + 1);
    const preflight = await new TestClient(t.app).request('OPTIONS', '/api/public/v1/subscribe', {
      headers: { origin: 'https://shop.acme.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses endpoints that are not a push service, and unknown websites', async () => {
    const c = new TestClient(t.app);
    const keys = push.createSubscription().keys;
    for (const endpoint of [
      'http://127.0.0.1:5432/x',
      'https://169.254.169.254/latest',
      'https://internal.example/push',
      'ftp://x/y',
    ]) {
      const res = await c.post('/api/public/v1/subscribe', {
        website_id: site.website_id,
        subscription: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors['subscription.endpoint']).toBeDefined();
    }
    const unknown = await c.post('/api/public/v1/subscribe', {
      website_id: 'nope',
      subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await c.post('/api/public/v1/subscribe', {
      website_id: site.website_id,
      subscription: { endpoint: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('replaces a rotated subscription, records visits and unsubscribes', async () => {
    const { sub, id } = await subscribe(t, push, site);
    const next = push.createSubscription({ applicationServerKey: site.vapid_public_key! });
    const c = new TestClient(t.app);
    const replaced = await c.post('/api/public/v1/subscribe', {
      website_id: site.website_id,
      subscription: { endpoint: next.endpoint, keys: next.keys },
      old_endpoint: sub.endpoint,
    });
    expect(replaced.json().data.id).toBe(id);
    await c.post('/api/public/v1/visit', {
      website_id: site.website_id,
      endpoint: next.endpoint,
      url: 'https://shop.acme.test/cart',
    });
    const before = await rollup(t.handle.db, site.id);
    expect(
      (await c.post('/api/public/v1/unsubscribe', { website_id: site.website_id, endpoint: next.endpoint })).statusCode,
    ).toBe(200);
    const row = await t.handle.db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      endpoint: next.endpoint,
      last_url_visited: 'https://shop.acme.test/cart',
      is_active: 0,
      status: 'unsubscribed',
    });
    const after = await rollup(t.handle.db, site.id);
    expect([after.unsubscribed, after.full_unsubscribed]).toEqual([before.unsubscribed + 1, before.full_unsubscribed]);
  });

  it('counts a subscription whose permission the browser withdrew as unsubscribed and fully unsubscribed, once', async () => {
    const { sub, id } = await subscribe(t, push, site);
    const c = new TestClient(t.app);
    const before = await rollup(t.handle.db, site.id);
    const body = { website_id: site.website_id, endpoint: sub.endpoint, full: true };
    expect((await c.post('/api/public/v1/unsubscribe', body)).statusCode).toBe(200);
    expect((await c.post('/api/public/v1/unsubscribe', body)).statusCode).toBe(200);
    const row = await t.handle.db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_active: 0, status: 'unsubscribed' });
    const after = await rollup(t.handle.db, site.id);
    expect([after.unsubscribed, after.full_unsubscribed]).toEqual([
      before.unsubscribed + 1,
      before.full_unsubscribed + 1,
    ]);
    const bad = await c.post('/api/public/v1/unsubscribe', { ...body, full: 'yes' });
    expect(bad.statusCode).toBe(422);
  });

  it("sets the site's own id with identify: validated, replaced by the next one, kept through a rotation", async () => {
    const c = new TestClient(t.app);
    const { sub, id } = await subscribe(t, push, site);
    const identify = (subscribable_id: unknown, endpoint = sub.endpoint) =>
      c.post('/api/public/v1/identify', { website_id: site.website_id, endpoint, subscribable_id });
    const stored = async () =>
      (
        await t.handle.db
          .selectFrom('subscribers')
          .select('subscribable_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).subscribable_id;
    const generated = await stored();
    for (const bad of ['', 'x'.repeat(256), 'tab\there', ' user-42', 42]) {
      const res = await identify(bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.subscribable_id).toEqual([NOTIFICATION_MSG.subscribableId]);
    }
    expect(await stored()).toBe(generated);
    expect((await identify('user-42')).json().data).toEqual({ changed: true });
    expect((await identify('user-42')).json().data).toEqual({ changed: false });
    expect((await identify('Ülrike #7')).json().data).toEqual({ changed: true });
    expect(await stored()).toBe('Ülrike #7');
    expect((await identify('user-42', `${sub.endpoint}x`)).statusCode).toBe(404);
    // a rotated subscription keeps the id
    const rotated = push.createSubscription({ applicationServerKey: site.vapid_public_key! });
    const res = await c.post('/api/public/v1/subscribe', {
      website_id: site.website_id,
      subscription: { endpoint: rotated.endpoint, keys: rotated.keys },
      old_endpoint: sub.endpoint,
    });
    expect(res.json().data.id).toBe(id);
    expect(await stored()).toBe('Ülrike #7');
  });

  it('refuses forged delivery pings', async () => {
    const c = new TestClient(t.app);
    const res = await c.post('/api/public/v1/delivered', { m: '1.AAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(422);
  });

  it('limits subscriptions per IP', async () => {
    const c = new TestClient(t.app, '198.51.100.7');
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (
        await c.post('/api/public/v1/unsubscribe', {
          website_id: site.website_id,
          endpoint: `https://fcm.googleapis.com/x${i}`,
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
