import { TAG_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { clientUids, del, domainRow, fieldErrors, put } from '../domains/domain-test-kit.ts';

/** A client's own tags (issue #19): a client organises its own websites; staff tags stay global. */
describe.each(testBackends())("clients' own tags on $name", (backend) => {
  let t: TestApp;
  let admin: TestClient;
  let acme: TestClient;
  let globex: TestClient;
  let uids: { acme: string; globex: string };
  let ids: { shop: number; news: number; acmeClient: number };
  let shared: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    uids = await clientUids(t);
    admin = await signedIn(t, ADMIN.email, ADMIN.password);
    acme = await signedIn(t, DEMO.client);
    globex = await signedIn(t, DEMO.globex);
    const shop = await domainRow(t, 'https://shop.acme.test');
    ids = { shop: shop.id, news: (await domainRow(t, 'https://news.globex.test')).id, acmeClient: shop.client_id };
    shared = (await admin.post('/api/v1/tags', { name: 'Europe', type: 'geo' })).json().data.id;
  });
  afterAll(() => t?.close());

  const listed = async (c: TestClient, headers?: Record<string, string>) =>
    (await c.request('GET', '/api/v1/tags', headers ? { headers } : {}))
      .json()
      .data.map(
        (x: { name: string; client_id: number | null }) => `${x.name}:${x.client_id === null ? 'shared' : 'own'}`,
      )
      .sort();

  it('lets a client create its own tags, which only it (and staff) see; staff tags stay global', async () => {
    const mine = await acme.post('/api/v1/tags', { name: 'Spring sale', type: 'category' });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data).toEqual({
      id: expect.any(Number),
      name: 'Spring sale',
      type: 'category',
      client_id: ids.acmeClient,
    });
    expect((await admin.post('/api/v1/tags', { name: 'Asia', type: 'geo' })).json().data.client_id).toBeNull();
    // staff acting for a client still make global tags
    const forAcme = await admin.post('/api/v1/tags', { name: 'Africa', type: 'geo' }, { client: uids.acme });
    expect(forAcme.json().data.client_id).toBeNull();

    expect(await listed(acme)).toEqual(['Africa:shared', 'Asia:shared', 'Europe:shared', 'Spring sale:own']);
    expect(await listed(globex)).toEqual(['Africa:shared', 'Asia:shared', 'Europe:shared']);
    expect(await listed(await signedIn(t, DEMO.viewer))).toContain('Spring sale:own'); // same client as acme
    expect(await listed(admin)).toContain('Spring sale:own');
    expect(await listed(admin, { client: uids.globex })).not.toContain('Spring sale:own');
  });

  it('keeps names unique per client and against the shared tags; another client may reuse a name', async () => {
    expect(fieldErrors(await acme.post('/api/v1/tags', { name: 'SPRING SALE', type: 'category' }))).toEqual({
      name: [TAG_MSG.exists],
    });
    expect(fieldErrors(await acme.post('/api/v1/tags', { name: 'europe', type: 'geo' }))).toEqual({
      name: [TAG_MSG.exists],
    });
    const theirs = await globex.post('/api/v1/tags', { name: 'Spring sale', type: 'category' });
    expect(theirs.statusCode).toBe(201);
    const races = await Promise.all([1, 2].map(() => globex.post('/api/v1/tags', { name: 'Twice', type: 'geo' })));
    expect(races.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it("lets a client rename and delete only its own tags: a shared one is 403, another client's 404", async () => {
    const own = (await acme.post('/api/v1/tags', { name: 'Temp', type: 'server' })).json().data.id;
    const renamed = await put(acme, `/api/v1/tags/${own}`, { name: 'Temporary' });
    expect(renamed.json().data).toMatchObject({ id: own, name: 'Temporary', client_id: ids.acmeClient });

    const sharedEdit = await put(acme, `/api/v1/tags/${shared}`, { name: 'Mine now' });
    expect(sharedEdit.statusCode).toBe(403);
    expect(sharedEdit.json().message).toBe(TAG_MSG.shared);
    expect((await del(acme, `/api/v1/tags/${shared}`)).statusCode).toBe(403);

    expect((await put(globex, `/api/v1/tags/${own}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await del(globex, `/api/v1/tags/${own}`)).statusCode).toBe(404);
    expect((await del(acme, `/api/v1/tags/${own}`)).statusCode).toBe(200);
    // staff may still change a shared tag
    expect((await put(admin, `/api/v1/tags/${shared}`, { name: 'Europe' })).statusCode).toBe(200);
  });

  it('lets a client tag only its own websites, with shared tags or its own, never another client’s', async () => {
    const own = (await acme.post('/api/v1/tags', { name: 'Shop front', type: 'category' })).json().data.id;
    const theirs = (await globex.post('/api/v1/tags', { name: 'Newsroom', type: 'category' })).json().data.id;

    const tagged = await acme.post(`/api/v1/domains/addTags/${ids.shop}?tags[]=${own}&tags[]=${shared}`);
    expect(tagged.statusCode).toBe(200);
    expect(
      tagged
        .json()
        .data.domain_tags.map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['Europe', 'Shop front']);
    expect(fieldErrors(await acme.post(`/api/v1/domains/addTags/${ids.shop}?tags[]=${theirs}`))).toEqual({
      tags: [TAG_MSG.unknownTags],
    });
    expect((await acme.post(`/api/v1/domains/addTags/${ids.news}?tags[]=${own}`)).statusCode).toBe(404);
    // staff put a client's tag only on that client's websites
    const cross = await admin.post(`/api/v1/domains/addTags/${ids.news}?tags[]=${own}`);
    expect(fieldErrors(cross)).toEqual({ tags: [TAG_MSG.unknownTags] });
    const rows = await t.handle.db.selectFrom('domain_tags').select('domain_id').where('tag_id', '=', own).execute();
    expect(rows).toEqual([{ domain_id: ids.shop }]);
  });

  it('keeps the user and viewer roles from writing tags', async () => {
    for (const who of [DEMO.user, DEMO.viewer]) {
      const c = await signedIn(t, who);
      expect((await c.post('/api/v1/tags', { name: 'Nope', type: 'geo' })).statusCode, who).toBe(403);
    }
  });
});
