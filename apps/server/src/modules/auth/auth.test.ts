import { MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';

describe.each(testBackends())('auth on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('logs in, returns the user info with roles, and rotates the session id', async () => {
    const c = new TestClient(t.app);
    await c.csrf();
    const guestSession = c.sessionCookie;
    expect(guestSession).toBeTruthy();
    const res = await c.post('/api/auth/user/login', { email: DEMO.client, password: DEMO.password });
    expect(res.statusCode).toBe(200);
    const info = res.json().data;
    expect(info).toMatchObject({ email: DEMO.client, name: 'Carla Client', backToModerUrl: null });
    expect(info.roles[0].name).toBe('client');
    expect(info.roles[0].permissions).toContain('menu.domain.triggers');
    expect(info.client_uid).toEqual(expect.any(String));
    expect(c.sessionCookie).not.toBe(guestSession);
    const cookie = res.headers['set-cookie'] as string[];
    expect(cookie.find((x) => x.startsWith('pushdeck_session='))).toMatch(/HttpOnly; SameSite=Lax/);

    const stale = new TestClient(t.app);
    stale.cookies = { pushdeck_session: guestSession! };
    expect((await stale.get('/api/auth/user/info')).statusCode).toBe(401);
    expect((await c.get('/api/auth/user/info')).json().data.email).toBe(DEMO.client);
  });

  it('answers 422 with per-field messages', async () => {
    const c = new TestClient(t.app, '10.0.0.2');
    await c.csrf();
    const empty = await c.post('/api/auth/user/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.email).toEqual([MSG.required]);
    expect(empty.json().errors.password).toEqual([MSG.required]);
    const bad = await c.post('/api/auth/user/login', { email: 'not-an-email', password: 'x' });
    expect(bad.json().errors.email).toEqual([MSG.invalidEmail]);
    const notJson = await c.request('POST', '/api/auth/user/login', {
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('gives one message for an unknown account and a wrong password', async () => {
    const c = new TestClient(t.app, '10.0.0.3');
    await c.csrf();
    const unknown = await c.post('/api/auth/user/login', { email: 'nobody@pushdeck.test', password: 'whatever1' });
    const wrong = await c.post('/api/auth/user/login', { email: DEMO.client, password: 'wrong-password' });
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().errors.email).toEqual([MSG.invalidCredentials]);
  });

  it('throttles after 5 failed attempts per minute per email and IP, with Retry-After', async () => {
    const c = new TestClient(t.app, '10.0.0.4');
    await c.csrf();
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/auth/user/login', { email: DEMO.viewer, password: 'nope-nope' })).statusCode).toBe(
        422,
      );
    }
    const blocked = await c.post('/api/auth/user/login', { email: DEMO.viewer, password: DEMO.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // another IP is not blocked
    const other = new TestClient(t.app, '10.0.0.5');
    await other.login(DEMO.viewer);
  });

  it('logout deletes the session', async () => {
    const c = await signedIn(t, DEMO.user);
    const cookie = c.sessionCookie!;
    expect((await c.post('/api/auth/user/logout')).statusCode).toBe(204);
    const replay = new TestClient(t.app);
    replay.cookies = { pushdeck_session: cookie };
    expect((await replay.get('/api/auth/user/info')).statusCode).toBe(401);
  });

  it('registers a client with its first user and signs it in; duplicate email and confirmation are refused', async () => {
    const c = new TestClient(t.app, '10.0.0.6');
    await c.csrf();
    const body = {
      name: 'Nina New',
      email: 'nina@example.com',
      password: 'longenough',
      password_confirmation: 'longenough',
    };
    const res = await c.post('/api/auth/client/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.roles[0].name).toBe('client');
    expect((await c.get('/api/auth/user/info')).json().data.email).toBe('nina@example.com');
    const again = new TestClient(t.app, '10.0.0.7');
    await again.csrf();
    expect((await again.post('/api/auth/client/register', body)).json().errors.email).toEqual([MSG.emailTaken]);
    const mismatch = await again.post('/api/auth/client/register', {
      ...body,
      email: 'other@example.com',
      password_confirmation: 'different',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual([MSG.passwordConfirm]);
    const short = await again.post('/api/auth/client/register', {
      ...body,
      email: 'x@example.com',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json().errors.password).toEqual([MSG.passwordMin]);
  });

  it('registers a user of a client as inactive and says, then and at sign-in, that it awaits activation', async () => {
    const owner = await signedIn(t, DEMO.client);
    const uid = (await owner.get('/api/auth/user/info')).json().data.client_uid;
    const c = new TestClient(t.app, '10.0.0.8');
    await c.csrf();
    const body = { name: 'Ivan', email: 'ivan@example.com', password: 'password8', password_confirmation: 'password8' };
    expect(
      (await c.post('/api/auth/user/register', { ...body, client_uid: 'missing' })).json().errors.client_uid,
    ).toEqual([MSG.clientNotFound]);
    const res = await c.post('/api/auth/user/register', { ...body, client_uid: uid });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: 'ivan@example.com', is_active: 0 });
    // the answer says what happens next, and so does a sign-in attempt (after the password was checked)
    expect(res.json().data.message).toBe(
      'Your account was created and is waiting for an administrator to activate it. You will be able to sign in once it is active.',
    );
    const login = await c.post('/api/auth/user/login', { email: 'ivan@example.com', password: 'password8' });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors.email).toEqual([
      'This account is waiting for an administrator to activate it. You will be able to sign in once it is active.',
    ]);
    const wrong = await c.post('/api/auth/user/login', { email: 'ivan@example.com', password: 'wrong-pass' });
    expect(wrong.json().errors.email).toEqual([MSG.invalidCredentials]);
  });

  it('tells an account switched off in Users Management that it is deactivated, not that it awaits activation', async () => {
    const admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const { id } = await t.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO.viewer)
      .executeTakeFirstOrThrow();
    const c = new TestClient(t.app, '10.0.0.18');
    await c.csrf();
    const signIn = () => c.post('/api/auth/user/login', { email: DEMO.viewer, password: DEMO.password });
    expect((await admin.request('PUT', `/api/v1/management/users/${id}`, { body: { is_active: 0 } })).statusCode).toBe(
      200,
    );
    const refused = await signIn();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual([MSG.accountDeactivated]);
    // switched off again while off: still deactivated
    await admin.request('PUT', `/api/v1/management/users/${id}`, { body: { is_active: 0 } });
    expect((await signIn()).json().errors.email).toEqual([MSG.accountDeactivated]);
    // the wrong password still says only that the credentials do not match
    const wrong = await c.post('/api/auth/user/login', { email: DEMO.viewer, password: 'wrong-pass' });
    expect(wrong.json().errors.email).toEqual([MSG.invalidCredentials]);
    // switched on: signs in; a sign-up never activated keeps the waiting text (previous test)
    await admin.request('PUT', `/api/v1/management/users/${id}`, { body: { is_active: 1 } });
    expect((await signIn()).statusCode).toBe(200);
    const row = await t.handle.db
      .selectFrom('users')
      .select('deactivated_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deactivated_at).toBeNull();
  });

  it('changes the password after checking the old one, and ends the other sessions', async () => {
    const c = new TestClient(t.app, '10.0.0.9');
    await c.csrf();
    await c.post('/api/auth/client/register', {
      name: 'Pat',
      email: 'pat@example.com',
      password: 'first-pass',
      password_confirmation: 'first-pass',
    });
    const other = await signedIn(t, 'pat@example.com', 'first-pass');
    const wrong = await c.post('/api/auth/user/change-password', {
      old_password: 'nope',
      new_password: 'second-pass',
      new_password_confirmation: 'second-pass',
    });
    expect(wrong.json().errors.old_password).toEqual([MSG.oldPasswordWrong]);
    const mismatch = await c.post('/api/auth/user/change-password', {
      old_password: 'first-pass',
      new_password: 'second-pass',
      new_password_confirmation: 'third-pass',
    });
    expect(mismatch.json().errors.new_password_confirmation).toEqual([MSG.passwordConfirm]);
    const ok = await c.post('/api/auth/user/change-password', {
      old_password: 'first-pass',
      new_password: 'second-pass',
      new_password_confirmation: 'second-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect((await other.get('/api/auth/user/info')).statusCode).toBe(401);
    expect((await c.get('/api/auth/user/info')).statusCode).toBe(200);
    await signedIn(t, 'pat@example.com', 'second-pass');
  });

  it('rotates the session id on a password change: a new cookie works, the old token does not', async () => {
    const c = new TestClient(t.app, '10.0.0.10');
    await c.csrf();
    await c.post('/api/auth/client/register', {
      name: 'Rota',
      email: 'rota@example.com',
      password: 'first-pass',
      password_confirmation: 'first-pass',
    });
    const before = c.sessionCookie!;
    const csrfBefore = c.cookies['XSRF-TOKEN'];
    const res = await c.post('/api/auth/user/change-password', {
      old_password: 'first-pass',
      new_password: 'second-pass',
      new_password_confirmation: 'second-pass',
    });
    expect(res.statusCode).toBe(200);
    const set = res.headers['set-cookie'] as string[];
    expect(set.find((x) => x.startsWith('pushdeck_session='))).toMatch(/HttpOnly; SameSite=Lax/);
    expect(c.sessionCookie).toBeTruthy();
    expect(c.sessionCookie).not.toBe(before);
    expect(c.cookies['XSRF-TOKEN']).not.toBe(csrfBefore);
    // still signed in with the new token, and an unsafe call passes CSRF with the new XSRF-TOKEN
    expect((await c.get('/api/auth/user/info')).json().data.email).toBe('rota@example.com');
    expect((await c.post('/api/auth/user/logout')).statusCode).toBe(204);
    // the old token was ended by the change
    const stale = new TestClient(t.app);
    stale.cookies = { pushdeck_session: before };
    expect((await stale.get('/api/auth/user/info')).statusCode).toBe(401);
  });

  it('rotates an impersonation session on a password change and keeps its way back to the moderator', async () => {
    const owner = new TestClient(t.app, '10.0.0.11');
    await owner.csrf();
    await owner.post('/api/auth/client/register', {
      name: 'Imp',
      email: 'imp@example.com',
      password: 'second-pass',
      password_confirmation: 'second-pass',
    });
    const moder = await signedIn(t, DEMO.moder);
    const target = await signedIn(t, 'imp@example.com', 'second-pass');
    const targetId = (await target.get('/api/auth/user/info')).json().data.id;
    const moderId = (await moder.get('/api/auth/user/info')).json().data.id;
    expect((await moder.post(`/api/auth/moder/loginToUser?user_id=${targetId}`)).statusCode).toBe(200);
    const impersonating = moder.sessionCookie;
    const changed = await moder.post('/api/auth/user/change-password', {
      old_password: 'second-pass',
      new_password: 'third-pass',
      new_password_confirmation: 'third-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect(moder.sessionCookie).not.toBe(impersonating);
    expect((await target.get('/api/auth/user/info')).statusCode).toBe(401);
    const info = (await moder.get('/api/auth/user/info')).json().data;
    expect(info).toMatchObject({ email: 'imp@example.com', backToModerUrl: `/api/auth/moder/backToModer/${moderId}` });
    const back = await moder.post(`/api/auth/moder/backToModer/${moderId}`);
    expect(back.json().data).toMatchObject({ email: DEMO.moder });
  });

  it("reads a request's permissions fresh: the first role's and the direct ones, not a later role's", async () => {
    const db = t.handle.db;
    const viewer = await signedIn(t, DEMO.viewer);
    const topPush = '/api/v1/statistics/getTopPush?date_start=2026-01-01&date_finish=2026-01-02&timezone=UTC';
    expect((await viewer.get(topPush)).statusCode).toBe(403); // needs stats.domain; viewers have stats.domain.simple
    const user = await db.selectFrom('users').select('id').where('email', '=', DEMO.viewer).executeTakeFirstOrThrow();
    const role = async (name: string) =>
      (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const permission = async (name: string) =>
      (await db.selectFrom('permissions').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    // a second role that has stats.domain grants nothing: only the first role counts
    await db
      .insertInto('model_has_roles')
      .values({ role_id: await role('client'), user_id: user.id, position: 1 })
      .execute();
    expect((await viewer.get(topPush)).statusCode).toBe(403);
    const info = (await viewer.get('/api/auth/user/info')).json().data;
    expect(info.roles.map((r: { name: string }) => r.name)).toEqual(['viewer', 'client']);
    // a direct permission applies on the next request, without signing in again
    await db
      .insertInto('model_has_permissions')
      .values({ permission_id: await permission('stats.domain'), user_id: user.id })
      .execute();
    expect((await viewer.get(topPush)).statusCode).not.toBe(403);
    expect((await viewer.get('/api/auth/user/info')).json().data.permissions).toEqual(['stats.domain']);
    await db.deleteFrom('model_has_permissions').where('user_id', '=', user.id).execute();
    await db.deleteFrom('model_has_roles').where('user_id', '=', user.id).where('position', '=', 1).execute();
    expect((await viewer.get(topPush)).statusCode).toBe(403);
    // a deactivated user's session ends on its next request
    await db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect((await viewer.get('/api/auth/user/info')).statusCode).toBe(401);
    await db.updateTable('users').set({ is_active: 1 }).where('id', '=', user.id).execute();
    expect((await viewer.get('/api/auth/user/info')).statusCode).toBe(401);
  });

  it('lets a moderator sign in as a client user and return', async () => {
    const moder = await signedIn(t, DEMO.moder);
    const admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const target = await signedIn(t, DEMO.user);
    const targetId = (await target.get('/api/auth/user/info')).json().data.id;
    const moderId = (await moder.get('/api/auth/user/info')).json().data.id;
    const adminId = (await admin.get('/api/auth/user/info')).json().data.id;
    expect((await moder.post(`/api/auth/moder/loginToUser?user_id=${adminId}`)).statusCode).toBe(403);
    const as = await moder.post(`/api/auth/moder/loginToUser?user_id=${targetId}`);
    expect(as.statusCode).toBe(200);
    expect(as.json().data).toMatchObject({
      email: DEMO.user,
      backToModerUrl: `/api/auth/moder/backToModer/${moderId}`,
    });
    expect((await moder.post(`/api/auth/moder/backToModer/${adminId}`)).statusCode).toBe(403);
    const back = await moder.post(`/api/auth/moder/backToModer/${moderId}`);
    expect(back.json().data).toMatchObject({ email: DEMO.moder, backToModerUrl: null });
    // a plain user cannot impersonate
    expect((await target.post(`/api/auth/moder/loginToUser?user_id=${moderId}`)).statusCode).toBe(403);
  });
});
