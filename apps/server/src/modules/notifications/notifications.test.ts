import {
  API_KEY_MSG,
  DRIP_MSG,
  MSG,
  NOTIFICATION_MSG,
  type NotificationAccepted,
  type NotificationStatus,
} from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, withKey } from '../../test/api-keys.ts';
import { testBackends } from '../../test/backends.ts';
import { startPushService, subscribe, waitFor, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';

type Push = Awaited<ReturnType<typeof startPushService>>;
const SEND = '/api/server/v1/notifications';
const GERMAN = { filters: [{ language: { type: 'and', operator: '=', values: ['de-DE'] } }] };

/** The server API's send and status calls: scopes, tenancy, validation, Idempotency-Key (issue #27). */
describe.each(testBackends())('POST/GET /api/server/v1/notifications on $name', (backend) => {
  let t: TestApp;
  let push: Push;
  let shop: Awaited<ReturnType<typeof websiteOf>>;
  let blog: Awaited<ReturnType<typeof websiteOf>>;
  let news: Awaited<ReturnType<typeof websiteOf>>;
  let acme: string;
  let globex: string;
  let shopSubscriber: { id: number; sub: { id: string } };
  let shopSegment: number;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, {
      work: true,
      local: { origin: push.origin, ca: push.ca! },
      sender: { maxAttempts: 2, backoffBaseMs: 20, timeoutMs: 3000 },
    });
    shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    blog = await websiteOf(t.handle.db, 'https://blog.acme.test');
    news = await websiteOf(t.handle.db, 'https://news.globex.test');
    acme = await createApiKey(t, { email: DEMO.client, scopes: ['send', 'stats'] });
    globex = await createApiKey(t, { email: DEMO.globex, scopes: ['send', 'stats'] });
    shopSubscriber = await subscribe(t, push, shop, { language: 'de-DE' });
    await subscribe(t, push, shop, { language: 'en-US' });
    await subscribe(t, push, news);
    shopSegment = (
      await t.handle.db
        .insertInto('segments')
        .values({
          domain_id: shop.id,
          client_id: shop.client_id,
          name: 'German speakers',
          query: JSON.stringify(GERMAN),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const message = { title: 'Breaking', body: 'A story just published', url: 'https://shop.acme.test/story' };
  const post = (key: string, body: object, headers?: Record<string, string>) =>
    withKey(t, key, 'POST', SEND, { body, ...(headers ? { headers } : {}) });
  const sendsOf = async (clientId: number) =>
    Number(
      (
        await t.handle.db
          .selectFrom('api_sends')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('client_id', '=', clientId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers 202 with the id, status, recipients and times, for each kind of target', async () => {
    const toList = await post(acme, { website_id: shop.id, subscriber_ids: [shopSubscriber.id], ...message });
    expect(toList.statusCode, toList.body).toBe(202);
    const data = toList.json().data as NotificationAccepted;
    expect(data).toMatchObject({ status: 'sending', recipients: 1, send_at: null });
    expect(Number.isNaN(Date.parse(data.created_at))).toBe(false);
    const toSegment = await post(acme, { website_id: shop.id, segment_id: shopSegment, ...message });
    expect(toSegment.json().data.recipients).toBe(1);
    const toAll = await post(acme, { website_id: shop.id, all: true, ...message });
    const active = await t.handle.db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('domain_id', '=', shop.id)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    expect(toAll.json().data.recipients).toBe(Number(active.n));
    // each is sent: the segment's to the German speaker only, the others to their recipients
    const settled = (id: number) =>
      waitFor(async () => {
        const s = (await withKey(t, acme, 'GET', `${SEND}/${id}`)).json().data as NotificationStatus;
        return s.status === 'done' && s;
      });
    const all = await settled(toAll.json().data.id);
    expect(all.counts.sent + all.counts.failed).toBe(Number(active.n));
    expect((await settled(data.id)).counts.sent).toBe(1);
    const done = await settled(toSegment.json().data.id);
    expect(done.counts.sent + done.counts.failed).toBe(1);
  });

  it('needs a key with the scope: 401 without one, 403 without send; status with send or stats', async () => {
    const none = await withKey(t, 'pd_nonsense', 'POST', SEND, {
      body: { website_id: shop.id, all: true, ...message },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(API_KEY_MSG.invalid);
    const statsOnly = await createApiKey(t, { email: DEMO.client, scopes: ['stats'] });
    const subscribersOnly = await createApiKey(t, { email: DEMO.client, scopes: ['subscribers'] });
    expect((await post(statsOnly, { website_id: shop.id, all: true, ...message })).statusCode).toBe(403);
    const sent = await post(acme, { website_id: shop.id, subscriber_ids: [shopSubscriber.id], ...message });
    const id = sent.json().data.id as number;
    expect((await withKey(t, statsOnly, 'GET', `${SEND}/${id}`)).statusCode).toBe(200);
    expect((await withKey(t, subscribersOnly, 'GET', `${SEND}/${id}`)).statusCode).toBe(403);
  });

  it("never lets a key of Globex reach Acme's websites, subscribers, segments or notifications", async () => {
    const before = await sendsOf(shop.client_id);
    const acmeWebsite = await post(globex, { website_id: shop.id, all: true, ...message });
    expect(acmeWebsite.statusCode).toBe(404);
    expect(acmeWebsite.json().message).toBe(DRIP_MSG.domainNotFound);
    // Acme's subscriber ids on Globex's website match nobody
    const acmeSubscribers = await post(globex, {
      website_id: news.id,
      subscriber_ids: [shopSubscriber.id],
      ...message,
    });
    expect(acmeSubscribers.statusCode).toBe(202);
    expect(acmeSubscribers.json().data.recipients).toBe(0);
    const acmeSegment = await post(globex, { website_id: news.id, segment_id: shopSegment, ...message });
    expect(acmeSegment.statusCode).toBe(422);
    expect(acmeSegment.json().errors.segment_id).toEqual([NOTIFICATION_MSG.segmentNotFound]);
    const acmeSend = await post(acme, { website_id: shop.id, subscriber_ids: [shopSubscriber.id], ...message });
    const read = await withKey(t, globex, 'GET', `${SEND}/${acmeSend.json().data.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: NOTIFICATION_MSG.notFound });
    expect(await sendsOf(shop.client_id)).toBe(before + 1);
    // a key limited to Acme's blog reaches neither the shop nor the shop's notifications
    const blogOnly = await createApiKey(t, { email: DEMO.client, scopes: ['send'], websiteIds: [blog.id] });
    expect((await post(blogOnly, { website_id: shop.id, all: true, ...message })).statusCode).toBe(404);
    expect((await withKey(t, blogOnly, 'GET', `${SEND}/${acmeSend.json().data.id}`)).statusCode).toBe(404);
    expect((await post(blogOnly, { website_id: blog.id, all: true, ...message })).statusCode).toBe(202);
  });

  it('takes the longest list: 10,000 subscribable ids of 255 characters', async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `${i}-`.padEnd(255, 'x'));
    const res = await post(acme, { website_id: shop.id, subscribable_ids: ids, ...message });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(202);
    expect(res.json().data.recipients).toBe(0);
  });

  it('refuses bad input with the editors’ texts, per field, and sends nothing', async () => {
    const before = await sendsOf(shop.client_id);
    const errorsOf = async (body: object, headers?: Record<string, string>) => {
      const res = await post(acme, body, headers);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    const base = { website_id: shop.id, ...message };
    expect((await errorsOf(base)).target).toEqual([NOTIFICATION_MSG.oneTarget]);
    expect((await errorsOf({ ...base, all: true, segment_id: shopSegment })).target).toEqual([
      NOTIFICATION_MSG.oneTarget,
    ]);
    expect((await errorsOf({ ...base, all: false })).all).toEqual([NOTIFICATION_MSG.all]);
    expect((await errorsOf({ ...base, all: true, title: 'x'.repeat(31) })).title).toEqual([DRIP_MSG.titleMax]);
    expect((await errorsOf({ ...base, all: true, title: '' })).title).toEqual([MSG.required]);
    expect((await errorsOf({ ...base, all: true, body: 'x'.repeat(51) })).body).toEqual([DRIP_MSG.bodyMax]);
    expect((await errorsOf({ ...base, all: true, url: 'javascript:alert(1)' })).url).toEqual([MSG.httpLink]);
    expect((await errorsOf({ ...base, all: true, icon: 'http://shop.acme.test/i.png' })).icon).toEqual([MSG.httpsLink]);
    const three = [1, 2, 3].map((n) => ({ title: `B${n}` }));
    expect((await errorsOf({ ...base, all: true, buttons: three })).buttons).toEqual([DRIP_MSG.buttonsMax]);
    expect((await errorsOf({ ...base, all: true, ttl: 2_419_201 })).ttl).toEqual([DRIP_MSG.ttl]);
    expect((await errorsOf({ ...base, all: true, urgency: 'urgent' })).urgency).toEqual([NOTIFICATION_MSG.urgency]);
    const tooMany = Array.from({ length: 10_001 }, (_, i) => i + 1);
    expect((await errorsOf({ ...base, subscriber_ids: tooMany })).subscriber_ids).toEqual([NOTIFICATION_MSG.listSize]);
    expect((await errorsOf({ ...base, subscribable_ids: ['a\nb'] }))['subscribable_ids.0']).toEqual([
      NOTIFICATION_MSG.subscribableId,
    ]);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect((await errorsOf({ ...base, all: true, send_at: past })).send_at).toEqual([NOTIFICATION_MSG.sendAtPast]);
    const far = new Date(Date.now() + 31 * 86_400_000).toISOString();
    expect((await errorsOf({ ...base, all: true, send_at: far })).send_at).toEqual([NOTIFICATION_MSG.sendAtFar]);
    expect((await errorsOf({ ...base, all: true, send_at: 'tomorrow' })).send_at).toEqual([
      NOTIFICATION_MSG.sendAtFormat,
    ]);
    expect((await errorsOf({ ...base, all: true }, { 'idempotency-key': 'x'.repeat(256) }))['Idempotency-Key']).toEqual(
      [NOTIFICATION_MSG.idempotencyKey],
    );
    expect(await sendsOf(shop.client_id)).toBe(before);
  });

  it('sends once for five concurrent retries with one Idempotency-Key, each answered the same', async () => {
    const { sub, id } = await subscribe(t, push, shop);
    const body = { website_id: shop.id, subscriber_ids: [id], ...message, title: 'Order shipped' };
    const headers = { 'idempotency-key': `order-1042-shipped-${backend.name}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(acme, body, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const sendId = answers[0]!.json().data.id as number;
    await waitFor(async () => {
      const s = (await withKey(t, acme, 'GET', `${SEND}/${sendId}`)).json().data as NotificationStatus;
      return s.status === 'done' && s;
    });
    expect(push.messages(sub.id).map((m) => (m.json as { title: string }).title)).toEqual(['Order shipped']);
    // later: the same answer again, nothing sent; the body's keys in another order are the same request
    const again = await post(
      acme,
      { ...message, title: 'Order shipped', subscriber_ids: [id], website_id: shop.id },
      headers,
    );
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(answers[0]!.body);
    expect(push.messages(sub.id)).toHaveLength(1);
    // another body with the key: 422; another key of the client may use the same Idempotency-Key
    const changed = await post(acme, { ...body, title: 'Order delivered' }, headers);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors['Idempotency-Key']).toEqual([NOTIFICATION_MSG.idempotencyReused]);
    const other = await createApiKey(t, { email: DEMO.client, scopes: ['send'] });
    const fresh = await post(other, body, headers);
    expect(fresh.statusCode).toBe(202);
    expect(fresh.json().data.id).not.toBe(sendId);
  });

  it('answers a retried scheduled send with its first answer after its time has passed', async () => {
    const sendAt = new Date(Date.now() + 1200).toISOString();
    const body = { website_id: shop.id, subscriber_ids: [shopSubscriber.id], ...message, send_at: sendAt };
    const headers = { 'idempotency-key': `scheduled-${backend.name}` };
    const first = await post(acme, body, headers);
    expect(first.statusCode).toBe(202);
    await waitFor(async () => Date.now() > Date.parse(sendAt) + 100);
    const retry = await post(acme, body, headers);
    expect(retry.statusCode).toBe(202);
    expect(retry.body).toBe(first.body);
  });

  it('keeps each Idempotency-Key 24 hours: an older one starts a new send', async () => {
    const body = { website_id: shop.id, subscriber_ids: [shopSubscriber.id], ...message };
    const headers = { 'idempotency-key': `day-old-${backend.name}` };
    const first = await post(acme, body, headers);
    await t.handle.db
      .updateTable('api_idempotency')
      .set({ created_at: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where('key', '=', headers['idempotency-key'])
      .execute();
    const later = await post(acme, body, headers);
    expect(later.statusCode).toBe(202);
    expect(later.json().data.id).not.toBe(first.json().data.id);
    // the maintenance job's sweep drops answers older than 24 h, and only those
    await t.handle.db
      .updateTable('api_idempotency')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('key', '=', headers['idempotency-key'])
      .execute();
    const kept = await t.handle.db.selectFrom('api_idempotency').select('key').execute();
    expect(await new IdempotencyRepository(t.handle.db).purge()).toBe(1);
    expect((await t.handle.db.selectFrom('api_idempotency').select('key').execute()).length).toBe(kept.length - 1);
  });
});
