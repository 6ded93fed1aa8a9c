import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addAudience, demoSites, fieldErrors, recurringItem, type Site, welcomeItem } from './drip-test-kit.ts';

describe.each(testBackends())('drip lists on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let news: Site;
  let audience: number;
  let acme: TestClient;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop, blog, news } = await demoSites(t));
    audience = await addAudience(t.handle.db, shop, 'English');
    acme = await signedIn(t, DEMO.client);
    const items = Array.from({ length: 12 }, (_, i) =>
      recurringItem(shop.id, [audience], { title: `Drip ${i}`, is_active: i % 3 === 0 ? 0 : 1 }),
    );
    const res = await acme.post('/api/v1/drips/recurring/createOrUpdate', items);
    ids = res.json().data.map((d: { id: number }) => d.id);
    const tails = recurringItem(shop.id, [audience], {
      title: 'Tail',
      schedule: { ...recurringItem(0, []).schedule, type: 'tail-recurring', time: '21:30' },
    });
    ids.push((await acme.post('/api/v1/drips/recurring/createOrUpdate', [tails])).json().data[0].id);
    await acme.post('/api/v1/drips/welcome/createOrUpdate', [welcomeItem(shop.id), welcomeItem(blog.id)]);
    const globex = await signedIn(t, DEMO.globex);
    const newsAudience = await addAudience(t.handle.db, news, 'News');
    await globex.post('/api/v1/drips/recurring/createOrUpdate', [recurringItem(news.id, [newsAudience])]);
  });
  afterAll(() => t?.close());

  it('pages the Messages list as the spec reads it (data.data.data + data.data.total) with the selected fields', async () => {
    const q =
      `where[domain_id]=${shop.id}&where[type]=recurring&order_by=created_at:desc&paginate=true&pageLength=5&page=2` +
      '&select=id,domain_id,is_active,type,title,body,url,icon,created_at,updated_at&with[schedules.audiences]=*';
    const res = await acme.get(`/api/v1/drips/recurring/get?${q}`);
    expect(res.statusCode).toBe(200);
    const { data, total, page, pageLength } = res.json().data;
    expect({ total, page, pageLength }).toEqual({ total: 13, page: 2, pageLength: 5 });
    expect(data).toHaveLength(5);
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        'id',
        'domain_id',
        'is_active',
        'type',
        'title',
        'body',
        'url',
        'icon',
        'created_at',
        'updated_at',
        'schedules',
      ].sort(),
    );
    expect(data[0].schedules[0].audiences[0]).toMatchObject({ id: audience, name: 'English', domain_id: shop.id });
  });

  it('filters by id, is_active and schedule relations, and lists welcome drips without paging as data[]', async () => {
    const inactive = await acme.get(`/api/v1/drips/recurring/get?where[domain_id]=${shop.id}&where[is_active]=0`);
    expect(
      inactive
        .json()
        .data.map((d: { title: string }) => d.title)
        .sort(),
    ).toEqual(['Drip 0', 'Drip 3', 'Drip 6', 'Drip 9'].sort());
    const one = await acme.get(`/api/v1/drips/recurring/get?where[id]=${ids[4]}&with[schedules]=*`);
    expect(one.json().data).toHaveLength(1);
    expect(one.json().data[0].schedules[0]).not.toHaveProperty('audiences');
    const tails = await acme.get('/api/v1/drips/recurring/get?whereRelation[schedules][type]=tail-recurring');
    expect(tails.json().data.map((d: { title: string }) => d.title)).toEqual(['Tail']);
    const byAudience = await acme.get(
      `/api/v1/drips/recurring/get?whereRelation[schedules.audiences][id]=${audience}&limit=3`,
    );
    expect(byAudience.json().data).toHaveLength(3);
    const welcome = await acme.get(`/api/v1/drips/welcome/get?where[domain_id]=${shop.id}&with[schedules]=*`);
    expect(welcome.json().data.map((d: { type: string }) => d.type)).toEqual(['welcome']);
    expect(welcome.json().data[0].schedules[0]).toMatchObject({ type: 'welcome', after_hours: 1 });
  });

  it("shows a client only its own drips; another client's ids find nothing", async () => {
    const all = await acme.get('/api/v1/drips/recurring/get');
    expect(all.json().data.every((d: { domain_id: number }) => d.domain_id !== news.id)).toBe(true);
    const foreign = await acme.get(`/api/v1/drips/recurring/get?where[domain_id]=${news.id}`);
    expect(foreign.json().data).toEqual([]);
    const globex = await signedIn(t, DEMO.globex);
    const theirs = await globex.get(`/api/v1/drips/recurring/get?where[id]=${ids[0]}`);
    expect(theirs.json().data).toEqual([]);
  });

  it('refuses unknown fields and parameters with 422, never passing them into SQL', async () => {
    expect(fieldErrors(await acme.get('/api/v1/drips/recurring/get?where[client_id]=2'))).toEqual({
      'where[client_id]': ['Unknown field client_id.'],
    });
    expect(fieldErrors(await acme.get('/api/v1/drips/recurring/get?order_by=title;drop'))).toHaveProperty('order_by');
    expect(fieldErrors(await acme.get('/api/v1/drips/recurring/get?with[owner]=*'))).toHaveProperty('with[owner]');
  });

  it('reads triggers with the trigger permission; Drip Manager readers without it get 403', async () => {
    const user = await signedIn(t, DEMO.user);
    expect((await user.get(`/api/v1/drips/trigger/get?where[domain_id]=${shop.id}&order_by=id:desc`)).statusCode).toBe(
      200,
    );
    const moder = await signedIn(t, DEMO.moder);
    expect((await moder.get('/api/v1/drips/recurring/get')).statusCode).toBe(200);
    expect((await moder.get('/api/v1/drips/trigger/get')).statusCode).toBe(403);
  });
});
