import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';
import { redact } from './audit.service.ts';

describe('redact', () => {
  it('drops passwords, confirmations, secrets, tokens and keys at any depth and keeps the rest', () => {
    expect(
      redact({
        name: 'Acme',
        password: 'x',
        password_confirmation: 'x',
        users: [{ email: 'a@b.c', api_key: 'k', nested: { client_secret: 's', token: 't', ok: 1 } }],
      }),
    ).toEqual({ name: 'Acme', users: [{ email: 'a@b.c', nested: { ok: 1 } }] });
  });
});

describe.each(testBackends())('audit trail on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  const idOf = async (email: string) => (await (await signedIn(t, email)).get('/api/auth/user/info')).json().data.id;

  it('is listed for admin only: every other role gets 403, a guest 401', async () => {
    const admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const res = await admin.get('/api/v1/management/audit');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ page: 1, pageLength: 50 });
    for (const email of [DEMO.moder, DEMO.client, DEMO.user, DEMO.viewer]) {
      expect((await (await signedIn(t, email)).get('/api/v1/management/audit')).statusCode).toBe(403);
    }
    expect((await new TestClient(t.app).get('/api/v1/management/audit')).statusCode).toBe(401);
  });

  it('records an impersonation start and end: who, as whom, the user entered, when and from which IP', async () => {
    const moder = new TestClient(t.app, '10.9.8.7');
    await moder.login(DEMO.moder);
    const moderId = (await moder.get('/api/auth/user/info')).json().data.id;
    const userId = await idOf(DEMO.user);
    expect((await moder.post(`/api/auth/moder/loginToUser?user_id=${userId}`)).statusCode).toBe(200);
    expect((await moder.post(`/api/auth/moder/backToModer/${moderId}`)).statusCode).toBe(200);

    const admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const rows = (
      await admin.get(`/api/v1/management/audit?where[subject_id]=${userId}&where[subject_type]=user`)
    ).json().data.data;
    const start = rows.find((r: { action: string }) => r.action === 'impersonation.start');
    const end = rows.find((r: { action: string }) => r.action === 'impersonation.end');
    expect(start).toMatchObject({
      actor_id: moderId,
      actor_email: DEMO.moder,
      impersonator_id: null,
      subject_id: userId,
      ip: '10.9.8.7',
    });
    expect(end).toMatchObject({ actor_id: userId, impersonator_id: moderId, ip: '10.9.8.7' });
    expect(Date.parse(start.created_at)).not.toBeNaN();
    // newest first
    expect(rows.indexOf(end)).toBeLessThan(rows.indexOf(start));
  });

  it('refuses to impersonate admin or another staff account with 403 and records nothing', async () => {
    const admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const before = (await admin.get('/api/v1/management/audit')).json().data.total;
    const moder = await signedIn(t, DEMO.moder);
    const adminId = (await admin.get('/api/auth/user/info')).json().data.id;
    const res = await moder.post(`/api/auth/moder/loginToUser?user_id=${adminId}`);
    expect(res.statusCode).toBe(403);
    expect((await moder.get('/api/auth/user/info')).json().data.email).toBe(DEMO.moder);
    expect((await admin.get('/api/v1/management/audit')).json().data.total).toBe(before);
  });

  it('filters by action and time and pages; refuses an unknown filter or a bad time with 422', async () => {
    const admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const all = (await admin.get('/api/v1/management/audit?where[action]=impersonation.start')).json().data;
    expect(all.total).toBeGreaterThan(0);
    expect(all.data.every((r: { action: string }) => r.action === 'impersonation.start')).toBe(true);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await admin.get(`/api/v1/management/audit?from=${future}`)).json().data.total).toBe(0);
    const paged = (await admin.get('/api/v1/management/audit?pageLength=1&page=1')).json().data;
    expect(paged.data).toHaveLength(1);
    expect((await admin.get('/api/v1/management/audit?where[password]=x')).statusCode).toBe(422);
    expect((await admin.get('/api/v1/management/audit?from=yesterday')).statusCode).toBe(422);
  });
});
