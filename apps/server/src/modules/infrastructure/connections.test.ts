import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { websiteOf } from '../../test/delivery-fixtures.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';

const C = '/api/v1/connections';

/** The API base written into a downloaded pushmine.js / sw_pm.js. */
const apiBaseIn = (js: string) => JSON.parse(/self\.PUSHMINE_CONFIG = (\{.*?\});/.exec(js)![1]!).apiBase as string;

describe.each(testBackends())('connections on $name', (backend) => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof websiteOf>>;
  let news: Awaited<ReturnType<typeof websiteOf>>;
  let a: TestClient;
  beforeAll(async () => {
    t = await createTestApp(backend);
    shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    news = await websiteOf(t.handle.db, 'https://news.globex.test');
    a = await signedIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t?.close());

  const create = async (body: Record<string, unknown>) => {
    const res = await a.post(C, { is_active: 1, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; type: string; attribute: string };
  };
  const api = (domainId: number) => a.post(`${C}/getDomainAPIConnections?domain_id=${domainId}`);
  const masters = async (domainId: number) =>
    ((await api(domainId)).json().data as { id: number; pivot: { type: string } }[])
      .filter((c) => c.pivot.type === 'master')
      .map((c) => c.id);

  it('creates, lists by type, updates and deletes connections; the spec texts for bad input', async () => {
    const eu = await create({ type: 'api', name: 'EU API', attribute: 'https://eu.push.example/', region: 'EU' });
    expect(eu.attribute).toBe('https://eu.push.example');
    const db = await create({ type: 'db', name: 'EU DB', attribute: 'db-eu.internal', number: 3, datacenter: 'fra1' });
    const apis = (await a.get(`${C}/get?where[type]=api`)).json().data.map((c: { id: number }) => c.id);
    expect(apis).toContain(eu.id);
    expect(apis).not.toContain(db.id);
    expect((await a.get(`${C}/get?where[type]=db`)).json().data.map((c: { id: number }) => c.id)).toContain(db.id);
    expect((await a.get(`${C}/get?where[type]=ftp`)).statusCode).toBe(422);

    const noUrl = await a.post(C, { type: 'api', name: 'x', attribute: 'not a url' });
    expect(noUrl.statusCode).toBe(422);
    expect(noUrl.json().errors.attribute[0]).toMatch(/base URL/);
    expect((await a.post(C, { type: 'api', attribute: 'https://x.test' })).json().errors.name).toEqual([
      'Fill the required fields out!',
    ]);
    const updated = await a.request('PUT', C, { body: { id: db.id, name: 'EU DB 2', is_active: 0 } });
    expect(updated.json().data).toMatchObject({ name: 'EU DB 2', is_active: 0, datacenter: 'fra1', number: 3 });
    expect((await a.request('PUT', C, { body: { id: eu.id, attribute: 'ftp://x' } })).statusCode).toBe(422);
    expect((await a.request('DELETE', `${C}?id=${db.id}`)).statusCode).toBe(204);
    expect((await a.request('DELETE', `${C}?id=${db.id}`)).statusCode).toBe(404);
  });

  it("binds two API connections, switches master, and the website's scripts call the master's API base", async () => {
    const one = await create({ type: 'api', name: 'One', attribute: 'https://one.push.example' });
    const two = await create({ type: 'api', name: 'Two', attribute: 'https://two.push.example/node' });
    const owner = await signedIn(t, DEMO.client);
    const script = async (name: string) =>
      apiBaseIn(
        (
          await owner.post(
            `/api/v1/files/generateJavaScriptFileByDomain?filename=${name}&website_id=${shop.website_id}`,
          )
        ).body,
      );
    // without a master: the instance's own address
    expect(await script('pushmine')).toMatch(/^http:\/\/localhost(:\d+)?\/api\/public\/v1$/);
    expect((await owner.get(`/api/v1/files/apiBase?website_id=${shop.website_id}`)).json().data.source).toBe(
      'instance',
    );
    expect((await owner.get(`/api/v1/files/apiBase?website_id=${news.website_id}`)).statusCode).toBe(404);

    for (const c of [one, two]) {
      const res = await a.post(`${C}/bindConnectionToDomain?domain_id=${shop.id}&connection_id=${c.id}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const bound = (await api(shop.id)).json().data;
    expect(bound.map((c: { id: number; pivot: { type: string } }) => [c.id, c.pivot.type])).toEqual([
      [one.id, 'slave'],
      [two.id, 'slave'],
    ]);
    expect(await script('pushmine')).toMatch(/^http:\/\/localhost/);

    const res = await a.post(`${C}/changeMasterDomainConnectionAPI?domain_ids=${shop.id}&connection_id=${one.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await masters(shop.id)).toEqual([one.id]);
    expect(await script('pushmine')).toBe('https://one.push.example/api/public/v1');
    const said = await owner.get(`/api/v1/files/apiBase?website_id=${shop.website_id}`);
    expect(said.json().data).toEqual({
      api_base: 'https://one.push.example/api/public/v1',
      source: 'master_connection',
    });
    expect(await script('sw_pm')).toBe('https://one.push.example/api/public/v1');

    await a.post(`${C}/changeMasterDomainConnectionAPI?domain_ids=${shop.id}&connection_id=${two.id}`);
    expect(await masters(shop.id)).toEqual([two.id]);
    expect(await script('pushmine')).toBe('https://two.push.example/node/api/public/v1');
    // the zip follows it too
    const zip = await owner.post('/api/v1/files/generateJavaScriptZipByDomains', { website_ids: [shop.website_id] });
    const buf = zip.rawPayload;
    const nameLen = buf.readUInt16LE(26);
    const body = inflateRawSync(
      buf.subarray(30 + nameLen + buf.readUInt16LE(28), 30 + nameLen + buf.readUInt16LE(28) + buf.readUInt32LE(18)),
    ).toString();
    expect(apiBaseIn(body)).toBe('https://two.push.example/node/api/public/v1');

    // an inactive master is not used; unbinding the master falls back to the instance
    await a.request('PUT', C, { body: { id: two.id, is_active: 0 } });
    expect(await script('pushmine')).toMatch(/^http:\/\/localhost/);
    await a.request('PUT', C, { body: { id: two.id, is_active: 1 } });
    const unbound = await a.post(`${C}/unBindConnectionToDomain?domain_id=${shop.id}&connection_id=${two.id}`);
    expect(unbound.json().data.map((c: { id: number }) => c.id)).toEqual([one.id]);
    expect(await script('pushmine')).toMatch(/^http:\/\/localhost/);
    expect(
      (await a.post(`${C}/unBindConnectionToDomain?domain_id=${shop.id}&connection_id=${two.id}`)).statusCode,
    ).toBe(404);
    // a master of a connection not bound, of the other kind, or for a missing website: refused, nothing changes
    expect(
      (await a.post(`${C}/changeMasterDomainConnectionAPI?domain_ids=${shop.id}&connection_id=${two.id}`)).statusCode,
    ).toBe(422);
    expect(
      (await a.post(`${C}/changeMasterDomainConnectionDB?domain_ids=${shop.id}&connection_id=${one.id}`)).statusCode,
    ).toBe(422);
    expect(
      (await a.post(`${C}/changeMasterDomainConnectionAPI?domain_ids=999999&connection_id=${one.id}`)).statusCode,
    ).toBe(404);
    expect((await a.post(`${C}/getDomainAPIConnections?domain_id=999999`)).statusCode).toBe(404);
  });

  it('keeps exactly one master under concurrent switches, on several websites at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await create({ type: 'api', name: `Race ${i}`, attribute: `https://race${i}.push.example` });
      for (const d of [shop.id, news.id]) {
        await a.post(`${C}/bindConnectionToDomain?domain_id=${d}&connection_id=${c.id}`);
      }
      ids.push(c.id);
    }
    const calls = Array.from({ length: 24 }, (_, i) =>
      a.post(`${C}/changeMasterDomainConnectionAPI?domain_ids=${shop.id},${news.id}&connection_id=${ids[i % 4]}`),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const shopMasters = await masters(shop.id);
    expect(shopMasters).toHaveLength(1);
    expect(await masters(news.id)).toEqual(shopMasters);
  });

  it("binds by geo: the active connections whose region matches the website's geo tags", async () => {
    const tag = await t.handle.db
      .insertInto('tags')
      .values({ name: 'DE', type: 'geo', client_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.handle.db.insertInto('domain_tags').values({ domain_id: news.id, tag_id: tag.id }).execute();
    const deApi = await create({ type: 'api', name: 'DE API', attribute: 'https://de.push.example', region: 'de' });
    const deDb = await create({ type: 'db', name: 'DE DB', attribute: 'db-de.internal', region: 'De' });
    const off = await create({ type: 'api', name: 'DE off', attribute: 'https://de2.push.example', region: 'DE' });
    await a.request('PUT', C, { body: { id: off.id, is_active: 0 } });
    const fr = await create({ type: 'api', name: 'FR API', attribute: 'https://fr.push.example', region: 'FR' });
    const res = await a.post(`${C}/bindGeoConnectionsToDomain?domain_id=${news.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bound.sort()).toEqual([deApi.id, deDb.id].sort());
    const dbs = (await a.post(`${C}/getDomainDBConnections?domain_id=${news.id}`)).json().data;
    expect(dbs.map((c: { id: number }) => c.id)).toEqual([deDb.id]);
    const apiIds = (await api(news.id)).json().data.map((c: { id: number }) => c.id);
    expect(apiIds).toContain(deApi.id);
    expect(apiIds).not.toContain(fr.id);
    expect(apiIds).not.toContain(off.id);
    // again: nothing new
    expect((await a.post(`${C}/bindGeoConnectionsToDomain?domain_id=${news.id}`)).json().data.bound).toEqual([]);
  });

  it('answers every connection call with 403 to every role but the admin panel holders, and changes nothing', async () => {
    const [acme] = await t.handle.db.selectFrom('clients').select('id').orderBy('id').limit(1).execute();
    const staff: string[] = [];
    for (const role of ['admin_role', 'admin_demo']) {
      const email = `${role}-conn@pushdeck.test`;
      const made = await a.post('/api/v1/management/users', {
        name: role,
        email,
        password: DEMO.password,
        password_confirmation: DEMO.password,
        client_id: acme!.id,
        role,
      });
      expect(made.statusCode, made.body).toBe(201);
      staff.push(email);
    }
    const conn = await create({ type: 'api', name: 'Guarded', attribute: 'https://guarded.push.example' });
    const calls: [string, string, object?][] = [
      ['GET', `${C}/get?where[type]=api`],
      ['POST', `${C}/getDomainAPIConnections?domain_id=${shop.id}`],
      ['POST', `${C}/getDomainDBConnections?domain_id=${shop.id}`],
      ['POST', `${C}/changeMasterDomainConnectionAPI?domain_ids=${shop.id}&connection_id=${conn.id}`],
      ['POST', `${C}/changeMasterDomainConnectionDB?domain_ids=${shop.id}&connection_id=${conn.id}`],
      ['POST', C, { type: 'api', name: 'x', attribute: 'https://x.test', is_active: 1 }],
      ['PUT', C, { id: conn.id, name: 'renamed' }],
      ['DELETE', `${C}?id=${conn.id}`],
      ['POST', `${C}/bindGeoConnectionsToDomain?domain_id=${shop.id}`],
      ['POST', `${C}/bindConnectionToDomain?domain_id=${shop.id}&connection_id=${conn.id}`],
      ['POST', `${C}/unBindConnectionToDomain?domain_id=${shop.id}&connection_id=${conn.id}`],
    ];
    const before = await a.get(`${C}/get?where[type]=api`);
    const boundBefore = await api(shop.id);
    for (const email of [DEMO.moder, DEMO.client, DEMO.user, DEMO.viewer, ...staff]) {
      const c = await signedIn(t, email);
      for (const [method, url, body] of calls) {
        const res = await c.request(method as 'GET', url, body ? { body } : {});
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
    expect((await a.get(`${C}/get?where[type]=api`)).body).toBe(before.body);
    expect((await api(shop.id)).body).toBe(boundBefore.body);
  });
});
