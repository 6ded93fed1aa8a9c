import { DOMAIN_MSG, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { startPushService, subscribe } from '../../test/delivery-fixtures.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';
import { clientUids, del, domainRow, fieldErrors, put, urlsOf } from './domain-test-kit.ts';

describe.each(testBackends())('adding, changing and deleting websites on $name', (backend) => {
  let t: TestApp;
  let uids: { acme: string; globex: string };
  let newsId: number;
  let shop: { id: number; client_id: number };
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { local: { origin: push.origin, ca: push.ca! } });
    shop = await domainRow(t, 'https://shop.acme.test');
    uids = await clientUids(t);
    newsId = (await domainRow(t, 'https://news.globex.test')).id;
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('adds a website with a normalised URL, its own website_id and VAPID keys', async () => {
    const acme = await signedIn(t, DEMO.client);
    const res = await acme.post('/api/v1/domains', { url: '  HTTPS://Store.Acme.TEST:443/landing?utm=1 ' });
    expect(res.statusCode).toBe(201);
    const domain = res.json().data;
    expect(domain).toMatchObject({ url: 'https://store.acme.test', is_active: 1, postback: null, domain_tags: [] });
    expect(res.json().message).toBe(DOMAIN_MSG.originOnly('https://store.acme.test', '/landing?utm=1'));
    expect(res.body).not.toContain('vapid_private_key');
    const row = await domainRow(t, 'https://store.acme.test');
    expect(row.client_id).toBe(shop.client_id);
    expect(row.website_id).toBe(domain.website_id);
    expect(row.vapid_public_key).toBe(domain.vapid_public_key);
    expect(row.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(t.box.open(row.vapid_private_key!)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(row.vapid_private_key!);
    const ids = await t.handle.db.selectFrom('domains').select(['website_id', 'vapid_public_key']).execute();
    expect(new Set(ids.map((d) => d.website_id)).size).toBe(ids.length);
    expect(new Set(ids.map((d) => d.vapid_public_key)).size).toBe(ids.length);
    expect(urlsOf(await acme.get('/api/v1/domains'))).toContain('https://store.acme.test');
  });

  it('says that only the origin is kept when a path, query or fragment is typed, and nothing when none is', async () => {
    const acme = await signedIn(t, DEMO.client);
    const bare = await acme.post('/api/v1/domains', { url: 'https://origin.acme.test/' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().message).toBeUndefined();
    const { id } = bare.json().data;
    const renamed = await put(acme, `/api/v1/domains/${id}`, {
      fcm_conf: 'client',
      url: 'origin2.acme.test/blog/#top',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      data: { url: 'https://origin2.acme.test' },
      message: DOMAIN_MSG.originOnly('https://origin2.acme.test', '/blog/#top'),
    });
    const plain = await put(acme, `/api/v1/domains/${id}`, { fcm_conf: 'client', url: 'https://origin3.acme.test' });
    expect(plain.json().message).toBeUndefined();
  });

  it('refuses a website already added to the client, but another client may add the same one', async () => {
    const acme = await signedIn(t, DEMO.client);
    for (const url of ['https://shop.acme.test', 'shop.acme.test/other', 'HTTPS://SHOP.ACME.TEST']) {
      const res = await acme.post('/api/v1/domains', { url });
      expect(fieldErrors(res)).toEqual({ url: [DOMAIN_MSG.alreadyAdded] });
      expect(res.json().message).toBe(DOMAIN_MSG.alreadyAdded);
    }
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.post('/api/v1/domains', { url: 'https://shop.acme.test' })).statusCode).toBe(201);
  });

  it('answers 422 with field messages for a missing, empty, too long or non-http(s) URL', async () => {
    const acme = await signedIn(t, DEMO.client);
    expect(fieldErrors(await acme.post('/api/v1/domains', {}))).toEqual({ url: [MSG.required] });
    expect(fieldErrors(await acme.post('/api/v1/domains', { url: '   ' }))).toEqual({ url: [MSG.required] });
    expect(fieldErrors(await acme.post('/api/v1/domains', { url: 'ftp://x.test' }))).toEqual({
      url: [DOMAIN_MSG.invalidUrl],
    });
    expect(fieldErrors(await acme.post('/api/v1/domains', { url: `https://${'a'.repeat(2050)}.test` }))).toEqual({
      url: [DOMAIN_MSG.urlMax],
    });
  });

  it('answers 422 for a host that is a single name (nan, infinity, localhost), on create and on rename', async () => {
    const acme = await signedIn(t, DEMO.client);
    const { id } = await domainRow(t, 'https://blog.acme.test');
    for (const url of ['https://nan', 'https://infinity', 'http://localhost:3000', 'intranet/', 'https://127.1']) {
      expect(fieldErrors(await acme.post('/api/v1/domains', { url })), url).toEqual({ url: [DOMAIN_MSG.realHost] });
      expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { url })), url).toEqual({
        url: [DOMAIN_MSG.realHost],
      });
    }
    expect((await domainRow(t, 'https://blog.acme.test')).id).toBe(id);
    const local = await acme.post('/api/v1/domains', { url: 'http://127.0.0.1:8080' });
    expect([local.statusCode, local.json().data.url]).toEqual([201, 'http://127.0.0.1:8080']);
  });

  it('makes staff choose a client first, then adds to that client', async () => {
    for (const staff of [await signedIn(t, DEMO.moder), await signedIn(t, ADMIN.email, ADMIN.password)]) {
      const res = await staff.post('/api/v1/domains', { url: 'https://staff.example.test' });
      expect(fieldErrors(res)).toEqual({ client: [MSG.selectClient] });
      expect(res.json().message).toBe(MSG.selectClient);
    }
    const moder = await signedIn(t, DEMO.moder);
    const res = await moder.post('/api/v1/domains', { url: 'https://staff.example.test' }, { client: uids.globex });
    expect(res.statusCode).toBe(201);
    expect(urlsOf(await (await signedIn(t, DEMO.globex)).get('/api/v1/domains'))).toContain(
      'https://staff.example.test',
    );
  });

  it('sets the postback, validating it', async () => {
    const acme = await signedIn(t, DEMO.client);
    const { id } = await domainRow(t, 'https://blog.acme.test');
    const body = { id, fcm_conf: 'client' };
    for (const postback of ['', '   ', null]) {
      expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { ...body, postback }))).toEqual({
        postback: [DOMAIN_MSG.postbackRequired],
      });
    }
    for (const postback of ['not a url', 'javascript:alert(1)', `https://x.test/${'a'.repeat(2048)}`]) {
      expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { ...body, postback }))).toHaveProperty('postback');
    }
    const ok = await put(acme, `/api/v1/domains/${id}`, { ...body, postback: 'https://crm.acme.test/hook?x=1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.postback).toBe('https://crm.acme.test/hook?x=1');
    expect((await acme.get(`/api/v1/domains/${id}`)).json().data[0].postback).toBe('https://crm.acme.test/hook?x=1');
  });

  it('switches a website off and on with is_active 0/1 only', async () => {
    const acme = await signedIn(t, DEMO.client);
    const { id } = await domainRow(t, 'https://blog.acme.test');
    const off = await put(acme, `/api/v1/domains/${id}`, { id, fcm_conf: 'client', is_active: 0 });
    expect(off.json().data.is_active).toBe(0);
    expect((await domainRow(t, 'https://blog.acme.test')).is_active).toBe(0);
    const on = await put(acme, `/api/v1/domains/${id}`, { fcm_conf: 'client', is_active: 1 });
    expect(on.json().data.is_active).toBe(1);
    for (const is_active of [2, 'yes', true]) {
      expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { is_active }))).toEqual({
        is_active: [DOMAIN_MSG.isActive],
      });
    }
    expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { fcm_conf: 'client' }))).toEqual({
      _: [DOMAIN_MSG.nothingToUpdate],
    });
    expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { fcm_conf: 'server', is_active: 1 }))).toEqual({
      fcm_conf: [DOMAIN_MSG.fcmConf],
    });
    expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { id: id + 1, is_active: 1 }))).toEqual({
      id: [DOMAIN_MSG.idMismatch],
    });
  });

  it('renames a website: empty → Required., duplicates refused, URL normalised', async () => {
    const acme = await signedIn(t, DEMO.client);
    const { id } = await domainRow(t, 'https://blog.acme.test');
    expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { fcm_conf: 'client', url: '' }))).toEqual({
      url: [MSG.required],
    });
    expect(fieldErrors(await put(acme, `/api/v1/domains/${id}`, { url: 'https://shop.acme.test/x' }))).toEqual({
      url: [DOMAIN_MSG.alreadyAdded],
    });
    const same = await put(acme, `/api/v1/domains/${id}`, { url: 'https://BLOG.acme.test/' });
    expect(same.statusCode).toBe(200);
    const renamed = await put(acme, `/api/v1/domains/${id}`, { fcm_conf: 'client', url: 'Journal.Acme.test/blog' });
    expect(renamed.json().data).toMatchObject({ id, url: 'https://journal.acme.test' });
    expect((await acme.get(`/api/v1/domains/${id}`)).json().data[0].url).toBe('https://journal.acme.test');
  });

  it("answers 404 for another client's website on update and delete, and changes nothing", async () => {
    const acme = await signedIn(t, DEMO.client);
    expect((await put(acme, `/api/v1/domains/${newsId}`, { is_active: 0 })).statusCode).toBe(404);
    expect((await put(acme, `/api/v1/domains/${newsId}`, { url: 'https://x.test' })).statusCode).toBe(404);
    expect((await del(acme, `/api/v1/domains/${newsId}`)).statusCode).toBe(404);
    const moder = await signedIn(t, DEMO.moder);
    expect((await del(moder, `/api/v1/domains/${newsId}`, { client: uids.acme })).statusCode).toBe(404);
    const news = await domainRow(t, 'https://news.globex.test');
    expect(news).toMatchObject({ is_active: 1, deleted_at: null });
  });

  it('lets role viewer write nothing, role user add and change but not delete', async () => {
    const viewer = await signedIn(t, DEMO.viewer);
    const { id } = shop;
    expect((await viewer.post('/api/v1/domains', { url: 'https://v.test' })).statusCode).toBe(403);
    expect((await put(viewer, `/api/v1/domains/${id}`, { is_active: 0 })).statusCode).toBe(403);
    expect((await del(viewer, `/api/v1/domains/${id}`)).statusCode).toBe(403);
    const user = await signedIn(t, DEMO.user);
    expect((await put(user, `/api/v1/domains/${id}`, { postback: 'https://u.test' })).statusCode).toBe(200);
    expect((await del(user, `/api/v1/domains/${id}`)).statusCode).toBe(403);
    expect((await user.post('/api/v1/domains', { url: 'https://user-site.test' })).statusCode).toBe(201);
    expect((await new TestClient(t.app).get(`/api/v1/domains/${id}`)).statusCode).toBe(401);
  });

  it('soft-deletes: deleted_at set, gone from lists, 404 afterwards, no more subscriptions', async () => {
    const acme = await signedIn(t, DEMO.client);
    const created = (await acme.post('/api/v1/domains', { url: 'https://doomed.acme.test' })).json().data;
    await subscribe(t, push, created);
    const res = await del(acme, `/api/v1/domains/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deleted_at).toMatch(/^\d{4}-/);
    const row = await domainRow(t, 'https://doomed.acme.test');
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(urlsOf(await acme.get('/api/v1/domains'))).not.toContain('https://doomed.acme.test');
    expect(urlsOf(await acme.get('/api/v1/domains/get'))).not.toContain('https://doomed.acme.test');
    expect((await acme.get(`/api/v1/domains/${created.id}`)).statusCode).toBe(404);
    expect((await put(acme, `/api/v1/domains/${created.id}`, { is_active: 1 })).statusCode).toBe(404);
    expect((await del(acme, `/api/v1/domains/${created.id}`)).statusCode).toBe(404);
    await expect(subscribe(t, push, created)).rejects.toThrow(/subscribe failed 404/);
    // the same address may be added again once the old one is deleted
    const again = await acme.post('/api/v1/domains', { url: 'https://doomed.acme.test' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.website_id).not.toBe(created.website_id);
  });
});
