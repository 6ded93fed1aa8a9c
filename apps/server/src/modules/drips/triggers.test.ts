import { DRIP_MSG, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { startPushService, subscribe, waitFor } from '../../test/delivery-fixtures.ts';
import { createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';
import { del, demoSites, fieldErrors, put, type Site } from './drip-test-kit.ts';

const trigger = (domainId: number, event: string, overrides: Record<string, unknown> = {}) => ({
  domain_id: domainId,
  type: 'trigger',
  event,
  title: 'Still thinking?',
  body: 'Your cart misses you',
  url: 'https://shop.acme.test/cart',
  customization: { requireInteraction: false, button1: { title: 'Back to cart' }, button2: { title: '' } },
  meta: { delay: 1500 },
  schedule: { after_days: 0, after_hours: 0, after_mins: 0 },
  ...overrides,
});

describe.each(testBackends())('triggers on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let news: Site;
  let user: TestClient;
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    // firing a trigger enqueues its fan-out job: run the queues against the local push service
    push = await startPushService();
    t = await createTestApp(backend, { work: true, local: { origin: push.origin, ca: push.ca! } });
    ({ shop, blog, news } = await demoSites(t));
    user = await signedIn(t, DEMO.user);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('creates a trigger (201) with its delay, buttons and a trigger schedule', async () => {
    const res = await user.post('/api/v1/drips', trigger(shop.id, 'cart_abandoned'));
    expect(res.statusCode).toBe(201);
    const drip = res.json().data;
    expect(drip).toMatchObject({ type: 'trigger', event: 'cart_abandoned', meta: { delay: 1500 }, is_active: 1 });
    expect(drip.customization).toEqual({ requireInteraction: false, ttl: 7200, button1: { title: 'Back to cart' } });
    expect(drip.schedules[0]).toMatchObject({ type: 'trigger', after_mins: 0 });
    const list = await user.get(`/api/v1/drips/trigger/get?where[domain_id]=${shop.id}&order_by=id:desc`);
    expect(list.json().data.map((d: { event: string }) => d.event)).toEqual(['cart_abandoned']);
  });

  it('needs a name (event) and a title, and keeps events unique among the live triggers of a website', async () => {
    const missing = await user.post('/api/v1/drips', trigger(shop.id, '', { title: '' }));
    expect(fieldErrors(missing)).toEqual({ title: [MSG.required], event: [MSG.required] });
    await user.post('/api/v1/drips', trigger(shop.id, 'signup'));
    const twice = await user.post('/api/v1/drips', trigger(shop.id, 'signup'));
    expect(fieldErrors(twice)).toEqual({ event: [DRIP_MSG.eventTaken] });
    expect((await user.post('/api/v1/drips', trigger(blog.id, 'signup'))).statusCode).toBe(201);
    const list = await user.post('/api/v1/drips/trigger/createOrUpdate', [
      trigger(shop.id, 'x1'),
      trigger(shop.id, 'x1'),
    ]);
    expect(fieldErrors(list)).toEqual({ '1.event': [DRIP_MSG.eventTaken] });
    expect(fieldErrors(await user.post('/api/v1/drips', trigger(shop.id, 'd', { meta: { delay: -5 } })))).toEqual({
      'meta.delay': [DRIP_MSG.delay],
    });
    // An event the subscriber site could never fire (pushmine.js and the trigger endpoint take 191) is refused.
    const tooLong = await user.post('/api/v1/drips', trigger(shop.id, 'e'.repeat(192)));
    expect(fieldErrors(tooLong)).toEqual({ event: [DRIP_MSG.eventMax] });
    expect((await user.post('/api/v1/drips', trigger(shop.id, 'e'.repeat(191)))).statusCode).toBe(201);
  });

  it('frees the event of a deleted trigger', async () => {
    const first = (await user.post('/api/v1/drips', trigger(shop.id, 'reuse'))).json().data;
    expect((await del(user, `/api/v1/drips/${first.id}`)).statusCode).toBe(200);
    expect((await user.post('/api/v1/drips', trigger(shop.id, 'reuse'))).statusCode).toBe(201);
  });

  it('edits with the whole object: url and message are required in the editor', async () => {
    const drip = (await user.post('/api/v1/drips', trigger(shop.id, 'edit_me'))).json().data;
    const { id, domain_id, created_at, updated_at, ...rest } = drip;
    void domain_id;
    void created_at;
    void updated_at;
    expect(fieldErrors(await put(user, `/api/v1/drips/${id}`, { ...rest, url: '', body: '' }))).toEqual({
      url: [MSG.required],
      body: [MSG.required],
    });
    const res = await put(user, `/api/v1/drips/${id}`, {
      ...rest,
      title: 'Edited',
      event: 'edited',
      meta: { delay: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      title: 'Edited',
      event: 'edited',
      domain_id: shop.id,
      meta: { delay: 0 },
    });
    const off = await put(user, `/api/v1/drips/${id}`, { ...rest, event: 'edited', is_active: 0 });
    expect(off.json().data.is_active).toBe(0);
  });

  it('fires from the subscriber site only while active: the stored row is what the engine sends', async () => {
    const drip = (await user.post('/api/v1/drips', trigger(shop.id, 'viewed_pricing', { meta: { delay: 0 } }))).json()
      .data;
    const sub = await subscribe(t, push, shop);
    const fire = () =>
      new TestClient(t.app).post('/api/public/v1/trigger', {
        website_id: shop.website_id,
        endpoint: sub.sub.endpoint,
        event: 'viewed_pricing',
      });
    expect((await fire()).statusCode).toBe(202);
    const occurrences = () =>
      t.handle.db.selectFrom('occurrences').select('subscriber_id').where('drip_id', '=', drip.id).execute();
    expect(await occurrences()).toEqual([{ subscriber_id: sub.id }]);
    await waitFor(async () => push.messages(sub.sub.id).length > 0);
    expect(push.messages(sub.sub.id).map((m) => (m.json as { title: string }).title)).toEqual(['Still thinking?']);
    await put(user, `/api/v1/drips/${drip.id}`, { ...drip, is_active: 0 });
    await fire();
    expect(await occurrences()).toHaveLength(1);
  });

  it('keeps viewers out of every write and other clients out of the trigger (404)', async () => {
    const drip = (await user.post('/api/v1/drips', trigger(shop.id, 'guarded'))).json().data;
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await viewer.get(`/api/v1/drips/trigger/get?where[domain_id]=${shop.id}`)).statusCode).toBe(200);
    expect((await viewer.post('/api/v1/drips', trigger(shop.id, 'v'))).statusCode).toBe(403);
    expect((await put(viewer, `/api/v1/drips/${drip.id}`, drip)).statusCode).toBe(403);
    expect((await del(viewer, `/api/v1/drips/${drip.id}`)).statusCode).toBe(403);
    expect((await viewer.post('/api/v1/drips/trigger/createOrUpdate', [trigger(shop.id, 'v')])).statusCode).toBe(403);
    const globex = await signedIn(t, DEMO.globex);
    expect((await put(globex, `/api/v1/drips/${drip.id}`, drip)).statusCode).toBe(404);
    expect((await del(globex, `/api/v1/drips/${drip.id}`)).statusCode).toBe(404);
    expect((await globex.post('/api/v1/drips', trigger(shop.id, 'theirs'))).statusCode).toBe(404);
    expect((await globex.post('/api/v1/drips', trigger(news.id, 'guarded'))).statusCode).toBe(201);
  });
});
