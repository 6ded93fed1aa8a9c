import { ACTIONS } from '@pushdeck/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords.ts';
import { testBackends } from '../test/backends.ts';
import { ADMIN, createTestApp, signedIn, type TestApp, TestClient } from '../test/harness.ts';
import { enforceRouteDeclarations, type RegisteredRoute } from './route-declarations.ts';

const concrete = (url: string) => url.replace(/:[a-zA-Z_]+/g, '1').replace(/\*$/, 'x');

describe.each(testBackends())('every registered route on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    // a signed-in user with no role and no permission at all
    await t.handle.db
      .insertInto('users')
      .values({
        client_id: 1,
        name: 'Nobody',
        email: 'nobody@pushdeck.test',
        password: await hashPassword('nothing-granted'),
      })
      .execute();
  });
  afterAll(() => t?.close());

  it('has routes, and each declares a permission or public', () => {
    expect(t.routes.length).toBeGreaterThan(8);
    for (const r of t.routes) expect(r.permission).toBeDefined();
  });

  it('has list and show for roles, permissions, clusters and db subs (spec part 2 §7)', () => {
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    const missing = ['roles', 'permissions', 'clusters', 'dbsubs']
      .flatMap((name) => [`GET /api/v1/management/${name}`, `GET /api/v1/management/${name}/:id`])
      .filter((route) => !registered.has(route));
    expect(missing).toEqual([]);
  });

  it("takes every guarded route's permission from the shared ACTIONS table, so the console's rule cannot drift", () => {
    const entries: readonly unknown[] = Object.values(ACTIONS);
    const guarded = t.routes.filter(
      (r) => r.permission !== 'public' && r.permission !== 'authenticated' && r.permission !== 'apiKey',
    );
    expect(guarded.some((r) => r.method !== 'GET')).toBe(true);
    const strays = guarded.filter((r) => !entries.includes(r.permission)).map((r) => `${r.method} ${r.url}`);
    expect(strays).toEqual([]);
  });

  it('answers 401 without a session on every protected route', async () => {
    const protectedRoutes = t.routes.filter((r) => r.permission !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(4);
    for (const r of protectedRoutes) {
      const res = await new TestClient(t.app).request(r.method as 'GET', concrete(r.url), { body: {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.headers.location, `${r.method} ${r.url} must not redirect`).toBeUndefined();
    }
  });

  it('takes only a key on every server API route: a signed-in admin without one gets a 401', async () => {
    const serverApi = t.routes.filter((r) => r.permission === 'apiKey');
    expect(serverApi.length).toBeGreaterThan(0);
    expect(serverApi.every((r) => r.url.startsWith('/api/server/v1/'))).toBe(true);
    expect(t.routes.filter((r) => r.url.startsWith('/api/server/') && r.permission !== 'apiKey')).toEqual([]);
    const a = await signedIn(t, ADMIN.email, ADMIN.password);
    for (const r of serverApi) {
      const res = await a.request(r.method as 'GET', concrete(r.url), { body: {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 on every permission route to a user without that permission', async () => {
    const c = await signedIn(t, 'nobody@pushdeck.test', 'nothing-granted');
    const guarded = t.routes.filter(
      (r) => r.permission !== 'public' && r.permission !== 'authenticated' && r.permission !== 'apiKey',
    );
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const res = await c.request(r.method as 'GET', concrete(r.url), { body: {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });
});

describe('start-up check', () => {
  it('refuses a route that declares neither a permission nor public', async () => {
    const app = Fastify();
    const routes: RegisteredRoute[] = [];
    enforceRouteDeclarations(app, routes);
    app.get('/api/v1/declared', { config: { permission: 'menu.files' } }, async () => ({}));
    expect(() => app.get('/api/v1/undeclared', async () => ({}))).toThrow(/declares neither a permission nor 'public'/);
    expect(routes).toEqual([{ method: 'GET', url: '/api/v1/declared', permission: 'menu.files' }]);
    await app.close();
  });
});
