import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './test/backends.ts';
import { createTestApp, type TestApp, TestClient } from './test/harness.ts';

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testBackends()[0]!);
  });
  afterAll(() => t?.close());

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await new TestClient(t.app).get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.version).toBe('1.84.91');
    expect(
      doc.paths['/api/auth/user/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const ui = await new TestClient(t.app).get('/api/docs/');
    expect(ui.statusCode).toBe(200);
  });

  it('answers an unknown API path with a JSON 404 and health checks without a session', async () => {
    const c = new TestClient(t.app);
    const res = await c.get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
    expect((await c.get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await c.get('/readyz')).json()).toEqual({ status: 'ready' });
  });
});
