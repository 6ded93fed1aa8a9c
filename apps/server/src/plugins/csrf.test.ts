import { MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../test/harness.ts';

describe.each(testBackends())('CSRF on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('GET /api/csrf-cookie answers 204 and sets a readable XSRF-TOKEN cookie', async () => {
    const c = new TestClient(t.app);
    const res = await c.get('/api/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const xsrf = (res.headers['set-cookie'] as string[]).find((x) => x.startsWith('XSRF-TOKEN='));
    expect(xsrf).toBeDefined();
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/SameSite=Lax/);
  });

  it('refuses unsafe requests with a missing, wrong or foreign token with 419', async () => {
    const c = await signedIn(t, DEMO.client);
    const missing = await c.request('POST', '/api/auth/user/logout', { csrf: false });
    expect(missing.statusCode).toBe(419);
    expect(missing.json().message).toBe(MSG.csrfMismatch);
    const wrong = await c.request('POST', '/api/auth/user/logout', { headers: { 'x-xsrf-token': 'forged' } });
    expect(wrong.statusCode).toBe(419);
    const other = await signedIn(t, DEMO.user);
    const foreign = await c.request('POST', '/api/auth/user/logout', {
      headers: { 'x-xsrf-token': other.cookies['XSRF-TOKEN']! },
    });
    expect(foreign.statusCode).toBe(419);
    // the session survived every refused attempt
    expect((await c.get('/api/auth/user/info')).statusCode).toBe(200);
  });

  it('refuses a login without a session-bound token', async () => {
    const c = new TestClient(t.app);
    const res = await c.post('/api/auth/user/login', { email: DEMO.client, password: DEMO.password });
    expect(res.statusCode).toBe(419);
  });

  it('never answers 419 to a safe method', async () => {
    const c = await signedIn(t, DEMO.client);
    const res = await c.request('GET', '/api/auth/user/info', { headers: { 'x-xsrf-token': 'garbage' } });
    expect(res.statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/api/auth/user/info')).statusCode).toBe(401);
  });
});
