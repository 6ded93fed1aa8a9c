import { type AudienceQuery, audienceQuerySchema, evaluateAudience } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { makeSubscribers, prng, randomList, type SubscriberRow } from './query/audience-test-data.ts';
import {
  addSubscribers,
  createSegment,
  type QueryInput,
  q,
  type SubscriberFields,
  type Website,
  websiteOf,
} from './segment-test-fixtures.ts';

const DAY = '2024-03-15';

/** Every operator of every kind, joins, groups and condition sub-filters; each through the HTTP layer. */
const QUERIES: Record<string, QueryInput> = {
  'text =': q({ browser: { operator: '=', values: ['Chrome'] } }),
  'text !=': q({ browser: { operator: '!=', values: ['Chrome'] } }),
  'text contains (ASCII case)': q({ location: { operator: 'contains', values: ['ü'] } }),
  'text contains %': q({ subscription_url: { operator: 'contains', values: ['100%'] } }),
  'text starts with': q({ language: { operator: 'starts with', values: ['EN'] } }),
  'text starts with _': q({ language: { operator: 'starts with', values: ['pt_'] } }),
  'text in': q({ os: { operator: 'in', values: ['Linux', 'iOS', 'none'] } }),
  'number =': q({ last_drip_number: { operator: '=', values: [3] } }),
  'number !=': q({ last_drip_number: { operator: '!=', values: [3] } }),
  'number >': q({ last_drip_number: { operator: '>', values: [12] } }),
  'number <': q({ last_drip_number: { operator: '<', values: [4] } }),
  'number between': q({ last_drip_number: { operator: 'between', values: [5, 9] } }),
  'number in': q({ last_drip_number: { operator: 'in', values: [1, 2, 20] } }),
  'date = (UTC day)': q({ created_at: { operator: '=', values: [DAY] } }),
  'date >': q({ created_at: { operator: '>', values: ['2024-07-01T00:00:00Z'] } }),
  'date <': q({ updated_at: { operator: '<', values: ['2024-03-01T12:00:00+02:00'] } }),
  'date between': q({ updated_at: { operator: 'between', values: ['2024-02-01', '2024-09-30T23:59:59Z'] } }),
  'and / or fold left to right': q(
    { device: { values: ['desktop'] } },
    { os: { type: 'or', values: ['Android'] } },
    { last_drip_number: { type: 'and', operator: '<', values: [15] } },
  ),
  'group and sub-filters': q(
    { browser: { operator: 'in', values: ['Chrome', 'Firefox'] } },
    {
      group: {
        type: 'and',
        filters: [
          { language: { operator: 'starts with', values: ['en'] } },
          { timezone: { type: 'or', values: ['UTC'], filters: [{ device: { values: ['mobile'] } }] } },
        ],
      },
    },
  ),
  everyone: q(),
};

/** Stored row → the evaluator's view of it (the same fields the compiler reads). */
type Stored = Record<string, unknown> & { id: number };

describe.each(testBackends())('audience operators through the API on $name', (backend) => {
  let t: TestApp;
  let acme: TestClient;
  let globex: TestClient;
  let shop: Website;
  let news: Website;
  let shopActive: Stored[];
  let newsActive: Stored[];

  const rowsOf = (site: Website) =>
    t.handle.db
      .selectFrom('subscribers')
      .selectAll()
      .where('domain_id', '=', site.id)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute() as Promise<Stored[]>;
  const expected = (rows: Stored[], query: AudienceQuery) =>
    rows
      .filter((r) => evaluateAudience(query, r))
      .map((r) => r.id)
      .sort((a, b) => b - a);

  beforeAll(async () => {
    t = await createTestApp(backend);
    shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    const blog = await websiteOf(t.handle.db, 'https://blog.acme.test');
    news = await websiteOf(t.handle.db, 'https://news.globex.test');
    const rand = prng(5);
    const fields = (n: number, active: number): SubscriberFields[] =>
      makeSubscribers(n, rand).map(({ id: _id, domain_id: _d, ...r }) => ({
        ...r,
        subscribable_id: r.subscribable_id ?? undefined,
        last_drip_number: r.last_drip_number ?? 0,
        created_at: r.created_at ?? new Date(`${DAY}T10:00:00Z`),
        updated_at: r.updated_at ?? new Date('2024-05-01T00:00:00Z'),
        is_active: active,
      }));
    await addSubscribers(t.handle.db, shop, fields(150, 1));
    await addSubscribers(t.handle.db, shop, fields(25, 0));
    await addSubscribers(t.handle.db, blog, fields(30, 1));
    await addSubscribers(t.handle.db, news, fields(60, 1));
    shopActive = await rowsOf(shop);
    newsActive = await rowsOf(news);
    acme = await signedIn(t, DEMO.client);
    globex = await signedIn(t, DEMO.globex);
  });
  afterAll(() => t?.close());

  it.each(Object.entries(QUERIES))(
    '%s: count, first rows and pages equal the reference evaluation',
    async (_, query) => {
      const want = expected(shopActive, query);
      if (query.filters.length > 0) expect(want.length, 'a meaningful case').toBeLessThan(shopActive.length);
      expect(want.length, 'a meaningful case').toBeGreaterThan(0);
      const count = await acme.post('/api/v1/segments/count', { website_id: shop.website_id, query });
      expect(count.json()).toEqual({ data: want.length, is_estimate: false });

      const id = await createSegment(acme, { name: 'op', domain_id: shop.id, query });
      const counted = await acme.post(`/api/v1/segments/executeQueryField/${id}?count=true`);
      expect(counted.json().data).toBe(want.length);
      const first = await acme.post(`/api/v1/segments/executeQueryField/${id}?limit=1000`);
      expect(first.json().data.map((r: { id: number }) => r.id)).toEqual(want);
      const five = await acme.post(`/api/v1/segments/executeQueryField/${id}?limit=5`);
      expect(five.json().data.map((r: { id: number }) => r.id)).toEqual(want.slice(0, 5));

      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 40) + 1; page++) {
        const res = await acme.get(
          `/api/v1/segments/${id}/subscribers?paginate=true&pageLength=40&page=${page}&order_by=id:desc`,
        );
        expect(res.statusCode).toBe(200);
        const body = res.json().data;
        expect(body).toMatchObject({ total: want.length, total_is_estimate: false, page, pageLength: 40 });
        paged.push(...body.data.map((r: { id: number }) => r.id));
      }
      expect(paged).toEqual(want);
    },
  );

  it('answers rows with the 15 spec columns, website_id from the domain', async () => {
    const id = await createSegment(acme, { name: 'all', domain_id: shop.id, query: q() });
    const res = await acme.get(`/api/v1/segments/${id}/subscribers?paginate=true&pageLength=1&page=1`);
    const [row] = res.json().data.data;
    expect(Object.keys(row)).toEqual([
      'id',
      'subscribable_id',
      'device',
      'website_id',
      'os',
      'browser',
      'resolution',
      'location',
      'language',
      'timezone',
      'updated_at',
      'subscription_url',
      'last_url_visited',
      'last_drip_number',
      'ip',
    ]);
    expect(row.website_id).toBe(shop.website_id);
    expect(row.id).toBe(shopActive.at(-1)?.id);
    const asc = await acme.get(`/api/v1/segments/${id}/subscribers?paginate=true&pageLength=2&order_by=id:asc`);
    expect(asc.json().data.data.map((r: { id: number }) => r.id)).toEqual(shopActive.slice(0, 2).map((r) => r.id));
    const bad = await acme.get(`/api/v1/segments/${id}/subscribers?paginate=true&pageLength=5000&order_by=browser`);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['order_by', 'pageLength']);
  });

  it("never counts another client's subscribers, and random filter trees match the evaluator", async () => {
    const rand = prng(42);
    for (let i = 0; i < 30; i++) {
      const query = audienceQuerySchema.parse({ filters: randomList(rand, shopActive as unknown as SubscriberRow[]) });
      for (const [client, site, rows] of [
        [acme, shop, shopActive],
        [globex, news, newsActive],
      ] as const) {
        const res = await client.post('/api/v1/segments/count', { domain_id: site.id, query });
        expect(res.statusCode, JSON.stringify(query)).toBe(200);
        expect(res.json().data, JSON.stringify(query)).toBe(expected(rows, query).length);
      }
    }
  });
});
