import { SUBSCRIBER_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addSubscribers, createSegment, q, type Website, websiteOf } from '../segments/segment-test-fixtures.ts';

describe.each(testBackends())('subscribers API on $name', (backend) => {
  let t: TestApp;
  let acme: TestClient;
  let globex: TestClient;
  let shop: Website;
  let blog: Website;
  let active: number[];
  let dead: number[];
  let theirs: number[];
  beforeAll(async () => {
    t = await createTestApp(backend);
    shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    blog = await websiteOf(t.handle.db, 'https://blog.acme.test');
    const news = await websiteOf(t.handle.db, 'https://news.globex.test');
    const browsers = ['Chrome', 'Firefox', 'Safari'];
    active = await addSubscribers(
      t.handle.db,
      shop,
      Array.from({ length: 23 }, (_, i) => ({ browser: browsers[i % 3], ip: `10.0.0.${i}` })),
    );
    dead = await addSubscribers(t.handle.db, shop, [{ is_active: 0, status: 'unsubscribed' }, { is_active: 0 }]);
    await addSubscribers(t.handle.db, blog, [{ browser: 'Chrome' }]);
    theirs = await addSubscribers(t.handle.db, news, [{ browser: 'Chrome' }]);
    acme = await signedIn(t, DEMO.client);
    globex = await signedIn(t, DEMO.globex);
  });
  afterAll(() => t?.close());

  const ids = (body: { data: { data: { id: number }[] } }) => body.data.data.map((r) => r.id);

  it("pages a website's active subscribers newest first, with the total", async () => {
    const desc = [...active].reverse();
    const first = await acme.get(`/api/v1/subscribers?where[domain_id]=${shop.id}&paginate=true&pageLength=10&page=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ total: 23, total_is_estimate: false, page: 1, pageLength: 10 });
    expect(ids(first.json())).toEqual(desc.slice(0, 10));
    const last = await acme.get(
      `/api/v1/subscribers?where[domain_id]=${shop.id}&paginate=true&pageLength=10&page=3&order_by=id:desc`,
    );
    expect(ids(last.json())).toEqual(desc.slice(20));
    const deadList = await acme.get(`/api/v1/subscribers?where[domain_id]=${shop.id}&where[is_active]=0&paginate=1`);
    expect(ids(deadList.json())).toEqual([...dead].reverse());
    expect(first.json().data.data[0]).toMatchObject({ website_id: shop.website_id, ip: '10.0.0.22' });
  });

  it('narrows the list to a segment (seg_id), alone or with its website', async () => {
    const seg = await createSegment(acme, {
      name: 'Chrome',
      domain_id: shop.id,
      query: q({ browser: { values: ['Chrome'] } }),
    });
    const chrome = active.filter((_, i) => i % 3 === 0).reverse();
    for (const url of [
      `/api/v1/subscribers?seg_id=${seg}&paginate=true&pageLength=50`,
      `/api/v1/subscribers?where[domain_id]=${shop.id}&seg_id=${seg}&paginate=true&pageLength=50`,
    ]) {
      const res = await acme.get(url);
      expect(ids(res.json()), url).toEqual(chrome);
      expect(res.json().data.total).toBe(chrome.length);
    }
    const mismatch = await acme.get(`/api/v1/subscribers?where[domain_id]=${blog.id}&seg_id=${seg}`);
    expect(mismatch.json().errors).toEqual({ seg_id: ['The segment belongs to another website.'] });
  });

  it('rejects bad list parameters with 422 and foreign websites with 404', async () => {
    const none = await acme.get('/api/v1/subscribers?paginate=true');
    expect(none.json().errors).toEqual({ 'where[domain_id]': ['Required.'] });
    const bad = await acme.get(
      `/api/v1/subscribers?where[domain_id]=${shop.id}&where[is_active]=2&seg_id=x&where[endpoint]=y&order_by=ip`,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['order_by', 'where[endpoint]']);
    const badExtras = await acme.get(`/api/v1/subscribers?where[domain_id]=${shop.id}&where[is_active]=2&seg_id=x`);
    expect(Object.keys(badExtras.json().errors).sort()).toEqual(['seg_id', 'where[is_active]']);
    const news = await websiteOf(t.handle.db, 'https://news.globex.test');
    expect((await acme.get(`/api/v1/subscribers?where[domain_id]=${news.id}`)).statusCode).toBe(404);
    const own = await globex.get(`/api/v1/subscribers?where[domain_id]=${news.id}`);
    expect(ids(own.json())).toEqual(theirs);
  });

  it('edits subscription_url and last_url_visited inline', async () => {
    const id = active[0] ?? 0;
    const res = await acme.request('PUT', `/api/v1/subscribers/${id}`, {
      body: { last_url_visited: 'https://shop.acme.test/cart?x=1', subscription_url: 'http://shop.acme.test/' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      website_id: shop.website_id,
      last_url_visited: 'https://shop.acme.test/cart?x=1',
      subscription_url: 'http://shop.acme.test/',
    });
    const cleared = await acme.request('PUT', `/api/v1/subscribers/${id}`, { body: { subscription_url: null } });
    expect(cleared.json().data).toMatchObject({
      subscription_url: null,
      last_url_visited: 'https://shop.acme.test/cart?x=1',
    });
    const row = await t.handle.db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_url_visited).toBe('https://shop.acme.test/cart?x=1');
  });

  it.each([
    [{ last_url_visited: 'not a url' }, 'last_url_visited', SUBSCRIBER_MSG.url],
    [{ last_url_visited: 'javascript:alert(1)' }, 'last_url_visited', SUBSCRIBER_MSG.url],
    [{ subscription_url: 'ftp://shop.acme.test/' }, 'subscription_url', SUBSCRIBER_MSG.url],
    [{ subscription_url: 'https://' }, 'subscription_url', SUBSCRIBER_MSG.url],
    [{ subscription_url: '' }, 'subscription_url', SUBSCRIBER_MSG.url],
    [{ last_url_visited: `https://shop.acme.test/${'a'.repeat(2026)}` }, 'last_url_visited', SUBSCRIBER_MSG.urlMax],
    [{ last_url_visited: 42 }, 'last_url_visited', expect.any(String)],
    [{}, '_', SUBSCRIBER_MSG.nothingToUpdate],
    [{ ip: '1.2.3.4' }, '_', 'Unrecognized key: "ip"', SUBSCRIBER_MSG.nothingToUpdate],
  ])('refuses bad edit #%# with 422', async (body, key, ...messages) => {
    const res = await acme.request('PUT', `/api/v1/subscribers/${active[1]}`, { body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[key]).toEqual(messages);
  });

  it('accepts exactly 2048 characters', async () => {
    const url = `https://shop.acme.test/${'a'.repeat(2048 - 23)}`;
    expect(url).toHaveLength(2048);
    const res = await acme.request('PUT', `/api/v1/subscribers/${active[1]}`, { body: { last_url_visited: url } });
    expect(res.statusCode).toBe(200);
  });

  it("answers 404 for another client's subscriber and 403 without the edit permission", async () => {
    const foreign = await acme.request('PUT', `/api/v1/subscribers/${theirs[0]}`, {
      body: { last_url_visited: 'https://evil.test/' },
    });
    expect(foreign.statusCode).toBe(404);
    const row = await t.handle.db
      .selectFrom('subscribers')
      .select('last_url_visited')
      .where('id', '=', theirs[0] ?? 0)
      .executeTakeFirst();
    expect(row?.last_url_visited).toBeNull();
    const viewer = await signedIn(t, DEMO.viewer);
    const denied = await viewer.request('PUT', `/api/v1/subscribers/${active[2]}`, {
      body: { last_url_visited: 'https://shop.acme.test/' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await viewer.get(`/api/v1/subscribers?where[domain_id]=${shop.id}`)).statusCode).toBe(200);
  });
});
