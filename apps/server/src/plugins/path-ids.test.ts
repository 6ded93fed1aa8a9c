import { MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { ADMIN, createTestApp, signedIn, type TestApp, type TestClient } from '../test/harness.ts';

/** Forms that Number() reads as 2 (or as an id beyond int4), none of them a plain decimal id. */
const NOT_IDS = ['0x2', '2e0', '%202', '+2', '02', '2.0', '0b10', '2147483648', '99999999999999999999', '-2', '0'];

describe.each(testBackends())('path ids on $name', (backend) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signedIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('answer 422 on the id for anything but a plain decimal id from 1 to 2147483647, on every route', async () => {
    const routes = t.routes.filter((r) => /:[a-z]/i.test(r.url));
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const r of routes) {
      const names = [...r.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!).filter((n) => n !== 'status');
      for (const name of names) {
        for (const bad of NOT_IDS) {
          // a group of 0 is the spec's "no group"
          if (bad === '0' && /group/i.test(name)) continue;
          const url = r.url.replace(/:([A-Za-z_]+)/g, (_, n: string) => (n === name ? bad : '1'));
          const res = await admin.request(r.method as 'GET', url, { body: {} });
          const errors = res.statusCode === 422 ? res.json().errors : undefined;
          if (!errors?.[name]) wrong.push(`${r.method} ${url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells what an id is, and still finds a website by its plain id', async () => {
    const res = await admin.get('/api/v1/domains/0x2');
    expect([res.statusCode, res.json()]).toEqual([422, { message: MSG.invalidId, errors: { id: [MSG.invalidId] } }]);
    const found = await admin.get('/api/v1/domains/2');
    expect([found.statusCode, found.json().data[0].id]).toEqual([200, 2]);
  });

  it('answers 422 on user_id beyond int4 when a moderator signs in as a user', async () => {
    const res = await admin.post('/api/auth/moder/loginToUser?user_id=2147483648');
    expect([res.statusCode, res.json().errors]).toEqual([422, { user_id: [MSG.invalidId] }]);
  });
});
