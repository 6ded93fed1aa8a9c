import { API_KEY_LIMITS, API_KEY_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, withKey } from '../../test/api-keys.ts';
import { testBackends } from '../../test/backends.ts';
import { websiteOf } from '../../test/delivery-fixtures.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';

const KEYS = '/api/v1/api-keys';
const WHOAMI = '/api/server/v1/key';

/** API keys (issue #27): who makes them, what the server API's guard answers, revocation, tenancy and the audit. */
describe.each(testBackends())('API keys on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { config: {} });
  });
  afterAll(() => t?.close());

  const admin = () => signedIn(t, ADMIN.email, ADMIN.password);
  const audit = async (action: string) =>
    (await (await admin()).get(`/api/v1/management/audit?where[action]=${action}&pageLength=200`)).json().data.data;

  it('is made by a client owner, shown once, stored hashed; users, viewers and strangers may not', async () => {
    const owner = await signedIn(t, DEMO.client);
    const res = await owner.post(KEYS, { name: 'Shop back end', scopes: ['send', 'stats', 'send'] });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created.key).toMatch(/^pdk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Shop back end', scopes: ['send', 'stats'], website_ids: null });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const listed = (await owner.get(KEYS)).json().data;
    expect(listed[0]).toMatchObject({ id: created.id, prefix: created.prefix, client_name: 'Acme Shop' });
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const stored = await t.handle.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirst();
    expect(stored!.hash).not.toContain(created.key.slice(4));
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const bad = async (body: object) => (await owner.post(KEYS, body)).json().errors;
    expect((await bad({ scopes: ['send'] })).name).toEqual([API_KEY_MSG.nameRequired]);
    expect((await bad({ name: 'x', scopes: [] })).scopes).toEqual([API_KEY_MSG.scopesRequired]);
    expect(Object.keys(await bad({ name: 'x', scopes: ['admin'] }))).toEqual(['scopes.0']);
    const globexSite = await websiteOf(t.handle.db, 'https://news.globex.test');
    expect((await bad({ name: 'x', scopes: ['send'], website_ids: [globexSite.id] })).website_ids).toEqual([
      API_KEY_MSG.unknownWebsite,
    ]);
    for (const email of [DEMO.user, DEMO.viewer]) {
      const c = await signedIn(t, email);
      expect((await c.get(KEYS)).statusCode).toBe(403);
      expect((await c.post(KEYS, { name: 'mine', scopes: ['send'] })).statusCode).toBe(403);
    }
    expect((await new TestClient(t.app).get(KEYS)).statusCode).toBe(401);
  });

  it('the server API takes the key as a Bearer token, never a cookie; one 401 for every bad key', async () => {
    const key = await createApiKey(t, { email: DEMO.client, scopes: ['stats'], name: 'Reporting' });
    const me = await withKey(t, key, 'GET', WHOAMI);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ name: 'Reporting', client: { name: 'Acme Shop' }, scopes: ['stats'] });

    const refused = [
      await new TestClient(t.app).get(WHOAMI),
      await new TestClient(t.app).get(WHOAMI, { authorization: 'Basic abc' }),
      await withKey(t, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, 'GET', WHOAMI),
      await withKey(t, 'pdk_short', 'GET', WHOAMI),
      // a signed-in console session is not a key
      await (await signedIn(t, DEMO.client)).get(WHOAMI),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe(API_KEY_MSG.invalid);
      expect(r.headers['www-authenticate']).toBe('Bearer');
    }
    // no CSRF on the server API: a write with a key and no token is not a 419 (an unknown route: 404)
    expect((await withKey(t, key, 'POST', WHOAMI, { body: {} })).statusCode).toBe(404);
  });

  it('revoking a key ends it on its next call; a key of a client switched off is refused too', async () => {
    const owner = await signedIn(t, DEMO.client);
    const key = await createApiKey(t, { email: DEMO.client, scopes: ['send'], name: 'To revoke' });
    expect((await withKey(t, key, 'GET', WHOAMI)).statusCode).toBe(200);
    const id = (await owner.get(KEYS)).json().data.find((k: { name: string }) => k.name === 'To revoke').id;
    expect((await owner.request('DELETE', `${KEYS}/${id}`)).statusCode).toBe(204);
    expect((await withKey(t, key, 'GET', WHOAMI)).statusCode).toBe(401);
    expect((await owner.request('DELETE', `${KEYS}/${id}`)).statusCode).toBe(204);
    const listed = (await owner.get(KEYS)).json().data;
    expect(listed.find((k: { id: number }) => k.id === id).revoked_at).not.toBeNull();
    // revoked keys are listed after the live ones
    expect(listed.findIndex((k: { id: number }) => k.id === id)).toBeGreaterThan(
      listed.findIndex((k: { revoked_at: string | null }) => k.revoked_at === null),
    );

    const globexKey = await createApiKey(t, { email: DEMO.globex, scopes: ['send'] });
    const site = await websiteOf(t.handle.db, 'https://news.globex.test');
    const a = await admin();
    expect(
      (await a.request('PUT', `/api/v1/management/clients/${site.client_id}`, { body: { is_active: 0 } })).statusCode,
    ).toBe(200);
    expect((await withKey(t, globexKey, 'GET', WHOAMI)).statusCode).toBe(401);
    await a.request('PUT', `/api/v1/management/clients/${site.client_id}`, { body: { is_active: 1 } });
    expect((await withKey(t, globexKey, 'GET', WHOAMI)).statusCode).toBe(200);
  });

  it("keeps clients apart: another client's key is a 404; staff list and revoke any client's keys", async () => {
    const acmeKey = await createApiKey(t, { email: DEMO.client, scopes: ['send'], name: 'Acme only' });
    const owner = await signedIn(t, DEMO.client);
    const acmeId = (await owner.get(KEYS)).json().data.find((k: { name: string }) => k.name === 'Acme only').id;
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.get(KEYS)).json().data.some((k: { id: number }) => k.id === acmeId)).toBe(false);
    expect((await globex.request('DELETE', `${KEYS}/${acmeId}`)).statusCode).toBe(404);
    expect((await withKey(t, acmeKey, 'GET', WHOAMI)).statusCode).toBe(200);

    const a = await admin();
    const all = (await a.get(KEYS)).json().data;
    expect(new Set(all.map((k: { client_name: string }) => k.client_name))).toEqual(
      new Set(['Acme Shop', 'Globex News']),
    );
    const created = await a.post(KEYS, { name: 'staff-made', scopes: ['send'] });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.client).toEqual([API_KEY_MSG.selectClient]);
    expect((await a.request('DELETE', `${KEYS}/${acmeId}`)).statusCode).toBe(204);
    expect((await withKey(t, acmeKey, 'GET', WHOAMI)).statusCode).toBe(401);
    const moder = await signedIn(t, DEMO.moder);
    expect((await moder.get(KEYS)).statusCode).toBe(200);
  });

  it('audits create, revoke and each first use from a new address, never with the key', async () => {
    const key = await createApiKey(t, { email: DEMO.client, scopes: ['send'], name: 'Audited' });
    await withKey(t, key, 'GET', WHOAMI, { ip: '198.51.100.1' });
    await withKey(t, key, 'GET', WHOAMI, { ip: '198.51.100.1' });
    await withKey(t, key, 'GET', WHOAMI, { ip: '198.51.100.2' });
    const uses = (await audit('api_key.use')).filter((r: { after: { key: string } }) => r.after.key === 'Audited');
    expect(uses.map((r: { after: { ip: string } }) => r.after.ip)).toEqual(['198.51.100.2', '198.51.100.1']);
    expect(uses.map((r: { before: { ip: string | null } }) => r.before.ip)).toEqual(['198.51.100.1', null]);
    const creates = await audit('api_key.create');
    expect(creates.some((r: { after: { name: string } }) => r.after.name === 'Audited')).toBe(true);
    expect(creates.length).toBeGreaterThan(0);
    const revokes = await audit('api_key.revoke');
    expect(revokes.length).toBeGreaterThan(0);
    const everything = JSON.stringify([...uses, ...creates, ...revokes]);
    expect(everything).not.toContain(key);
    expect(everything).not.toMatch(/"hash"/);
  });

  it('throttles each key on its own with Retry-After', async () => {
    const busy = await createApiKey(t, { email: DEMO.globex, scopes: ['send'], name: 'Busy' });
    const calm = await createApiKey(t, { email: DEMO.globex, scopes: ['send'], name: 'Calm' });
    let last = await withKey(t, busy, 'GET', WHOAMI);
    for (let i = 1; i <= API_KEY_LIMITS.perMinute && last.statusCode === 200; i++) {
      last = await withKey(t, busy, 'GET', WHOAMI);
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().message).toMatch(/^Too many requests with this API key\. Please try again in \d+ seconds\.$/);
    expect((await withKey(t, calm, 'GET', WHOAMI)).statusCode).toBe(200);
  });
});
