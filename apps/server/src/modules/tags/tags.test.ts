import { MSG, TAG_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { del, fieldErrors, put } from '../domains/domain-test-kit.ts';

describe.each(testBackends())('tags on $name', (backend) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signedIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t?.close());

  const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((x) => x.name);

  it('creates tags from query parameters (as the spec sends them) or a JSON body', async () => {
    const fromQuery = await admin.post('/api/v1/tags?name=%20Germany%20&type=geo');
    expect(fromQuery.statusCode).toBe(201);
    expect(fromQuery.json().data).toEqual({ id: expect.any(Number), name: 'Germany', type: 'geo', client_id: null });
    const fromBody = await admin.post('/api/v1/tags', { name: 'Sports', type: 'category' });
    expect(fromBody.json().data).toMatchObject({ name: 'Sports', type: 'category' });
    expect((await admin.post('/api/v1/tags?name=Dating&type=adult')).statusCode).toBe(201);
    expect((await admin.post('/api/v1/tags', { name: 'eu-west', type: 'server' })).statusCode).toBe(201);
  });

  it('answers 422 with per-field texts for missing, blank or unknown fields', async () => {
    expect(fieldErrors(await admin.post('/api/v1/tags'))).toEqual({ name: [MSG.required], type: [MSG.required] });
    expect(fieldErrors(await admin.post('/api/v1/tags?name=&type='))).toEqual({
      name: [MSG.required],
      type: [MSG.required],
    });
    expect(fieldErrors(await admin.post('/api/v1/tags', { name: '   ', type: 'geo' }))).toEqual({
      name: [MSG.required],
    });
    expect(fieldErrors(await admin.post('/api/v1/tags?name=France&type=country'))).toEqual({ type: [TAG_MSG.type] });
    expect(fieldErrors(await admin.post('/api/v1/tags', { name: 'x'.repeat(101), type: 'geo' }))).toEqual({
      name: [TAG_MSG.nameMax],
    });
  });

  it('keeps names unique within a type, ignoring case, but allows the same name in another type', async () => {
    const dup = await admin.post('/api/v1/tags?name=GERMANY&type=geo');
    expect(fieldErrors(dup)).toEqual({ name: [TAG_MSG.exists] });
    expect(dup.json().message).toBe(TAG_MSG.exists);
    expect((await admin.post('/api/v1/tags?name=Germany&type=category')).statusCode).toBe(201);
  });

  it('lists tags for every signed-in user, with type and search filters', async () => {
    const viewer = await signedIn(t, DEMO.viewer);
    const all = await viewer.get('/api/v1/tags');
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(['Dating', 'eu-west', 'Germany', 'Germany', 'Sports']);
    expect(Object.keys(all.json().data[0]).sort()).toEqual(['client_id', 'id', 'name', 'type']);
    expect(names(await viewer.get('/api/v1/tags?type=geo'))).toEqual(['Germany']);
    expect(names(await viewer.get('/api/v1/tags?search=ERM'))).toEqual(['Germany', 'Germany']);
    expect(names(await viewer.get('/api/v1/tags?search=ger&type=category'))).toEqual(['Germany']);
    expect(names(await viewer.get('/api/v1/tags?search=%25'))).toEqual([]);
    expect(fieldErrors(await viewer.get('/api/v1/tags?type=country'))).toEqual({ type: [TAG_MSG.type] });
    expect(fieldErrors(await viewer.get('/api/v1/tags?where[secret]=1'))).toHaveProperty('where[secret]');
  });

  it('renames a tag by name query parameter or body, keeping or changing its type', async () => {
    const id = (await admin.post('/api/v1/tags?name=Tenis&type=category')).json().data.id;
    const renamed = await put(admin, `/api/v1/tags/${id}?name=Tennis`, undefined);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ id, name: 'Tennis', type: 'category', client_id: null });
    const moved = await put(admin, `/api/v1/tags/${id}`, { id, name: 'Tennis', type: 'geo' });
    expect(moved.json().data).toEqual({ id, name: 'Tennis', type: 'geo', client_id: null });
    expect(fieldErrors(await put(admin, `/api/v1/tags/${id}`, { name: '' }))).toEqual({ name: [MSG.required] });
    expect(fieldErrors(await put(admin, `/api/v1/tags/${id}?name=germany`, undefined))).toEqual({
      name: [TAG_MSG.exists],
    });
    expect(fieldErrors(await put(admin, `/api/v1/tags/${id}`, { name: 'X', type: 'planet' }))).toEqual({
      type: [TAG_MSG.type],
    });
    expect(fieldErrors(await put(admin, `/api/v1/tags/${id}`, { id: id + 1, name: 'X' }))).toEqual({
      id: [TAG_MSG.idMismatch],
    });
    // renaming to its own name in another case is fine
    expect((await put(admin, `/api/v1/tags/${id}?name=TENNIS`, undefined)).json().data.name).toBe('TENNIS');
    expect((await put(admin, '/api/v1/tags/999999?name=Nope', undefined)).statusCode).toBe(404);
  });

  it('deletes a tag, taking it off every website; a second delete answers 404', async () => {
    const id = (await admin.post('/api/v1/tags?name=Temporary&type=server')).json().data.id;
    const shop = await t.handle.db
      .selectFrom('domains')
      .select('id')
      .where('url', '=', 'https://shop.acme.test')
      .executeTakeFirstOrThrow();
    expect((await admin.post(`/api/v1/domains/addTags/${shop.id}?tags[]=${id}`)).statusCode).toBe(200);
    const res = await del(admin, `/api/v1/tags/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, name: 'Temporary', type: 'server', client_id: null });
    expect((await del(admin, `/api/v1/tags/${id}`)).statusCode).toBe(404);
    const left = await t.handle.db.selectFrom('domain_tags').selectAll().where('tag_id', '=', id).execute();
    expect(left).toEqual([]);
    expect(names(await admin.get('/api/v1/tags'))).not.toContain('Temporary');
  });

  it('lets only tag managers write tags (a client its own: tags-client.test.ts)', async () => {
    const id = (await admin.get('/api/v1/tags?type=adult')).json().data[0].id;
    const client = await signedIn(t, DEMO.client);
    expect((await put(client, `/api/v1/tags/${id}?name=Nope`, undefined)).statusCode).toBe(403);
    expect((await del(client, `/api/v1/tags/${id}`)).statusCode).toBe(403);
    for (const who of [DEMO.user, DEMO.viewer, DEMO.moder]) {
      const c = await signedIn(t, who);
      expect((await c.post('/api/v1/tags?name=Nope&type=geo')).statusCode, who).toBe(403);
      expect((await put(c, `/api/v1/tags/${id}?name=Nope`, undefined)).statusCode, who).toBe(403);
      expect((await del(c, `/api/v1/tags/${id}`)).statusCode, who).toBe(403);
    }
    expect(names(await admin.get('/api/v1/tags?type=adult'))).toEqual(['Dating']);
  });
});
