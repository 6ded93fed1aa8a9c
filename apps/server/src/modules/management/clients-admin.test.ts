import { MANAGEMENT_MSG, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { addDrip, addSchedule, startPushService, subscribe, websiteOf } from '../../test/delivery-fixtures.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';

const CLIENTS = '/api/v1/management/clients';

describe.each(testBackends())('Clients Management on $name', (backend) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { local: { origin: push.origin, ca: push.ca! } });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const admin = () => signedIn(t, ADMIN.email, ADMIN.password);
  const auditRows = async (action: string, subjectId: number) =>
    (
      await (await admin()).get(`/api/v1/management/audit?where[action]=${action}&where[subject_id]=${subjectId}`)
    ).json().data.data;
  const acmeId = async () =>
    (await t.handle.db.selectFrom('clients').select('id').where('name', '=', 'Acme Shop').executeTakeFirstOrThrow()).id;

  it('lists clients paged and searchable, with their users on request, for staff; 403 for every client role', async () => {
    const a = await admin();
    const page = (await a.get(`${CLIENTS}?paginate=true&pageLength=1&search=acme&with[users]=*`)).json().data;
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ name: 'Acme Shop', is_active: 1 });
    const emails = page.data[0].users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([DEMO.client, DEMO.user, DEMO.viewer]));
    expect(JSON.stringify(page)).not.toContain('password');
    const unpaged = (await a.get(CLIENTS)).json().data;
    expect(Array.isArray(unpaged)).toBe(true);
    expect(unpaged[0].users).toBeUndefined();
    expect((await (await signedIn(t, DEMO.moder)).get(CLIENTS)).statusCode).toBe(200);
    const one = (await a.get(`${CLIENTS}/${await acmeId()}`)).json().data;
    expect(one.users.find((u: { email: string }) => u.email === DEMO.user)).toMatchObject({ role_name: 'user' });
    expect((await a.get(`${CLIENTS}/999999`)).statusCode).toBe(404);
    for (const email of [DEMO.client, DEMO.user, DEMO.viewer]) {
      const c = await signedIn(t, email);
      expect((await c.get(CLIENTS)).statusCode).toBe(403);
      expect((await c.get(`${CLIENTS}/${await acmeId()}`)).statusCode).toBe(403);
    }
  });

  it('creates a client with its first user, who can then sign in; the spec texts for bad input', async () => {
    const a = await admin();
    const bad = async (body: object) => (await a.post(CLIENTS, body)).json();
    expect(
      (await bad({ email: 'n@x.test', password: '12345678', password_confirmation: '12345678' })).errors.name,
    ).toEqual(['Fill the required fields!']);
    expect(
      (await bad({ name: 'N', email: 'nope', password: '12345678', password_confirmation: '12345678' })).errors.email,
    ).toEqual(['Invalid e-mail.']);
    expect(
      (await bad({ name: 'N', email: 'n@x.test', password: 'short', password_confirmation: 'short' })).errors.password,
    ).toEqual(['The password must be at least 8 characters.']);
    expect(
      (await bad({ name: 'N', email: 'n@x.test', password: '12345678', password_confirmation: '87654321' })).errors
        .password_confirmation,
    ).toEqual(['The password confirmation does not match!']);
    expect(
      (await bad({ name: 'N', email: DEMO.client, password: '12345678', password_confirmation: '12345678' })).errors
        .email,
    ).toEqual([MSG.emailTaken]);

    const res = await a.post(CLIENTS, {
      name: 'Newco',
      email: 'owner@newco.test',
      password: 'newco-pass-1',
      password_confirmation: 'newco-pass-1',
    });
    expect(res.statusCode).toBe(201);
    const client = res.json().data;
    expect(client).toMatchObject({ name: 'Newco', is_active: 1 });
    expect(client.users).toEqual([
      expect.objectContaining({ email: 'owner@newco.test', role_name: 'client', is_active: 1 }),
    ]);
    const owner = await signedIn(t, 'owner@newco.test', 'newco-pass-1');
    expect((await owner.get('/api/auth/user/info')).json().data.client_id).toBe(client.id);

    const [row] = await auditRows('client.create', client.id);
    expect(row.after).toMatchObject({ name: 'Newco', users: [{ email: 'owner@newco.test' }] });
    expect(JSON.stringify(row)).not.toContain('newco-pass-1');
    expect(JSON.stringify(row)).not.toContain('password');
  });

  it('renames a client, audited with the name before and after; a refused rename leaves no row', async () => {
    const a = await admin();
    const created = await a.post(CLIENTS, {
      name: 'Oldname',
      email: 'owner@oldname.test',
      password: 'oldname-pass-1',
      password_confirmation: 'oldname-pass-1',
    });
    const id = created.json().data.id as number;
    const renamed = await a.request('PUT', `${CLIENTS}/${id}`, { body: { name: 'Newname' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ id, name: 'Newname', is_active: 1 });
    const rows = await auditRows('client.update', id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_email: ADMIN.email,
      subject_type: 'client',
      client_id: id,
      before: { name: 'Oldname', is_active: 1 },
      after: { name: 'Newname', is_active: 1 },
    });
    const moder = await signedIn(t, DEMO.moder);
    expect((await moder.request('PUT', `${CLIENTS}/${id}`, { body: { name: 'Moder name' } })).statusCode).toBe(403);
    expect(await auditRows('client.update', id)).toHaveLength(1);
    expect((await a.get(`${CLIENTS}/${id}`)).json().data.name).toBe('Newname');
  });

  it('refuses every write to moder and client roles with 403 and changes nothing', async () => {
    const id = await acmeId();
    for (const email of [DEMO.moder, DEMO.client, DEMO.user, DEMO.viewer]) {
      const c = await signedIn(t, email);
      const created = await c.post(CLIENTS, {
        name: 'Sneaky',
        email: `sneaky-${email}`,
        password: '12345678',
        password_confirmation: '12345678',
      });
      expect(created.statusCode).toBe(403);
      expect((await c.request('PUT', `${CLIENTS}/${id}`, { body: { is_active: 0 } })).statusCode).toBe(403);
    }
    expect(await t.handle.db.selectFrom('clients').select('id').where('name', '=', 'Sneaky').execute()).toEqual([]);
    const acme = await t.handle.db
      .selectFrom('clients')
      .select('is_active')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(acme.is_active).toBe(1);
  });

  it('switching a client off ends its users’ sessions, stops its sends and refuses subscribe; on restores them', async () => {
    const db = t.handle.db;
    const site = await websiteOf(db, 'https://shop.acme.test');
    const id = site.client_id;
    const a = await admin();
    const user = await signedIn(t, DEMO.user);
    const drip = await addDrip(db, site, { type: 'recurring', title: 'While off' });
    const schedule = await addSchedule(db, site, {
      type: 'one',
      drip_id: drip.id,
      choose_time: [{ date_start: '2099-01-01', time: '10:00', timezone: 'UTC' }],
    });
    const welcome = await addDrip(db, site, { type: 'welcome', title: 'Welcome while off' });
    await addSchedule(db, site, { type: 'welcome', drip_id: welcome.id, after_mins: 0 });
    const welcomed = async () =>
      (await db.selectFrom('send_ledger').select('id').where('drip_id', '=', welcome.id).execute()).length;
    await subscribe(t, push, site);
    const makeDue = () =>
      db
        .updateTable('schedules')
        .set({ next_disp_date: new Date(Date.now() - 1000) })
        .where('id', '=', schedule.id)
        .execute();
    const occurrenceOf = async () =>
      db
        .selectFrom('occurrences')
        .select(['id', 'status'])
        .where('schedule_id', '=', schedule.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();

    const off = await a.request('PUT', `${CLIENTS}/${id}`, { body: { is_active: 0 } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.is_active).toBe(0);
    // sessions ended at once: the row is gone, not only refused
    const userId = (await db.selectFrom('users').select('id').where('email', '=', DEMO.user).executeTakeFirstOrThrow())
      .id;
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect((await user.get('/api/auth/user/info')).statusCode).toBe(401);
    const again = new TestClient(t.app);
    await again.csrf();
    const refused = await again.post('/api/auth/user/login', { email: DEMO.user, password: DEMO.password });
    expect(refused.json().errors.email).toEqual([MSG.accountInactive]);
    // the schedule fires but its occurrence sends nothing
    await makeDue();
    expect((await t.delivery.scheduler.tick()).occurrences).toBe(1);
    // no welcome is queued for the client's subscribers while it is off
    expect(await welcomed()).toBe(0);
    const stopped = await occurrenceOf();
    expect((await t.delivery.fanout.fanOut(stopped.id)).queued).toBe(0);
    expect((await occurrenceOf()).status).toBe('cancelled');
    // the public subscribe call is refused with a clear error
    const sub = push.createSubscription({ applicationServerKey: site.vapid_public_key! });
    const subscribeRes = await new TestClient(t.app).post('/api/public/v1/subscribe', {
      website_id: site.website_id,
      subscription: { endpoint: sub.endpoint, keys: sub.keys },
    });
    expect(subscribeRes.statusCode).toBe(403);
    expect(subscribeRes.json().message).toBe(MANAGEMENT_MSG.clientInactive);

    const on = await a.request('PUT', `${CLIENTS}/${id}`, { body: { is_active: 1, name: 'Acme Shop' } });
    expect(on.statusCode).toBe(200);
    expect((await signedIn(t, DEMO.user)).sessionCookie).toBeTruthy();
    await subscribe(t, push, site);
    await makeDue();
    expect((await t.delivery.scheduler.tick()).occurrences).toBe(1);
    expect(await welcomed()).toBeGreaterThan(0);
    const resumed = await occurrenceOf();
    expect(resumed.id).not.toBe(stopped.id);
    expect((await t.delivery.fanout.fanOut(resumed.id)).queued).toBeGreaterThan(0);

    const rows = await auditRows('client.update', id);
    expect(rows[0]).toMatchObject({ before: { is_active: 0 }, after: { is_active: 1 } });
    expect(rows[1]).toMatchObject({ before: { is_active: 1 }, after: { is_active: 0 } });
  });

  it('validates an update: is_active only 0 or 1, something to change, a client that exists', async () => {
    const a = await admin();
    const id = await acmeId();
    expect((await a.request('PUT', `${CLIENTS}/${id}`, { body: { is_active: 2 } })).statusCode).toBe(422);
    expect((await a.request('PUT', `${CLIENTS}/${id}`, { body: {} })).statusCode).toBe(422);
    expect((await a.request('PUT', `${CLIENTS}/999999`, { body: { is_active: 0 } })).statusCode).toBe(404);
  });
});
