import { AUDIENCE_MSG, SEGMENT_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { createSegment, q, type Website, websiteOf } from './segment-test-fixtures.ts';

const chrome = q({ browser: { operator: '=', values: ['Chrome'] } });

describe.each(testBackends())('segments API on $name', (backend) => {
  let t: TestApp;
  let acme: TestClient;
  let globex: TestClient;
  let shop: Website;
  let blog: Website;
  let news: Website;
  beforeAll(async () => {
    t = await createTestApp(backend);
    shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    blog = await websiteOf(t.handle.db, 'https://blog.acme.test');
    news = await websiteOf(t.handle.db, 'https://news.globex.test');
    acme = await signedIn(t, DEMO.client);
    globex = await signedIn(t, DEMO.globex);
  });
  afterAll(() => t?.close());

  it('creates, lists (the spec parameters), reads for the builder, renames and re-queries a segment', async () => {
    const res = await acme.post('/api/v1/segments', { name: ' Chrome fans ', domain_id: shop.id, query: chrome });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ name: 'Chrome fans', type: 'audience', domain_id: shop.id, is_system: 0 });
    expect(created.query.filters[0].browser).toMatchObject({ operator: '=', values: ['Chrome'], type: 'and' });
    expect(typeof created.created_at).toBe('string');
    const manual = await createSegment(acme, { name: 'Manual', domain_id: shop.id, query: q(), type: 'segment' });
    await createSegment(acme, { name: 'On blog', domain_id: blog.id, query: q() });

    const list = await acme.get(
      `/api/v1/segments/get?where[domain_id]=${shop.id}&where[type]=audience&where[is_system]=0&order_by=id:desc&limit=1000&offset=0`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { id: number }) => s.id)).toEqual([created.id]);
    const both = (await acme.get(`/api/v1/segments/get?where[domain_id]=${shop.id}&order_by=id:desc`)).json().data;
    expect(both.map((s: { id: number }) => s.id)).toEqual([manual, created.id]);
    const paged = await acme.get(`/api/v1/segments/get?where[domain_id]=${shop.id}&order_by=id:desc&limit=1&offset=1`);
    expect(paged.json().data.map((s: { id: number }) => s.id)).toEqual([created.id]);
    const detail = await acme.get(`/api/v1/segments/get?where[id]=${created.id}`);
    expect(detail.json().data[0].query.filters[0].browser.values).toEqual(['Chrome']);
    const searched = await acme.get(`/api/v1/segments/get?search=chrome`);
    expect(searched.json().data.map((s: { id: number }) => s.id)).toEqual([created.id]);

    const js = await acme.get(`/api/v1/segments/get_js_seg/${created.id}`);
    expect(js.json()).toEqual({
      data: { id: created.id, name: 'Chrome fans', type: 'audience', query: created.query },
    });

    const put = await acme.request('PUT', `/api/v1/segments/${created.id}`, {
      body: { name: 'Firefox fans', domain_id: shop.id, query: q({ browser: { values: ['Firefox'] } }) },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ id: created.id, name: 'Firefox fans', domain_id: shop.id });
    expect(put.json().data.query.filters[0].browser).toMatchObject({ operator: '=', values: ['Firefox'] });
    const moved = await acme.request('PUT', `/api/v1/segments/${created.id}`, { body: { domain_id: blog.id } });
    expect(moved.statusCode).toBe(422);
    const movedTo = await acme.request('PUT', `/api/v1/segments/${created.id}`, {
      body: { name: 'x', domain_id: blog.id },
    });
    expect(movedTo.json().errors).toEqual({ domain_id: [SEGMENT_MSG.domainFixed] });
  });

  it('answers 422 with the query model messages keyed by path, and for unknown list parameters', async () => {
    const bad = await acme.post('/api/v1/segments', {
      name: '',
      domain_id: shop.id,
      query: {
        filters: [
          { device: { operator: '>', values: ['x'] } },
          { secret_column: { values: ['1'] } },
          { last_drip_number: { operator: 'between', values: [5, 1] } },
          { created_at: { operator: '=', values: ['2024-02-30'] } },
          { group: { type: 'xor', filters: [] } },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.name).toEqual(['Required.']);
    expect(errors['query.filters.0.device.operator']).toEqual([AUDIENCE_MSG.operatorNotApplicable('>', 'device')]);
    expect(errors['query.filters.1.secret_column']).toEqual([AUDIENCE_MSG.unknownField('secret_column')]);
    expect(errors['query.filters.2.last_drip_number.values']).toEqual([AUDIENCE_MSG.betweenOrder]);
    expect(errors['query.filters.3.created_at.values.0']).toEqual([AUDIENCE_MSG.date('created_at')]);
    expect(errors['query.filters.4.group.type']).toEqual([AUDIENCE_MSG.joinType]);
    expect(errors['query.filters.4.group.filters']).toEqual([AUDIENCE_MSG.groupEmpty]);
    const notList = await acme.post('/api/v1/segments', { name: 'x', domain_id: shop.id, query: { filters: 'all' } });
    expect(notList.json().errors).toEqual({ 'query.filters': [AUDIENCE_MSG.filtersList] });
    const noQuery = await acme.post('/api/v1/segments/count', { website_id: shop.website_id });
    expect(noQuery.statusCode).toBe(422);
    const noSite = await acme.post('/api/v1/segments/count', { query: q() });
    expect(noSite.json().errors).toEqual({ website_id: [SEGMENT_MSG.websiteOrDomain] });
    const unknown = await acme.get('/api/v1/segments/get?where[query]=x&order_by=secret');
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['order_by', 'where[query]']);
    expect((await acme.get('/api/v1/segments/get_js_seg/abc')).statusCode).toBe(422);
    expect((await acme.request('PUT', '/api/v1/segments/99999999999', { body: { name: 'x' } })).statusCode).toBe(422);
    const empty = await acme.request('PUT', '/api/v1/segments/1', { body: {} });
    expect(empty.json().errors).toEqual({ _: [SEGMENT_MSG.nothingToUpdate] });
  });

  it("scopes everything to the actor's client: another client's segment or website is a 404", async () => {
    const mine = await createSegment(acme, { name: 'Acme only', domain_id: shop.id, query: chrome });
    const theirs = await createSegment(globex, { name: 'Globex only', domain_id: news.id, query: chrome });
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/segments/get_js_seg/${mine}`],
      ['PUT', `/api/v1/segments/${mine}`, { name: 'stolen' }],
      ['DELETE', `/api/v1/segments/${mine}`],
      ['POST', `/api/v1/segments/executeQueryField/${mine}?count=true`],
      ['POST', `/api/v1/segments/executeQueryField/${mine}?limit=5`],
      ['GET', `/api/v1/segments/${mine}/subscribers?paginate=true&pageLength=10&page=1&order_by=id:desc`],
      ['GET', `/api/v1/segments/${mine}/xlsx`],
      ['GET', `/api/v1/subscribers?seg_id=${mine}`],
      ['GET', `/api/v1/subscribers?where[domain_id]=${shop.id}`],
      ['POST', '/api/v1/segments', { name: 'x', domain_id: shop.id, query: q() }],
      ['POST', '/api/v1/segments/count', { website_id: shop.website_id, query: q() }],
      ['POST', '/api/v1/segments/count', { domain_id: shop.id, query: q() }],
      ['POST', '/api/v1/segments/exists', { name: 'Acme only', domain_id: shop.id, query: chrome }],
    ];
    for (const [method, url, body] of calls) {
      const res = await globex.request(method as 'GET', url, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = (await globex.get('/api/v1/segments/get?limit=1000')).json().data as { id: number }[];
    expect(listed.map((s) => s.id)).toEqual([theirs]);
    const acmeListed = (await acme.get(`/api/v1/segments/get?where[id]=${theirs}`)).json().data;
    expect(acmeListed).toEqual([]);
    expect((await acme.get(`/api/v1/segments/get_js_seg/${mine}`)).json().data.name).toBe('Acme only');
    // staff see a client's segments through the client header
    const admin = await signedIn(t, 'admin@pushdeck.test', t.config.adminPassword);
    const uid = await t.handle.db.selectFrom('clients').select('client_uid').where('id', '=', news.client_id).execute();
    const asGlobex = await admin.get(`/api/v1/segments/get_js_seg/${mine}`, { client: uid[0]?.client_uid ?? '' });
    expect(asGlobex.statusCode).toBe(404);
  });

  it('follows the audience permissions: viewers read, users create and edit', async () => {
    const viewer = await signedIn(t, DEMO.viewer);
    const user = await signedIn(t, DEMO.user);
    const id = await createSegment(user, { name: 'By user', domain_id: shop.id, query: q() });
    expect((await viewer.get(`/api/v1/segments/get_js_seg/${id}`)).statusCode).toBe(200);
    expect((await viewer.post('/api/v1/segments/count', { domain_id: shop.id, query: q() })).statusCode).toBe(200);
    expect((await viewer.post('/api/v1/segments', { name: 'v', domain_id: shop.id, query: q() })).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/v1/segments/${id}`, { body: { name: 'v' } })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `/api/v1/segments/${id}`)).statusCode).toBe(403);
    expect((await user.request('DELETE', `/api/v1/segments/${id}`)).json()).toEqual({
      data: { id, detached_schedule_ids: [] },
    });
  });

  it('protects system audiences from edits and deletion', async () => {
    const sys = await t.handle.db
      .insertInto('segments')
      .values({
        domain_id: shop.id,
        client_id: shop.client_id,
        name: 'All subscribers',
        is_system: 1,
        query: '{"filters":[]}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const put = await acme.request('PUT', `/api/v1/segments/${sys.id}`, { body: { name: 'Mine now' } });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(SEGMENT_MSG.systemLocked);
    const del = await acme.request('DELETE', `/api/v1/segments/${sys.id}`);
    expect([del.statusCode, del.json().message]).toEqual([403, SEGMENT_MSG.systemLocked]);
    const row = await t.handle.db.selectFrom('segments').selectAll().where('id', '=', sys.id).executeTakeFirst();
    expect(row).toMatchObject({ name: 'All subscribers', is_system: 1 });
    const listed = (await acme.get(`/api/v1/segments/get?where[domain_id]=${shop.id}&where[is_system]=0`)).json().data;
    expect(listed.map((s: { id: number }) => s.id)).not.toContain(sys.id);
  });

  it('refuses to delete an audience of an active schedule, naming it; detaches inactive ones visibly', async () => {
    const id = await createSegment(acme, { name: 'Newsletter', domain_id: shop.id, query: chrome });
    const db = t.handle.db;
    const drip = await db
      .insertInto('drips')
      .values({ domain_id: shop.id, client_id: shop.client_id, type: 'recurring', title: 'Daily news' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const schedule = (values: { drip_id?: number; name?: string; is_active: number }) =>
      db
        .insertInto('schedules')
        .values({ domain_id: shop.id, client_id: shop.client_id, type: 'recurring', ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
    const active = await schedule({ drip_id: drip.id, is_active: 1 });
    const spam = await schedule({ name: 'Night spam', is_active: 1 });
    const paused = await schedule({ name: 'Paused', is_active: 0 });
    for (const s of [active, spam, paused]) {
      await db.insertInto('schedule_audiences').values({ schedule_id: s.id, segment_id: id }).execute();
    }
    const refused = await acme.request('DELETE', `/api/v1/segments/${id}`);
    expect(refused.statusCode).toBe(422);
    const message = `This audience is used by the active schedules of "Daily news" (#${active.id}), "Night spam" (#${spam.id}). Deactivate or change them first.`;
    expect(refused.json()).toEqual({ message, errors: { id: [message] } });
    await db.updateTable('schedules').set({ is_active: 0 }).where('id', '=', spam.id).execute();
    expect((await acme.request('DELETE', `/api/v1/segments/${id}`)).json().message).toBe(
      `This audience is used by the active schedule of "Daily news" (#${active.id}). Deactivate or change it first.`,
    );
    await db.updateTable('schedules').set({ is_active: 0 }).where('id', '=', active.id).execute();
    const deleted = await acme.request('DELETE', `/api/v1/segments/${id}`);
    expect(deleted.json()).toEqual({ data: { id, detached_schedule_ids: [active.id, spam.id, paused.id] } });
    expect((await acme.get(`/api/v1/segments/get_js_seg/${id}`)).statusCode).toBe(404);
  });

  it('refuses a second audience of the same name and query on one website (422), also when both saves race', async () => {
    const query = q({ os: { operator: '=', values: ['Android'] } });
    const body = { name: 'Android twice', domain_id: shop.id, query };
    const first = await acme.post('/api/v1/segments', body);
    expect(first.statusCode).toBe(201);
    const again = await acme.post('/api/v1/segments', { ...body, name: ' Android twice ' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: SEGMENT_MSG.duplicate('audience'),
      errors: { name: [SEGMENT_MSG.duplicate('audience')] },
    });
    // The same name with another query, on another website, or as a manual segment is another item.
    const other = q({ os: { operator: '=', values: ['iOS'] } });
    expect((await acme.post('/api/v1/segments', { ...body, query: other })).statusCode).toBe(201);
    expect((await acme.post('/api/v1/segments', { ...body, domain_id: blog.id })).statusCode).toBe(201);
    expect((await acme.post('/api/v1/segments', { ...body, type: 'segment' })).statusCode).toBe(201);
    const segmentAgain = await acme.post('/api/v1/segments', { ...body, type: 'segment' });
    expect(segmentAgain.json().errors).toEqual({ name: [SEGMENT_MSG.duplicate('segment')] });
    expect(SEGMENT_MSG.duplicate('segment')).toMatch(/^A segment with this name/);
    // Editing one into a copy of another is refused too; saving it unchanged is not.
    const iosId = (await acme.get(`/api/v1/segments/get?where[domain_id]=${shop.id}&where[name]=Android twice`))
      .json()
      .data.find((s: { query: { filters: { os?: { values: string[] } }[] } }) =>
        s.query.filters[0]?.os?.values.includes('iOS'),
      ).id;
    const copy = await acme.request('PUT', `/api/v1/segments/${iosId}`, { body: { query } });
    expect(copy.statusCode).toBe(422);
    expect(copy.json().errors).toEqual({ name: [SEGMENT_MSG.duplicate('audience')] });
    expect((await acme.request('PUT', `/api/v1/segments/${iosId}`, { body: { query: other } })).statusCode).toBe(200);

    const raced = { name: 'Raced', domain_id: shop.id, query };
    const answers = await Promise.all([1, 2, 3].map(() => acme.post('/api/v1/segments', raced)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const stored = await t.handle.db
      .selectFrom('segments')
      .select('id')
      .where('domain_id', '=', shop.id)
      .where('name', '=', 'Raced')
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('finds an existing audience by name, equivalent query and target website', async () => {
    const query = q(
      { language: { operator: 'in', values: ['en', 'de'] } },
      { browser: { type: 'or', operator: 'starts with', values: ['Chr'] } },
    );
    const id = await createSegment(acme, { name: 'Copied', domain_id: blog.id, query });
    const respelled = q(
      { language: { type: 'or', operator: 'in', values: ['de', 'en', 'de'], buildtype: 'string' } },
      { browser: { type: 'or', operator: 'starts with', values: ['Chr'] } },
    );
    const check = (body: object) => acme.post('/api/v1/segments/exists', body);
    expect((await check({ name: 'Copied', domain_id: blog.id, query: respelled })).json()).toEqual({
      data: { exists: true, id },
    });
    for (const body of [
      { name: 'Copied', domain_id: shop.id, query },
      { name: 'Copied 2', domain_id: blog.id, query },
      { name: 'Copied', domain_id: blog.id, query: q({ language: { operator: 'in', values: ['en'] } }) },
    ]) {
      expect((await check(body)).json()).toEqual({ data: { exists: false } });
    }
    expect((await check({ name: 'Copied', domain_id: blog.id, query: { filters: [{ nope: {} }] } })).statusCode).toBe(
      422,
    );
  });
});
