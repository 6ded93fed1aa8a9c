import { ROLES, type RoleName } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../db/seed.ts';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';

type Role = RoleName;
/** menu.users.management / menu.clients.management, or menu.admin.panel (admin, dev) which passes every guard. */
const STAFF: Role[] = ['admin', 'moder', 'admin_role', 'dev'];
/** menu.admin.panel: admin, and dev which the seed gives it too. */
const ADMIN_ONLY: Role[] = ['admin', 'dev'];

/**
 * Every administration route × every demo role: who is let through (the call then answers 2xx, 404 or 422 on the
 * harmless request below, never 403) and who gets 403. Requests name ids that do not exist and bodies that fail
 * validation, so nothing changes whoever makes them.
 */
const MATRIX: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; allowed: Role[]; body?: object }[] = [
  { method: 'GET', url: '/api/v1/management/audit', allowed: ADMIN_ONLY },
  { method: 'GET', url: '/api/v1/management/clients', allowed: STAFF },
  { method: 'GET', url: '/api/v1/management/clients/:id', allowed: STAFF },
  { method: 'POST', url: '/api/v1/management/clients', allowed: ADMIN_ONLY, body: {} },
  { method: 'PUT', url: '/api/v1/management/clients/:id', allowed: ADMIN_ONLY, body: { is_active: 0 } },
  { method: 'DELETE', url: '/api/v1/management/clients/:id', allowed: ADMIN_ONLY, body: { confirm_name: 'x' } },
  { method: 'GET', url: '/api/v1/management/clients/:id/deletion', allowed: ADMIN_ONLY },
  { method: 'GET', url: '/api/v1/management/client-deletions/:id', allowed: ADMIN_ONLY },
  { method: 'GET', url: '/api/v1/management/users', allowed: STAFF },
  { method: 'GET', url: '/api/v1/management/users/:id', allowed: STAFF },
  { method: 'POST', url: '/api/v1/management/users', allowed: STAFF, body: {} },
  { method: 'PUT', url: '/api/v1/management/users/:id', allowed: STAFF, body: { is_active: 0 } },
  { method: 'DELETE', url: '/api/v1/management/users/:id', allowed: STAFF },
  { method: 'GET', url: '/api/v1/management/roles', allowed: STAFF },
  { method: 'GET', url: '/api/v1/management/roles/:id', allowed: STAFF },
  { method: 'POST', url: '/api/v1/management/roles', allowed: ADMIN_ONLY, body: {} },
  { method: 'PUT', url: '/api/v1/management/roles/:id', allowed: ADMIN_ONLY, body: { name: 'x' } },
  { method: 'DELETE', url: '/api/v1/management/roles/:id', allowed: ADMIN_ONLY },
  { method: 'GET', url: '/api/v1/management/permissions', allowed: STAFF },
  { method: 'GET', url: '/api/v1/management/permissions/:id', allowed: STAFF },
  { method: 'POST', url: '/api/v1/management/permissions', allowed: ADMIN_ONLY, body: {} },
  { method: 'PUT', url: '/api/v1/management/permissions/:id', allowed: ADMIN_ONLY, body: { name: 'x' } },
  { method: 'DELETE', url: '/api/v1/management/permissions/:id', allowed: ADMIN_ONLY },
  { method: 'GET', url: '/api/v1/management/clusters', allowed: ADMIN_ONLY },
  { method: 'GET', url: '/api/v1/management/clusters/:id', allowed: ADMIN_ONLY },
  { method: 'POST', url: '/api/v1/management/clusters', allowed: ADMIN_ONLY, body: {} },
  { method: 'POST', url: '/api/v1/management/clusters/test', allowed: ADMIN_ONLY, body: {} },
  { method: 'PUT', url: '/api/v1/management/clusters/:id', allowed: ADMIN_ONLY, body: { is_active: 0 } },
  { method: 'DELETE', url: '/api/v1/management/clusters/:id', allowed: ADMIN_ONLY },
  { method: 'GET', url: '/api/v1/management/dbsubs', allowed: ADMIN_ONLY },
  { method: 'GET', url: '/api/v1/management/dbsubs/:id', allowed: ADMIN_ONLY },
  { method: 'POST', url: '/api/v1/management/dbsubs', allowed: ADMIN_ONLY, body: {} },
  { method: 'PUT', url: '/api/v1/management/dbsubs/:id', allowed: ADMIN_ONLY, body: { is_active: 0 } },
  { method: 'DELETE', url: '/api/v1/management/dbsubs/:id', allowed: ADMIN_ONLY },
];

/** Signing in as another user (clients.manage: menu.clients.management) and back (the session's own moderator). */
const IMPERSONATION = [
  { method: 'POST', url: '/api/auth/moder/loginToUser', allowed: STAFF },
  { method: 'POST', url: '/api/auth/moder/backToModer/:id', allowed: [] as Role[] },
] as const;

/** The demo accounts, and one staff account (no client) for each role the demo does not sign in as. */
const EMAILS: Record<Role, [string, string?]> = {
  admin: [ADMIN.email, ADMIN.password],
  moder: [DEMO.moder],
  client: [DEMO.client],
  user: [DEMO.user],
  viewer: [DEMO.viewer],
  admin_role: ['admin-role@pushdeck.test'],
  admin_demo: ['admin-demo@pushdeck.test'],
  dev: ['dev@pushdeck.test'],
};
const EXTRA: Role[] = ['admin_role', 'admin_demo', 'dev'];

describe.each(testBackends())('administration access on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const role of EXTRA) {
      const [email] = EMAILS[role];
      await addUser(t.handle.db, { email, name: role, role, clientId: null, password: DEMO.password });
    }
  });
  afterAll(() => t?.close());

  const auditRows = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const whoAmI = async (c: TestClient) => (await c.get('/api/auth/user/info')).json().data;

  it('signs in as every one of the eight roles', async () => {
    expect(Object.keys(EMAILS).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) {
      const [email, password] = EMAILS[role];
      const me = await whoAmI(await signedIn(t, email, password));
      expect(me.roles.map((r: { name: string }) => r.name)).toEqual([role]);
    }
  });

  it('covers every administration route', () => {
    const registered = t.routes
      .filter((r) => r.url.startsWith('/api/v1/management/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(MATRIX.map((m) => `${m.method} ${m.url}`).sort());
    const impersonation = t.routes
      .filter((r) => r.url.startsWith('/api/auth/moder/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(impersonation).toEqual(IMPERSONATION.map((m) => `${m.method} ${m.url}`).sort());
  });

  it('lets each role through exactly where the table says, 403 elsewhere, and nothing changes', async () => {
    const before = await auditRows();
    const outcomes: string[] = [];
    for (const role of ROLES) {
      const [email, password] = EMAILS[role];
      const c = await signedIn(t, email, password);
      for (const m of [...MATRIX, ...IMPERSONATION]) {
        const url = m.url.replace(':id', '999999') + (m.url.endsWith('loginToUser') ? '?user_id=999999' : '');
        const res = await c.request(m.method, url, 'body' in m && m.body ? { body: m.body } : {});
        const through = res.statusCode !== 403;
        if (through !== m.allowed.includes(role) || res.statusCode >= 500 || res.statusCode === 401) {
          outcomes.push(`${role} ${m.method} ${m.url}: ${res.statusCode}`);
        }
      }
      // still the same account, signed in
      expect((await whoAmI(c)).email).toBe(email);
    }
    expect(outcomes).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('lets exactly the staff roles with menu.clients.management (or menu.admin.panel) enter a client user and come back', async () => {
    const target = (
      await t.handle.db.selectFrom('users').select('id').where('email', '=', DEMO.viewer).executeTakeFirstOrThrow()
    ).id;
    const entered: Role[] = [];
    for (const role of ROLES) {
      const [email, password] = EMAILS[role];
      const c = await signedIn(t, email, password);
      const me = await whoAmI(c);
      const before = await auditRows();
      const res = await c.post(`/api/auth/moder/loginToUser?user_id=${target}`);
      if (res.statusCode !== 200) {
        expect(res.statusCode, `${role} enters`).toBe(403);
        expect((await whoAmI(c)).email, role).toBe(email);
        // a session that no moderator opened has no way back, to anyone
        expect((await c.post(`/api/auth/moder/backToModer/${me.id}`)).statusCode, `${role} back`).toBe(403);
        expect(await auditRows()).toBe(before);
        continue;
      }
      entered.push(role);
      expect(res.json().data).toMatchObject({
        email: DEMO.viewer,
        backToModerUrl: `/api/auth/moder/backToModer/${me.id}`,
      });
      expect((await whoAmI(c)).email).toBe(DEMO.viewer);
      // the way back names the moderator who opened the session, no other
      const someoneElse = me.id === 1 ? 2 : 1;
      expect((await c.post(`/api/auth/moder/backToModer/${someoneElse}`)).statusCode).toBe(403);
      const back = await c.post(`/api/auth/moder/backToModer/${me.id}`);
      expect(back.statusCode, `${role} back`).toBe(200);
      expect(back.json().data).toMatchObject({ email, backToModerUrl: null });
      expect((await whoAmI(c)).email).toBe(email);
      expect(await auditRows()).toBe(before + 2);
    }
    expect(entered.sort()).toEqual([...STAFF].sort());
  });
});
