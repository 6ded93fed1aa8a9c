import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';
import { clientUids, domainRow, fieldErrors, makeTag, urlsOf } from './domain-test-kit.ts';

describe.each(testBackends())('reading websites on $name', (backend) => {
  let t: TestApp;
  let uids: { acme: string; globex: string };
  let shop: Awaited<ReturnType<typeof domainRow>>;
  let news: Awaited<ReturnType<typeof domainRow>>;
  let geoTag: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    uids = await clientUids(t);
    shop = await domainRow(t, 'https://shop.acme.test');
    news = await domainRow(t, 'https://news.globex.test');
    const admin = await signedIn(t, ADMIN.email, ADMIN.password);
    geoTag = await makeTag(admin, 'Germany', 'geo');
    const added = await admin.post(`/api/v1/domains/addTags/${shop.id}?tags[]=${geoTag}`);
    expect(added.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('tells when the newest subscriber of a website subscribed (null before any)', async () => {
    const c = await signedIn(t, DEMO.client);
    const before = (await c.get(`/api/v1/domains/${shop.id}`)).json().data[0];
    expect(before.last_subscribed_at).toBeNull();
    const at = new Date('2026-01-02T03:04:05.000Z');
    await t.handle.db
      .insertInto('subscribers')
      .values({
        domain_id: shop.id,
        client_id: shop.client_id,
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        p256dh: 'p',
        auth: 'a',
        created_at: at,
      })
      .execute();
    const after = (await c.get(`/api/v1/domains/${shop.id}`)).json().data[0];
    expect(after.last_subscribed_at).toBe(at.toISOString());
  });

  it('lists only the actor client’s live websites on /domains and /domains/get', async () => {
    const acme = await signedIn(t, DEMO.client);
    for (const path of ['/api/v1/domains', '/api/v1/domains/get']) {
      expect(urlsOf(await acme.get(path))).toEqual(['https://blog.acme.test', 'https://shop.acme.test']);
    }
    const globex = await signedIn(t, DEMO.globex);
    expect(urlsOf(await globex.get('/api/v1/domains/get'))).toEqual(['https://news.globex.test']);
  });

  it('embeds domain_tags with with[domain_tags]=* and leaves them out otherwise', async () => {
    const acme = await signedIn(t, DEMO.client);
    const res = await acme.get('/api/v1/domains/get?with[domain_tags]=*&order_by=id:asc');
    expect(res.statusCode).toBe(200);
    const rows: { id: number; domain_tags: unknown[] }[] = res.json().data;
    expect(rows.find((r) => r.id === shop.id)!.domain_tags).toEqual([{ id: geoTag, name: 'Germany', type: 'geo' }]);
    expect(rows.find((r) => r.id !== shop.id)!.domain_tags).toEqual([]);
    const plain = (await acme.get('/api/v1/domains/get')).json().data;
    expect(plain[0]).not.toHaveProperty('domain_tags');
    const bad = await acme.get('/api/v1/domains/get?with[subscribers]=*');
    expect(Object.keys(fieldErrors(bad))).toEqual(['with[subscribers]']);
  });

  it('pages with limit/offset and select, as the SPA reads 1000 at a time', async () => {
    const acme = await signedIn(t, DEMO.client);
    const select = 'select=id,website_id,url,created_at,updated_at,deleted_at';
    const first = await acme.get(`/api/v1/domains?limit=1&offset=0&${select}&with[domain_tags]=*&order_by=id:asc`);
    expect(first.statusCode).toBe(200);
    const [row] = first.json().data;
    expect(Object.keys(row).sort()).toEqual(
      ['created_at', 'deleted_at', 'domain_tags', 'id', 'updated_at', 'url', 'website_id'].sort(),
    );
    expect(row.deleted_at).toBeNull();
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const second = (await acme.get(`/api/v1/domains?limit=1&offset=1&${select}&order_by=id:asc`)).json().data;
    const third = (await acme.get(`/api/v1/domains?limit=1&offset=2&${select}`)).json().data;
    expect(second).toHaveLength(1);
    expect(second[0].id).not.toBe(row.id);
    expect(third).toEqual([]);
    expect(fieldErrors(await acme.get('/api/v1/domains?limit=1001'))).toHaveProperty('limit');
    expect(fieldErrors(await acme.get('/api/v1/domains/get?select=vapid_private_key'))).toHaveProperty('select');
    expect(fieldErrors(await acme.get('/api/v1/domains/get?where[client_id]=2'))).toHaveProperty('where[client_id]');
  });

  it('filters with where[…], whereRelation[domain_tags][…] and search, and pages with paginate=true', async () => {
    const acme = await signedIn(t, DEMO.client);
    expect(urlsOf(await acme.get(`/api/v1/domains/get?where[id]=${shop.id}`))).toEqual(['https://shop.acme.test']);
    expect(urlsOf(await acme.get(`/api/v1/domains/get?where[id]=${news.id}`))).toEqual([]);
    expect(urlsOf(await acme.get('/api/v1/domains/get?whereRelation[domain_tags][name]=Germany'))).toEqual([
      'https://shop.acme.test',
    ]);
    expect(urlsOf(await acme.get('/api/v1/domains/get?search=BLOG'))).toEqual(['https://blog.acme.test']);
    expect(urlsOf(await acme.get(`/api/v1/domains/get?search=${news.website_id}`))).toEqual([]);
    const page = (await acme.get('/api/v1/domains/get?paginate=true&pageLength=1&page=2&order_by=url:asc')).json();
    expect(page.data).toMatchObject({ total: 2, page: 2, pageLength: 1 });
    expect(page.data.data.map((d: { url: string }) => d.url)).toEqual(['https://shop.acme.test']);
  });

  it('lets staff read one client through the header, or all clients without it', async () => {
    for (const staff of [await signedIn(t, DEMO.moder), await signedIn(t, ADMIN.email, ADMIN.password)]) {
      expect(urlsOf(await staff.get('/api/v1/domains/get', { client: uids.globex }))).toEqual([
        'https://news.globex.test',
      ]);
      expect(urlsOf(await staff.get('/api/v1/domains/get'))).toHaveLength(3);
      const one = await staff.get(`/api/v1/domains/${shop.id}`, { client: uids.globex });
      expect(one.statusCode).toBe(404);
      expect((await staff.get(`/api/v1/domains/${shop.id}`)).statusCode).toBe(200);
    }
  });

  it('shows one website as data[0] with is_active, postback and website_id; another client’s answers 404', async () => {
    const acme = await signedIn(t, DEMO.viewer);
    const res = await acme.get(`/api/v1/domains/${shop.id}`);
    expect(res.statusCode).toBe(200);
    const [domain] = res.json().data;
    expect(domain).toMatchObject({
      id: shop.id,
      url: 'https://shop.acme.test',
      website_id: shop.website_id,
      is_active: 1,
      postback: null,
      vapid_public_key: shop.vapid_public_key,
      domain_tags: [{ id: geoTag, name: 'Germany', type: 'geo' }],
    });
    const foreign = await acme.get(`/api/v1/domains/${news.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('globex');
    expect((await acme.get('/api/v1/domains/999999')).statusCode).toBe(404);
    expect((await acme.get('/api/v1/domains/abc')).statusCode).toBe(422);
  });

  it('never answers the sealed VAPID private key', async () => {
    const plain = t.box.open(shop.vapid_private_key!);
    const acme = await signedIn(t, DEMO.client);
    const bodies = [
      await acme.get('/api/v1/domains'),
      await acme.get('/api/v1/domains/get?with[domain_tags]=*'),
      await acme.get(`/api/v1/domains/${shop.id}`),
      await acme.get(`/api/v1/domains/searchByTags?tags[]=${geoTag}`),
    ].map((r) => r.body);
    for (const body of bodies) {
      expect(body).not.toContain('vapid_private_key');
      expect(body).not.toContain(shop.vapid_private_key!);
      expect(body).not.toContain(plain);
    }
  });

  it('documents the routes in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/domains/get', '/api/v1/domains/{id}', '/api/v1/tags']));
  });
});
