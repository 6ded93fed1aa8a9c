import type { LocalPushService } from '@pushdeck/push-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { addDrip, startPushService } from '../../test/delivery-fixtures.ts';
import { ADMIN, createTestApp, signedIn, type TestApp, TestClient } from '../../test/harness.ts';
import { claimWithinQuota } from '../delivery/send-quota.ts';
import { QUOTA_MSG } from './quota-messages.ts';

const PASSWORD = 'quota-client-password-1';
const explorerBody = {
  timezone: 'UTC',
  date_trunc: 'day',
  columns: ['sent'],
  filters: { date_start: '2026-01-01 00:00:00', date_end: '2026-01-02 00:00:00' },
  groups: ['date'],
};

describe.each(testBackends())('plans, quotas and usage on $name', (backend) => {
  let t: TestApp;
  let push: LocalPushService;
  let admin: TestClient;
  let client: TestClient;
  let clientId: number;
  let small: number;
  let big: number;
  let site: { id: number; client_id: number; website_id: string; vapid_public_key: string | null };

  const subscribeOne = () => {
    const sub = push.createSubscription({ applicationServerKey: site.vapid_public_key! });
    return new TestClient(t.app).post('/api/public/v1/subscribe', {
      website_id: site.website_id,
      subscription: { endpoint: sub.endpoint, keys: sub.keys },
      device: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
      language: 'en-US',
      timezone: 'UTC',
      subscription_url: 'https://quota.test/',
    });
  };

  /** One occurrence of a drip with a ledger row for each active subscriber of the site; the rows' ids. */
  const queueRows = async (): Promise<number[]> => {
    const drip = await addDrip(t.handle.db, site, { type: 'instant', title: 'Hello' });
    const occ = await t.handle.db
      .insertInto('occurrences')
      .values({ drip_id: drip.id, domain_id: site.id, client_id: clientId, type: 'instant', due_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subs = await t.handle.db
      .selectFrom('subscribers')
      .select('id')
      .where('domain_id', '=', site.id)
      .where('is_active', '=', 1)
      .execute();
    const rows = await t.handle.db
      .insertInto('send_ledger')
      .values(
        subs.map((s) => ({
          occurrence_id: occ.id,
          subscriber_id: s.id,
          drip_id: drip.id,
          domain_id: site.id,
          client_id: clientId,
          type: 'instant',
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  };

  const ledgerCount = async (status: string) =>
    Number(
      (
        await t.handle.db
          .selectFrom('send_ledger')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('client_id', '=', clientId)
          .where('status', '=', status)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { local: { origin: push.origin, ca: push.ca! } });
    admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const created = await admin.post('/api/v1/management/clients', {
      name: 'Quota Co',
      email: 'owner@quota.test',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    clientId = created.json().data.id;
    client = await signedIn(t, 'owner@quota.test', PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('lets only an admin define plans, with clear messages for bad quotas', async () => {
    const bad = await admin.post('/api/v1/billing/plans', {
      name: ' ',
      monthly_sends: -1,
      active_subscribers: 1.5,
      websites: null,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: ['The name is required.'],
      monthly_sends: ['Monthly sends cannot be negative.'],
      active_subscribers: ['Active subscribers must be a whole number.'],
    });
    const body = {
      name: 'Small',
      monthly_sends: 5,
      active_subscribers: 3,
      websites: 2,
      features: { data_explorer: false, copy_tools: false, exports: false },
    };
    expect((await client.post('/api/v1/billing/plans', body)).statusCode).toBe(403);
    const res = await admin.post('/api/v1/billing/plans', body);
    expect(res.statusCode).toBe(201);
    small = res.json().data.id;
    expect((await admin.post('/api/v1/billing/plans', body)).json().errors.name).toEqual([
      'A plan with this name already exists.',
    ]);
    big = (
      await admin.post('/api/v1/billing/plans', {
        name: 'Big',
        monthly_sends: 100,
        active_subscribers: 100,
        websites: 10,
        features: {},
      })
    ).json().data.id;
    // without a plan a client is unlimited
    const usage = (await client.get('/api/v1/billing/usage')).json().data;
    expect(usage.plan).toBeNull();
    expect(usage.sends).toMatchObject({ used: 0, limit: null, level: 'ok' });
  });

  it('assigns a plan to a client, recorded in the audit trail, in force on the next request', async () => {
    const res = await admin.request('PUT', `/api/v1/billing/clients/${clientId}/plan`, { body: { plan_id: small } });
    expect(res.statusCode).toBe(204);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'client.plan')
      .where('subject_id', '=', clientId)
      .execute();
    expect(audit).toHaveLength(1);
    const usage = (await client.get('/api/v1/billing/usage')).json().data;
    expect(usage.plan.name).toBe('Small');
    expect(usage.websites).toMatchObject({ used: 0, limit: 2 });
  });

  it('lists the plan of every client to staff only', async () => {
    const res = await admin.get('/api/v1/billing/clients');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ client_id: clientId, plan_id: small });
    expect((await client.get('/api/v1/billing/clients')).statusCode).toBe(403);
  });

  it('lets the client’s owner ask for a plan, not its users of role user or viewer', async () => {
    for (const role of ['user', 'viewer']) {
      const email = `${role}@quota.test`;
      const made = await admin.post('/api/v1/management/users', {
        name: `Quota ${role}`,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        client_id: clientId,
        role,
      });
      expect(made.statusCode).toBe(201);
      const member = await signedIn(t, email, PASSWORD);
      // they read the plan and usage, but asking for another plan is the owner's
      expect((await member.get('/api/v1/billing/usage')).statusCode).toBe(200);
      expect((await member.post('/api/v1/billing/requests', { plan_id: big })).statusCode).toBe(403);
    }
    expect((await client.get('/api/v1/billing/requests?status=pending')).json().data).toEqual([]);
  });

  it('adds exactly the plan’s number of websites when three are added at once', async () => {
    const results = await Promise.all(
      ['https://a.quota.test', 'https://b.quota.test', 'https://c.quota.test'].map((url) =>
        client.post('/api/v1/domains', { url }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors.url).toEqual([QUOTA_MSG.websites(2)]);
    const made = results.find((r) => r.statusCode === 201)!.json().data;
    site = await t.handle.db
      .selectFrom('domains')
      .select(['id', 'client_id', 'website_id', 'vapid_public_key'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
  });

  it('takes exactly the plan’s active subscribers from concurrent subscribe calls, and counts the refusal', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => subscribeOne()));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 403]);
    expect(results.find((r) => r.statusCode === 403)!.json().message).toBe(QUOTA_MSG.subscribers(3));
    const usage = (await client.get('/api/v1/billing/usage')).json().data;
    expect(usage.active_subscribers).toMatchObject({ used: 3, limit: 3, percent: 100, level: 'reached' });
    expect(usage.over_quota.subscribers).toBe(1);
  });

  it('lets two workers claim no more than the monthly send cap together; the rest are over_quota, never lost', async () => {
    // 3 subscribers × 3 occurrences = 9 rows against a cap of 5, claimed by two workers at once
    const rows = [...(await queueRows()), ...(await queueRows()), ...(await queueRows())];
    expect(rows).toHaveLength(9);
    const a = rows.filter((_, i) => i % 2 === 0);
    const b = rows.filter((_, i) => i % 2 === 1);
    const [ca, cb] = await Promise.all([claimWithinQuota(t.handle.db, a), claimWithinQuota(t.handle.db, b)]);
    expect(ca.length + cb.length).toBe(5);
    expect(await ledgerCount('sending')).toBe(5);
    expect(await ledgerCount('over_quota')).toBe(4);
    // claimed again after a crash, a row already counted is not counted twice and stays within the cap
    const again = await claimWithinQuota(
      t.handle.db,
      [...ca, ...cb].map((r) => Number(r.id)),
    );
    expect(again).toHaveLength(5);
    // usage equals the ledger
    const usage = (await client.get('/api/v1/billing/usage')).json().data;
    expect(usage.sends).toMatchObject({ used: 5, limit: 5, level: 'reached' });
    expect(usage.over_quota.sends).toBe(4);
    const today = usage.daily.reduce((n: number, d: { sends: number }) => n + d.sends, 0);
    expect(today).toBe(5);
    expect(usage.months.at(-1)).toMatchObject({ month: usage.month, sends: 5, over_quota: 4, refused_subscribers: 1 });
    // at the cap, the next row is refused at once
    const more = await queueRows();
    expect(await claimWithinQuota(t.handle.db, more)).toHaveLength(0);
    expect(await ledgerCount('over_quota')).toBe(7);
  });

  it('answers 403 for a feature the plan switches off', async () => {
    const res = await client.post('/api/v2/statistics/getDataExplorer', explorerBody);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(QUOTA_MSG.feature);
    const copy = await client.post('/api/v1/tools/copy-tools/recurring', {});
    expect(copy.statusCode).toBe(403);
    const exported = await client.post('/api/v1/files/customExport', {});
    expect(exported.statusCode).toBe(403);
    expect(exported.json().message).toBe(QUOTA_MSG.feature);
  });

  it('turns an approved upgrade request into the client’s plan at once: sends, subscribers and features resume', async () => {
    const asked = await client.post('/api/v1/billing/requests', { plan_id: big });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().data).toMatchObject({ status: 'pending', plan_name: 'Big', current_plan_name: 'Small' });
    expect((await client.post('/api/v1/billing/requests', { plan_id: big })).statusCode).toBe(409);
    const id = asked.json().data.id;
    // a client cannot decide its own request
    expect((await client.post(`/api/v1/billing/requests/${id}/decision`, { decision: 'approve' })).statusCode).toBe(
      403,
    );
    const pending = (await admin.get('/api/v1/billing/requests?status=pending')).json().data;
    expect(pending.map((r: { id: number }) => r.id)).toContain(id);
    const decided = await admin.post(`/api/v1/billing/requests/${id}/decision`, { decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().data.status).toBe('approved');
    expect((await admin.post(`/api/v1/billing/requests/${id}/decision`, { decision: 'decline' })).statusCode).toBe(409);
    // the next requests run under the new plan
    expect(await claimWithinQuota(t.handle.db, await queueRows())).toHaveLength(3);
    expect((await subscribeOne()).statusCode).toBe(201);
    expect((await client.post('/api/v2/statistics/getDataExplorer', explorerBody)).statusCode).not.toBe(403);
    const actions = (
      await t.handle.db.selectFrom('audit_log').select('action').where('client_id', '=', clientId).execute()
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['plan_request.decide', 'client.plan']));
  });

  it('exports the usage as CSV', async () => {
    const res = await client.get('/api/v1/billing/usage/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // the one CSV writer's format (like every export): a UTF-8 BOM, CRLF line ends
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('month,sends,over_quota_sends,refused_subscribers,monthly_sends_limit');
    expect(lines).toHaveLength(13);
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2},8,7,1,100$/);
  });
});
