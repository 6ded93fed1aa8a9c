import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';

const ROLES = '/api/v1/management/roles';
const PERMS = '/api/v1/management/permissions';

describe.each(testBackends())('Roles Management on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  const admin = () => signedIn(t, ADMIN.email, ADMIN.password);
  const roleId = async (name: string) =>
    (await t.handle.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const permId = async (name: string) =>
    (await t.handle.db.selectFrom('permissions').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const userId = async (email: string) =>
    (await t.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const snapshot = async () => {
    const a = await admin();
    return [(await a.get(ROLES)).json().data, (await a.get(PERMS)).json().data];
  };

  it('lets admin and Users Management read roles and permissions; only admin writes; 403 changes nothing', async () => {
    const a = await admin();
    const roles = (await a.get(ROLES)).json().data;
    expect(roles.find((r: { name: string }) => r.name === 'viewer')).toMatchObject({ built_in: true, users_count: 1 });
    expect((await a.get(`${ROLES}/${await roleId('viewer')}`)).json().data.permissions).toContain(
      'menu.domain.audience',
    );
    const perms = (await a.get(PERMS)).json().data;
    expect(perms.find((p: { name: string }) => p.name === 'menu.files')).toMatchObject({ built_in: true });
    // show: the same row as the list's, 404 for an unknown id
    const filesRow = perms.find((p: { name: string }) => p.name === 'menu.files');
    const shown = await a.get(`${PERMS}/${filesRow.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toEqual(filesRow);
    const missing = await a.get(`${PERMS}/2147483647`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Permission not found.');
    const before = await snapshot();
    const viewer = await roleId('viewer');
    const files = await permId('menu.files');
    for (const email of [DEMO.moder, DEMO.client, DEMO.user, DEMO.viewer]) {
      const c = await signedIn(t, email);
      expect((await c.get(ROLES)).statusCode).toBe(email === DEMO.moder ? 200 : 403);
      expect((await c.get(PERMS)).statusCode).toBe(email === DEMO.moder ? 200 : 403);
      expect((await c.get(`${ROLES}/${viewer}`)).statusCode).toBe(email === DEMO.moder ? 200 : 403);
      expect((await c.get(`${PERMS}/${files}`)).statusCode).toBe(email === DEMO.moder ? 200 : 403);
      expect((await c.post(ROLES, { name: 'sneaky', permissions: ['menu.admin.panel'] })).statusCode).toBe(403);
      expect(
        (await c.request('PUT', `${ROLES}/${viewer}`, { body: { permissions: ['menu.admin.panel'] } })).statusCode,
      ).toBe(403);
      expect((await c.request('DELETE', `${ROLES}/${viewer}`)).statusCode).toBe(403);
      expect((await c.post(PERMS, { name: 'sneaky.perm' })).statusCode).toBe(403);
      expect((await c.request('PUT', `${PERMS}/${files}`, { body: { name: 'x' } })).statusCode).toBe(403);
      expect((await c.request('DELETE', `${PERMS}/${files}`)).statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates a role with two permissions; assigned and synced, it reaches the user on the next request', async () => {
    const a = await admin();
    const created = await a.post(ROLES, { name: 'tagger', permissions: ['menu.stats.global', 'menu.tags.manager'] });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({ name: 'tagger', built_in: false, users_count: 0 });
    expect(role.permissions).toEqual(['menu.stats.global', 'menu.tags.manager']);
    expect((await a.post(ROLES, { name: 'Tagger' })).json().errors.name).toEqual(['This name is already taken.']);
    expect((await a.post(ROLES, { name: ' ' })).json().errors.name).toEqual(['Fill out the role name']);
    expect((await a.post(ROLES, { name: 'ghost', permissions: ['no.such'] })).statusCode).toBe(422);

    const viewer = await signedIn(t, DEMO.viewer);
    expect((await viewer.post('/api/v1/tags', { name: 'v-tag', type: 'geo' })).statusCode).toBe(403);
    const vid = await userId(DEMO.viewer);
    expect(
      (await a.request('PUT', `/api/v1/management/users/${vid}`, { body: { roles: ['tagger'] } })).statusCode,
    ).toBe(200);
    expect((await viewer.post('/api/v1/tags', { name: 'v-tag', type: 'geo' })).statusCode).toBe(201);
    // sync the role without the tag permission: the next request is refused, the session stays
    const synced = await a.request('PUT', `${ROLES}/${role.id}`, { body: { permissions: ['menu.stats.global'] } });
    expect(synced.json().data).toMatchObject({ permissions: ['menu.stats.global'], users_count: 1 });
    expect((await viewer.post('/api/v1/tags', { name: 'v-tag-2', type: 'geo' })).statusCode).toBe(403);
    expect((await viewer.get('/api/auth/user/info')).json().data.roles).toEqual([
      { name: 'tagger', permissions: ['menu.stats.global'] },
    ]);

    // in use: refused with the number of holders; free again, deleted
    const inUse = await a.request('DELETE', `${ROLES}/${role.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('This role is held by 1 user: give them another role first.');
    await a.request('PUT', `/api/v1/management/users/${vid}`, { body: { roles: ['viewer'] } });
    expect((await a.request('DELETE', `${ROLES}/${role.id}`)).statusCode).toBe(204);
    expect((await a.get(`${ROLES}/${role.id}`)).statusCode).toBe(404);

    const audit = (await a.get(`/api/v1/management/audit?where[subject_type]=role&where[subject_id]=${role.id}`)).json()
      .data.data;
    expect(audit.map((r: { action: string }) => r.action)).toEqual(['role.delete', 'role.update', 'role.create']);
    expect(audit[1].before.permissions).toEqual(['menu.stats.global', 'menu.tags.manager']);
    expect(audit[1].after.permissions).toEqual(['menu.stats.global']);
  });

  it('never renames or deletes a built-in role or a console permission; the admin role keeps menu.admin.panel', async () => {
    const a = await admin();
    const before = await snapshot();
    const client = await roleId('client');
    expect((await a.request('PUT', `${ROLES}/${client}`, { body: { name: 'customer' } })).statusCode).toBe(403);
    expect((await a.request('DELETE', `${ROLES}/${await roleId('dev')}`)).statusCode).toBe(403);
    const files = await permId('menu.files');
    expect((await a.request('PUT', `${PERMS}/${files}`, { body: { name: 'files' } })).statusCode).toBe(403);
    expect((await a.request('DELETE', `${PERMS}/${files}`)).statusCode).toBe(403);
    const adminRole = await roleId('admin');
    expect(
      (await a.request('PUT', `${ROLES}/${adminRole}`, { body: { permissions: ['menu.stats.global'] } })).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
    // a built-in role's permissions may be synced
    const viewerPerms = before[0].find((r: { name: string }) => r.name === 'viewer').permissions;
    const ok = await a.request('PUT', `${ROLES}/${await roleId('viewer')}`, { body: { permissions: viewerPerms } });
    expect(ok.statusCode).toBe(200);
  });

  it('creates, renames and deletes a permission of its own', async () => {
    const a = await admin();
    const created = await a.post(PERMS, { name: 'reports.export' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await a.post(PERMS, { name: 'reports.export' })).statusCode).toBe(422);
    expect((await a.post(PERMS, { name: '' })).json().errors.name).toEqual(['Fill out the role name']);
    const renamed = await a.request('PUT', `${PERMS}/${id}`, { body: { name: 'reports.download' } });
    expect(renamed.json().data).toMatchObject({ name: 'reports.download', built_in: false, roles: [] });
    expect((await a.request('DELETE', `${PERMS}/${id}`)).statusCode).toBe(204);
    expect((await a.get(PERMS)).json().data.some((p: { id: number }) => p.id === id)).toBe(false);

    // one audit row per change, newest first: who, what, before → after
    const rows = (await a.get(`/api/v1/management/audit?where[subject_type]=permission&where[subject_id]=${id}`)).json()
      .data.data;
    expect(rows.map((r: { action: string }) => r.action)).toEqual([
      'permission.delete',
      'permission.update',
      'permission.create',
    ]);
    const [deleted, renamed_, createdRow] = rows;
    expect(createdRow).toMatchObject({ actor_email: ADMIN.email, before: null, after: { name: 'reports.export' } });
    expect(renamed_).toMatchObject({ before: { name: 'reports.export' }, after: { name: 'reports.download' } });
    expect(deleted).toMatchObject({ before: { name: 'reports.download' }, after: null });
    // a refused rename (a console permission) and a refused delete leave no row
    const builtIn = await permId('menu.files');
    const before = (
      await a.get(`/api/v1/management/audit?where[subject_type]=permission&where[subject_id]=${builtIn}`)
    ).json().data.total;
    expect((await a.request('PUT', `${PERMS}/${builtIn}`, { body: { name: 'files.menu' } })).statusCode).toBe(403);
    expect((await a.request('DELETE', `${PERMS}/${builtIn}`)).statusCode).toBe(403);
    expect(
      (await a.get(`/api/v1/management/audit?where[subject_type]=permission&where[subject_id]=${builtIn}`)).json().data
        .total,
    ).toBe(before);
  });
});
