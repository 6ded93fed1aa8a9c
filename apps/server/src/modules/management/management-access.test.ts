import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';

type Role = 'admin' | 'moder' | 'client' | 'user' | 'viewer';
const STAFF: Role[] = ['admin', 'moder'];
const ADMIN_ONLY: Role[] = ['admin'];

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

const EMAILS: Record<Role, [string, string?]> = {
  admin: [ADMIN.email, ADMIN.password],
  moder: [DEMO.moder],
  client: [DEMO.client],
  user: [DEMO.user],
  viewer: [DEMO.viewer],
};

describe.each(testBackends())('administration access on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('covers every administration route', () => {
    const registered = t.routes
      .filter((r) => r.url.startsWith('/api/v1/management/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(MATRIX.map((m) => `${m.method} ${m.url}`).sort());
  });

  it('lets each role through exactly where the table says, 403 elsewhere, and nothing changes', async () => {
    const before = await t.handle.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const outcomes: string[] = [];
    for (const [role, [email, password]] of Object.entries(EMAILS) as [Role, [string, string?]][]) {
      const c = await signedIn(t, email, password);
      for (const m of MATRIX) {
        const res = await c.request(m.method, m.url.replace(':id', '999999'), m.body ? { body: m.body } : {});
        const through = res.statusCode !== 403;
        if (through !== m.allowed.includes(role) || res.statusCode >= 500 || res.statusCode === 401) {
          outcomes.push(`${role} ${m.method} ${m.url}: ${res.statusCode}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
    const after = await t.handle.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});
