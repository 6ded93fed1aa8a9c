import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';

const USERS = '/api/v1/management/users';

describe.each(testBackends())('Users Management on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  const admin = () => signedIn(t, ADMIN.email, ADMIN.password);
  const idOf = async (email: string) =>
    (await t.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const acmeId = async () =>
    (await t.handle.db.selectFrom('clients').select('id').where('name', '=', 'Acme Shop').executeTakeFirstOrThrow()).id;
  const sessionsOf = async (userId: number) =>
    t.handle.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  const shown = async (id: number) => (await (await admin()).get(`${USERS}/${id}`)).json().data;
  const newUser = async (email: string, role = 'viewer') => {
    const res = await (await admin()).post(USERS, {
      name: email.split('@')[0],
      email,
      password: 'user-pass-1',
      password_confirmation: 'user-pass-1',
      client_id: await acmeId(),
      role,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  it('lists users with filters; a moder never sees staff accounts; client roles get 403 on every call', async () => {
    const a = await admin();
    const all = (await a.get(`${USERS}?pageLength=200`)).json().data;
    const emails = all.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([ADMIN.email, DEMO.moder, DEMO.client, DEMO.user]));
    expect(JSON.stringify(all)).not.toContain('password');
    const acme = (await a.get(`${USERS}?client_id=${await acmeId()}&role=viewer&is_active=1&search=vera`)).json().data;
    expect(acme.data.map((u: { email: string }) => u.email)).toEqual([DEMO.viewer]);
    // the client by its name (the console's Client column), its uid beside it; staff without a client: null
    const uid = (
      await t.handle.db
        .selectFrom('clients')
        .select('client_uid')
        .where('name', '=', 'Acme Shop')
        .executeTakeFirstOrThrow()
    ).client_uid;
    expect(acme.data[0]).toMatchObject({ client_name: 'Acme Shop', client_uid: uid });
    expect(all.data.find((u: { email: string }) => u.email === ADMIN.email)).toMatchObject({ client_name: null });
    expect((await a.get(`${USERS}?pageLength=1&page=2`)).json().data).toMatchObject({ page: 2, pageLength: 1 });
    expect((await a.get(`${USERS}?is_active=2`)).statusCode).toBe(422);

    const moder = await signedIn(t, DEMO.moder);
    const seen = (await moder.get(`${USERS}?pageLength=200`)).json().data.data.map((u: { email: string }) => u.email);
    expect(seen).toEqual(expect.arrayContaining([DEMO.client, DEMO.user, DEMO.viewer]));
    expect(seen).not.toContain(ADMIN.email);
    expect(seen).not.toContain(DEMO.moder);
    expect((await moder.get(`${USERS}/${await idOf(ADMIN.email)}`)).statusCode).toBe(403);

    const target = await idOf(DEMO.user);
    for (const email of [DEMO.client, DEMO.user, DEMO.viewer]) {
      const c = await signedIn(t, email);
      expect((await c.get(USERS)).statusCode).toBe(403);
      expect((await c.get(`${USERS}/${target}`)).statusCode).toBe(403);
      expect((await c.post(USERS, {})).statusCode).toBe(403);
      expect((await c.request('PUT', `${USERS}/${target}`, { body: { is_active: 0 } })).statusCode).toBe(403);
      expect((await c.request('DELETE', `${USERS}/${target}`)).statusCode).toBe(403);
    }
    expect((await shown(target)).is_active).toBe(1);
  });

  it('creates a user of a client with every field required; the user signs in', async () => {
    const a = await admin();
    const missing = await a.post(USERS, {
      name: 'No role',
      email: 'norole@acme.test',
      password: 'user-pass-1',
      password_confirmation: 'user-pass-1',
      client_id: await acmeId(),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.role).toEqual(['Fill the required fields!']);
    const unknown = await a.post(USERS, {
      name: 'Bad role',
      email: 'badrole@acme.test',
      password: 'user-pass-1',
      password_confirmation: 'user-pass-1',
      client_id: await acmeId(),
      role: 'nope',
    });
    expect(unknown.statusCode).toBe(422);
    const id = await newUser('fresh@acme.test');
    expect(await shown(id)).toMatchObject({ email: 'fresh@acme.test', role_name: 'viewer', is_active: 1 });
    await signedIn(t, 'fresh@acme.test', 'user-pass-1');

    // audited: who created whom, in which client, with which role; never the password
    const rows = (await a.get(`/api/v1/management/audit?where[action]=user.create&where[subject_id]=${id}`)).json().data
      .data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_email: ADMIN.email,
      subject_type: 'user',
      client_id: await acmeId(),
      before: null,
      after: { email: 'fresh@acme.test', roles: ['viewer'], is_active: 1 },
    });
    expect(JSON.stringify(rows[0])).not.toContain('user-pass-1');
    expect(JSON.stringify(rows[0])).not.toContain('password');
    // the refused creations (no role, an unknown role) left no row
    const refused = (await a.get('/api/v1/management/audit?where[action]=user.create&pageLength=200')).json().data.data;
    expect(
      refused.filter((r: { after: { email?: string } }) =>
        ['norole@acme.test', 'badrole@acme.test'].includes(r.after?.email ?? ''),
      ),
    ).toEqual([]);
  });

  it('activates a self-registered user, who can then sign in; deactivating ends their sessions at once', async () => {
    const guest = new TestClient(t.app);
    await guest.csrf();
    const client_uid = (
      await t.handle.db
        .selectFrom('clients')
        .select('client_uid')
        .where('name', '=', 'Acme Shop')
        .executeTakeFirstOrThrow()
    ).client_uid;
    const reg = await guest.post('/api/auth/user/register', {
      name: 'Waiting',
      email: 'waiting@acme.test',
      password: 'wait-pass-1',
      password_confirmation: 'wait-pass-1',
      client_uid,
    });
    const id = reg.json().data.id;
    const moder = await signedIn(t, DEMO.moder);
    const on = await moder.request('PUT', `${USERS}/${id}`, { body: { is_active: 1 } });
    expect(on.statusCode).toBe(200);
    const waiting = await signedIn(t, 'waiting@acme.test', 'wait-pass-1');
    expect((await waiting.get('/api/auth/user/info')).statusCode).toBe(200);

    const off = await moder.request('PUT', `${USERS}/${id}`, { body: { is_active: 0 } });
    expect(off.json().data.is_active).toBe(0);
    expect(await sessionsOf(id)).toEqual([]);
    expect((await waiting.get('/api/auth/user/info')).statusCode).toBe(401);
  });

  it('syncs roles and permissions; the user sees them on the next request, still signed in', async () => {
    const id = await newUser('synced@acme.test');
    const user = await signedIn(t, 'synced@acme.test', 'user-pass-1');
    const a = await admin();
    expect((await user.get('/api/v1/management/users')).statusCode).toBe(403);
    const res = await a.request('PUT', `${USERS}/${id}`, { body: { roles: ['user'] } });
    expect(res.json().data).toMatchObject({ role_name: 'user', roles: ['user'] });
    await a.request('PUT', `${USERS}/${id}`, { body: { permissions: ['menu.tags.manager'] } });
    const info = (await user.get('/api/auth/user/info')).json().data;
    expect(info.roles.map((r: { name: string }) => r.name)).toEqual(['user']);
    expect(info.permissions).toEqual(['menu.tags.manager']);
    // the new permission passes its route at once
    expect((await user.post('/api/v1/tags', { name: 'synced-tag', type: 'geo' })).statusCode).toBe(201);
    expect((await sessionsOf(id)).length).toBeGreaterThan(0);
    const [row] = (await a.get(`/api/v1/management/audit?where[action]=user.update&where[subject_id]=${id}`)).json()
      .data.data;
    expect(row.before).toMatchObject({ roles: ['user'], permissions: [] });
    expect(row.after).toMatchObject({ permissions: ['menu.tags.manager'] });
    expect(JSON.stringify(row)).not.toContain('password');
  });

  it('refuses every escalation with 403 and changes nothing', async () => {
    const moder = await signedIn(t, DEMO.moder);
    const moderId = await idOf(DEMO.moder);
    const adminId = await idOf(ADMIN.email);
    const target = await newUser('target@acme.test');
    // a permission outside the tenant roles that the moder lacks; a custom role carrying it, and one carrying only
    // permissions the moder holds
    expect((await (await admin()).post('/api/v1/management/permissions', { name: 'reports.export' })).statusCode).toBe(
      201,
    );
    for (const [name, permissions] of [
      ['auditor', ['menu.stats.global', 'reports.export']],
      ['reporter', ['menu.stats.global', 'menu.files']],
    ] as const) {
      expect((await (await admin()).post('/api/v1/management/roles', { name, permissions })).statusCode).toBe(201);
    }
    const snapshot = async () => [await shown(target), await shown(moderId), await shown(adminId)];
    const before = await snapshot();
    const attempts: [TestClient, string, string, object?][] = [
      [moder, 'PUT', `${USERS}/${moderId}`, { roles: ['admin'] }], // own roles
      [moder, 'PUT', `${USERS}/${moderId}`, { permissions: ['menu.admin.panel'] }], // own permissions
      [moder, 'PUT', `${USERS}/${target}`, { roles: ['admin'] }], // assign admin
      [moder, 'PUT', `${USERS}/${target}`, { roles: ['moder'] }], // assign a staff role
      [moder, 'PUT', `${USERS}/${target}`, { permissions: ['menu.admin.panel'] }], // a permission it lacks
      [moder, 'PUT', `${USERS}/${target}`, { permissions: ['reports.export'] }], // a permission it lacks
      [moder, 'PUT', `${USERS}/${target}`, { permissions: ['menu.users.management'] }], // a staff permission it holds
      [moder, 'PUT', `${USERS}/${target}`, { roles: ['auditor'] }], // a role carrying a permission it lacks
      [moder, 'PUT', `${USERS}/${adminId}`, { is_active: 0 }], // a staff account
      [moder, 'DELETE', `${USERS}/${adminId}`],
      [await admin(), 'PUT', `${USERS}/${adminId}`, { roles: ['viewer'] }], // own roles, even for admin
      [await admin(), 'DELETE', `${USERS}/${adminId}`],
    ];
    for (const [c, method, url, body] of attempts) {
      const res = await c.request(method as 'PUT', url, body ? { body } : {});
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
    }
    for (const role of ['admin', 'auditor']) {
      const created = await moder.post(USERS, {
        name: 'Made by moder',
        email: `made-${role}@acme.test`,
        password: 'user-pass-1',
        password_confirmation: 'user-pass-1',
        client_id: await acmeId(),
        role,
      });
      expect(created.statusCode, role).toBe(403);
    }
    // impersonating staff
    expect((await moder.post(`/api/auth/moder/loginToUser?user_id=${adminId}`)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(
      await t.handle.db.selectFrom('users').select('id').where('email', 'like', 'made-%@acme.test').execute(),
    ).toEqual([]);
    // what a moder may do: a role whose every permission it holds, and a permission it holds
    const ok = await moder.request('PUT', `${USERS}/${target}`, {
      body: { roles: ['reporter'], permissions: ['menu.files'] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ roles: ['reporter'], permissions: ['menu.files'] });
    // and the built-in tenant roles and their permissions, which it already acts with through 'Log in as'
    for (const role of ['client', 'user', 'viewer']) {
      const given = await moder.request('PUT', `${USERS}/${target}`, { body: { roles: [role] } });
      expect(given.statusCode, `${role}: ${given.body}`).toBe(200);
    }
    const tenant = await moder.request('PUT', `${USERS}/${target}`, {
      body: { permissions: ['menu.domain.audience.edit'] },
    });
    expect(tenant.statusCode, tenant.body).toBe(200);
  });

  it('treats a client user with staff permissions (direct or through a custom role) as staff for a moder', async () => {
    const direct = await newUser('direct-staff@acme.test');
    const viaRole = await newUser('role-staff@acme.test');
    const a = await admin();
    expect(
      (await a.post('/api/v1/management/roles', { name: 'helpdesk', permissions: ['menu.clients.management'] }))
        .statusCode,
    ).toBe(201);
    await a.request('PUT', `${USERS}/${direct}`, { body: { permissions: ['menu.users.management'] } });
    await a.request('PUT', `${USERS}/${viaRole}`, { body: { roles: ['helpdesk'] } });
    const moder = await signedIn(t, DEMO.moder);
    const seen = (await moder.get(`${USERS}?pageLength=200`)).json().data.data.map((u: { id: number }) => u.id);
    for (const id of [direct, viaRole]) {
      expect(seen).not.toContain(id);
      expect((await moder.get(`${USERS}/${id}`)).statusCode).toBe(403);
      expect((await moder.request('PUT', `${USERS}/${id}`, { body: { is_active: 0 } })).statusCode).toBe(403);
      expect((await moder.request('DELETE', `${USERS}/${id}`)).statusCode).toBe(403);
      expect((await shown(id)).is_active).toBe(1);
      expect((await moder.post(`/api/auth/moder/loginToUser?user_id=${id}`)).statusCode).toBe(403);
    }
    // nor may a moder hand out that role
    const target = await newUser('no-helpdesk@acme.test');
    expect((await moder.request('PUT', `${USERS}/${target}`, { body: { roles: ['helpdesk'] } })).statusCode).toBe(403);
    expect((await shown(target)).roles).toEqual(['viewer']);
  });

  it('deletes a user with their sessions, audited', async () => {
    const id = await newUser('gone@acme.test');
    await signedIn(t, 'gone@acme.test', 'user-pass-1');
    const a = await admin();
    expect((await a.request('DELETE', `${USERS}/${id}`)).statusCode).toBe(204);
    expect(await sessionsOf(id)).toEqual([]);
    expect((await a.get(`${USERS}/${id}`)).statusCode).toBe(404);
    expect((await a.request('DELETE', `${USERS}/${id}`)).statusCode).toBe(404);
    const rows = (await a.get(`/api/v1/management/audit?where[action]=user.delete&where[subject_id]=${id}`)).json().data
      .data;
    expect(rows[0].before).toMatchObject({ email: 'gone@acme.test' });
  });
});
