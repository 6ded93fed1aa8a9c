import { MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAudience, demoSites, recurringItem, welcomeItem } from '../modules/drips/drip-test-kit.ts';
import { createApiKey, withKey } from '../test/api-keys.ts';
import { testBackends } from '../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../test/harness.ts';

/** Forms that Number() reads as 2 (or as an id beyond int4), none of them a plain decimal id. */
/** Path parameters that are not ids: a drip status, an export file's name (checked by the files tests). */
const NOT_ID_PARAMS = new Set(['status', 'basename']);

const NOT_IDS = ['0x2', '2e0', '%202', '+2', '02', '2.0', '0b10', '2147483648', '99999999999999999999', '-2', '0'];

describe.each(testBackends())('ids on $name', (backend) => {
  let t: TestApp;
  let admin: TestClient;
  /** The server API's routes take a key, not a session (issue #27): one with every scope. */
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signedIn(t, ADMIN.email, ADMIN.password);
    key = await createApiKey(t, { email: DEMO.client, scopes: ['send', 'stats', 'subscribers'] });
  });
  afterAll(() => t?.close());

  it('answer 422 on the id for anything but a plain decimal id from 1 to 2147483647, on every route', async () => {
    const routes = t.routes.filter((r) => /:[a-z]/i.test(r.url));
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const r of routes) {
      const names = [...r.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!).filter((n) => !NOT_ID_PARAMS.has(n));
      for (const name of names) {
        for (const bad of NOT_IDS) {
          // a group of 0 is the spec's "no group"
          if (bad === '0' && /group/i.test(name)) continue;
          const url = r.url.replace(/:([A-Za-z_]+)/g, (_, n: string) => (n === name ? bad : '1'));
          const res =
            r.permission === 'apiKey'
              ? await withKey(t, key, r.method as 'GET', url, { body: {} })
              : await admin.request(r.method as 'GET', url, { body: {} });
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

  it('answers 422 on a website id or drip number beyond int4 in a body, on every write that takes one', async () => {
    const BIG = 2_147_483_648;
    const { shop } = await demoSites(t);
    const audience = await addAudience(t.handle.db, shop, 'English');
    const query = { filters: [{ language: { type: 'and', operator: '=', values: ['en-US'] } }] };
    const created = await admin.post('/api/v1/drips/recurring/createOrUpdate', [recurringItem(shop.id, [audience])]);
    const dripId = created.json().data[0].id;
    const spam = {
      ...{ name: 'Spam', frequency: 'minutely', drips: [dripId], audiences: [audience], time: '00:20:00' },
      ...{
        date_start: '2026-01-01 08:00:00',
        date_end: '2099-12-31 22:00:00',
        days_of_week: 'monday',
        timezone: 'UTC',
      },
    };
    const writes: [string, string, unknown, string][] = [
      ['POST', '/api/v1/drips/recurring/createOrUpdate', [recurringItem(BIG, [audience])], '0.domain_id'],
      [
        'POST',
        '/api/v1/drips/recurring/createOrUpdate',
        [recurringItem(shop.id, [audience], { drip_number: BIG })],
        '0.drip_number',
      ],
      ['POST', '/api/v1/drips/welcome/createOrUpdate', [welcomeItem(BIG)], '0.domain_id'],
      ['POST', '/api/v1/drips', { ...recurringItem(BIG, [audience]), type: 'recurring' }, 'domain_id'],
      ['PUT', `/api/v1/drips/${dripId}`, recurringItem(BIG, [audience]), 'domain_id'],
      [
        'POST',
        '/api/v1/drips/recurring/setup',
        { drip: recurringItem(BIG, [audience]), domain_ids: [] },
        'drip.domain_id',
      ],
      ['POST', '/api/v1/schedules/createOrUpdateSpam', { ...spam, domain_id: BIG }, 'domain_id'],
      ['POST', '/api/v1/abstract/groups', { domain_id: BIG, name: 'Group' }, 'domain_id'],
      ['POST', '/api/v1/segments', { name: 'Big', domain_id: BIG, query }, 'domain_id'],
      ['POST', '/api/v1/segments/count', { domain_id: BIG, query }, 'domain_id'],
      ['POST', '/api/v1/segments/exists', { name: 'Big', domain_id: BIG, query }, 'domain_id'],
    ];
    for (const [method, url, body, field] of writes) {
      const res = await admin.request(method as 'POST', url, { body });
      expect([res.statusCode, Object.keys(res.json().errors ?? {})], `${method} ${url} ${field}`).toEqual([
        422,
        [field],
      ]);
    }
  });
});
