import { MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../test/harness.ts';

describe.each(testBackends())('tenant scoping and the client header on $name', (backend) => {
  let t: TestApp;
  let acmeUid: string;
  let globexUid: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const clients = await t.handle.db.selectFrom('clients').select(['name', 'client_uid']).execute();
    acmeUid = clients.find((c) => c.name === 'Acme Shop')!.client_uid;
    globexUid = clients.find((c) => c.name === 'Globex News')!.client_uid;
  });
  afterAll(() => t?.close());

  const urls = (res: { json(): { data: { url: string }[] } }) =>
    res
      .json()
      .data.map((d) => d.url)
      .sort();

  it("shows a client only its own client's websites", async () => {
    const acme = await signedIn(t, DEMO.client);
    expect(urls(await acme.get('/api/v1/domains'))).toEqual(['https://blog.acme.test', 'https://shop.acme.test']);
    const globex = await signedIn(t, DEMO.globex);
    expect(urls(await globex.get('/api/v1/domains'))).toEqual(['https://news.globex.test']);
  });

  it('refuses a non-staff user naming another client in the header, and accepts its own', async () => {
    const acme = await signedIn(t, DEMO.user);
    const res = await acme.get('/api/v1/domains', { client: globexUid });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.notYourClient);
    expect((await acme.get('/api/v1/domains', { client: acmeUid })).statusCode).toBe(200);
  });

  it('lets staff choose a client with the header, checks it exists, and see all without one', async () => {
    for (const staff of [await signedIn(t, DEMO.moder), await signedIn(t, ADMIN.email, ADMIN.password)]) {
      expect(urls(await staff.get('/api/v1/domains', { client: globexUid }))).toEqual(['https://news.globex.test']);
      expect((await staff.get('/api/v1/clients/current', { client: acmeUid })).json().data.name).toBe('Acme Shop');
      const unknown = await staff.get('/api/v1/domains', { client: 'no-such-client' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(MSG.clientNotFound);
      expect(urls(await staff.get('/api/v1/domains'))).toHaveLength(3);
    }
  });

  it('lists clients for staff only', async () => {
    const moder = await signedIn(t, DEMO.moder);
    const list = (await moder.get('/api/v1/management/clients')).json().data;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Acme Shop', 'Globex News']);
    expect((await (await signedIn(t, DEMO.client)).get('/api/v1/management/clients')).statusCode).toBe(403);
  });

  it('searches websites by url text, id or website_id within the scope', async () => {
    const acme = await signedIn(t, DEMO.client);
    expect(urls(await acme.get('/api/v1/domains?search=blog'))).toEqual(['https://blog.acme.test']);
    expect(urls(await acme.get('/api/v1/domains?search=globex'))).toEqual([]);
    const globexDomain = await t.handle.db
      .selectFrom('domains')
      .select(['id', 'website_id'])
      .where('url', 'like', '%globex%')
      .executeTakeFirstOrThrow();
    expect(urls(await acme.get(`/api/v1/domains?search=${globexDomain.id}`))).toEqual([]);
    expect(urls(await acme.get(`/api/v1/domains?search=${globexDomain.website_id}`))).toEqual([]);
    expect((await acme.get('/api/v1/domains?limit=0')).statusCode).toBe(422);
  });
});
