import { MSG, TAG_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { clientUids, del, domainRow, fieldErrors, makeTag, urlsOf } from './domain-test-kit.ts';

describe.each(testBackends())('tags on websites and searchByTags on $name', (backend) => {
  let t: TestApp;
  let admin: TestClient;
  let uids: { acme: string; globex: string };
  let ids: { shop: number; blog: number; news: number };
  let tag: { de: number; news: number; adult: number };
  beforeAll(async () => {
    t = await createTestApp(backend);
    uids = await clientUids(t);
    admin = await signedIn(t, ADMIN.email, ADMIN.password);
    ids = {
      shop: (await domainRow(t, 'https://shop.acme.test')).id,
      blog: (await domainRow(t, 'https://blog.acme.test')).id,
      news: (await domainRow(t, 'https://news.globex.test')).id,
    };
    tag = {
      de: await makeTag(admin, 'Germany', 'geo'),
      news: await makeTag(admin, 'News', 'category'),
      adult: await makeTag(admin, 'Adult', 'adult'),
    };
  });
  afterAll(() => t?.close());

  const tagNames = (res: { json(): { data: { domain_tags: { name: string }[] } } }) =>
    res
      .json()
      .data.domain_tags.map((x) => x.name)
      .sort();

  it('adds tags to a website (idempotent) and removes them', async () => {
    const acme = await signedIn(t, DEMO.client);
    const add = await acme.post(`/api/v1/domains/addTags/${ids.shop}?tags[]=${tag.de}&tags[]=${tag.news}`);
    expect(add.statusCode).toBe(200);
    expect(tagNames(add)).toEqual(['Germany', 'News']);
    expect(tagNames(await acme.post(`/api/v1/domains/addTags/${ids.shop}?tags[]=${tag.de}`))).toEqual([
      'Germany',
      'News',
    ]);
    const removed = await acme.post(`/api/v1/domains/removeTags/${ids.shop}?tags[]=${tag.news}&tags[]=${tag.adult}`);
    expect(tagNames(removed)).toEqual(['Germany']);
    const shown = (await acme.get(`/api/v1/domains/${ids.shop}`)).json().data[0];
    expect(shown.domain_tags).toEqual([{ id: tag.de, name: 'Germany', type: 'geo' }]);
  });

  it('validates the tag list: required, ids only, existing tags only', async () => {
    const acme = await signedIn(t, DEMO.client);
    expect(fieldErrors(await acme.post(`/api/v1/domains/addTags/${ids.blog}`))).toEqual({ tags: [MSG.required] });
    expect(fieldErrors(await acme.post(`/api/v1/domains/addTags/${ids.blog}?tags[]=abc`))).toEqual({
      tags: [TAG_MSG.unknownTags],
    });
    expect(fieldErrors(await acme.post(`/api/v1/domains/addTags/${ids.blog}?tags[]=999999`))).toEqual({
      tags: [TAG_MSG.unknownTags],
    });
    expect(fieldErrors(await acme.get('/api/v1/domains/searchByTags'))).toEqual({ tags: [MSG.required] });
    const untouched = await t.handle.db
      .selectFrom('domain_tags')
      .selectAll()
      .where('domain_id', '=', ids.blog)
      .execute();
    expect(untouched).toEqual([]);
  });

  it("answers 404 when tagging another client's website, and keeps viewers and users out", async () => {
    const acme = await signedIn(t, DEMO.client);
    expect((await acme.post(`/api/v1/domains/addTags/${ids.news}?tags[]=${tag.de}`)).statusCode).toBe(404);
    expect((await acme.post(`/api/v1/domains/removeTags/${ids.news}?tags[]=${tag.de}`)).statusCode).toBe(404);
    for (const who of [DEMO.viewer, DEMO.user]) {
      const c = await signedIn(t, who);
      expect((await c.post(`/api/v1/domains/addTags/${ids.shop}?tags[]=${tag.news}`)).statusCode).toBe(403);
      expect((await c.post(`/api/v1/domains/removeTags/${ids.shop}?tags[]=${tag.de}`)).statusCode).toBe(403);
    }
    const moder = await signedIn(t, DEMO.moder);
    const wrongClient = await moder.post(`/api/v1/domains/addTags/${ids.news}?tags[]=${tag.de}`, undefined, {
      client: uids.acme,
    });
    expect(wrongClient.statusCode).toBe(404);
    const ok = await moder.post(`/api/v1/domains/addTags/${ids.news}?tags[]=${tag.news}`, undefined, {
      client: uids.globex,
    });
    expect(tagNames(ok)).toEqual(['News']);
  });

  it('finds the websites in scope carrying any of the tags', async () => {
    const acme = await signedIn(t, DEMO.client);
    await acme.post(`/api/v1/domains/addTags/${ids.blog}?tags[]=${tag.news}`);
    expect(urlsOf(await acme.get(`/api/v1/domains/searchByTags?tags[]=${tag.de}`))).toEqual(['https://shop.acme.test']);
    const both = await acme.get(`/api/v1/domains/searchByTags?tags[]=${tag.de}&tags[]=${tag.news}`);
    expect(urlsOf(both)).toEqual(['https://blog.acme.test', 'https://shop.acme.test']);
    expect(both.json().data.find((d: { id: number }) => d.id === ids.blog).domain_tags).toEqual([
      { id: tag.news, name: 'News', type: 'category' },
    ]);
    // news.globex.test carries News too, but belongs to another client
    expect(urlsOf(await acme.get(`/api/v1/domains/searchByTags?tags[]=${tag.news}`))).toEqual([
      'https://blog.acme.test',
    ]);
    expect(urlsOf(await acme.get(`/api/v1/domains/searchByTags?tags[]=${tag.adult}`))).toEqual([]);
    const moder = await signedIn(t, DEMO.moder);
    expect(urlsOf(await moder.get(`/api/v1/domains/searchByTags?tags=${tag.news}`))).toEqual([
      'https://blog.acme.test',
      'https://news.globex.test',
    ]);
  });

  it('leaves deleted websites out of searchByTags, and a deleted tag off every website', async () => {
    const acme = await signedIn(t, DEMO.client);
    const temp = (await acme.post('/api/v1/domains', { url: 'https://temp.acme.test' })).json().data;
    await acme.post(`/api/v1/domains/addTags/${temp.id}?tags[]=${tag.adult}`);
    expect(urlsOf(await acme.get(`/api/v1/domains/searchByTags?tags[]=${tag.adult}`))).toEqual([
      'https://temp.acme.test',
    ]);
    await del(acme, `/api/v1/domains/${temp.id}`);
    expect(urlsOf(await acme.get(`/api/v1/domains/searchByTags?tags[]=${tag.adult}`))).toEqual([]);
    expect((await del(admin, `/api/v1/tags/${tag.news}`)).statusCode).toBe(200);
    const listed = (await acme.get('/api/v1/domains/get?with[domain_tags]=*')).json().data;
    for (const d of listed) expect(d.domain_tags.map((x: { id: number }) => x.id)).not.toContain(tag.news);
    const left = await t.handle.db.selectFrom('domain_tags').selectAll().where('tag_id', '=', tag.news).execute();
    expect(left).toEqual([]);
  });
});
