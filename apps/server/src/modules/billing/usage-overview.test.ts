import type { ClientUsage, UsageOverview } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addToRollups } from '../stats/rollups.repository.ts';

/** Staff's usage overview (GET /billing/overview): every client's Billing figures, paged and sorted on the server. */
describe.each(testBackends())('the staff usage overview on $name', (backend) => {
  let t: TestApp;
  let admin: TestClient;
  let acme: { id: number; domainId: number };

  const overview = async (c: TestClient, query = ''): Promise<UsageOverview> => {
    const res = await c.get(`/api/v1/billing/overview${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const rowOf = (o: UsageOverview, name: string): ClientUsage => o.data.data.find((r) => r.name === name)!;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const site = await t.handle.db
      .selectFrom('domains as d')
      .innerJoin('clients as c', 'c.id', 'd.client_id')
      .select(['c.id', 'd.id as domainId'])
      .where('c.name', '=', 'Acme Shop')
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    acme = site;
    // 40 pushes sent this hour for Acme, as the statistics count them
    await addToRollups(t.handle.db, [
      {
        domain_id: acme.domainId,
        client_id: acme.id,
        drip_id: 1,
        type: 'recurring',
        at: new Date(),
        counters: { sent: 40 },
      },
    ]);
    const plan = await admin.post('/api/v1/billing/plans', {
      name: 'Fifty',
      monthly_sends: 50,
      active_subscribers: null,
      websites: 10,
      features: {},
    });
    expect(plan.statusCode).toBe(201);
    const assigned = await admin.request('PUT', `/api/v1/billing/clients/${acme.id}/plan`, {
      body: { plan_id: plan.json().data.id },
    });
    expect(assigned.statusCode).toBe(204);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows staff one row per client with the figures of its own Billing, and the totals', async () => {
    const o = await overview(admin);
    expect(o.data.data.map((r) => r.name)).toEqual(['Acme Shop', 'Globex News']);
    expect(o.data.total).toBe(2);
    const row = rowOf(o, 'Acme Shop');
    expect(row).toMatchObject({
      plan_name: 'Fifty',
      sends: { used: 40, limit: 50, percent: 80, level: 'near' },
      websites: { used: 2, limit: 10, percent: 20 },
      active_subscribers: { used: 0, limit: null, percent: null },
      percent: 80,
      level: 'near',
    });
    expect(rowOf(o, 'Globex News')).toMatchObject({
      plan_name: null,
      percent: null,
      level: 'ok',
      websites: { used: 1 },
    });
    expect(o.meta.totals).toEqual({ clients: 2, sends: 40, active_subscribers: 0, websites: 3 });
    // the same figures as the client's own Billing
    const acmeUsage = (await admin.get('/api/v1/billing/usage', { client: row.client_uid })).json().data;
    expect(acmeUsage.sends).toEqual(row.sends);
    expect(acmeUsage.websites).toEqual(row.websites);
    expect(acmeUsage.month).toBe(row.month);
  });

  it('sorts, pages and searches on the server; totals cover every matching client', async () => {
    const bySends = await overview(admin, '?order_by=sends:asc&pageLength=1&page=1');
    expect(bySends.data).toMatchObject({ total: 2, page: 1, pageLength: 1 });
    expect(bySends.data.data.map((r) => r.name)).toEqual(['Globex News']);
    expect(bySends.meta.totals.clients).toBe(2);
    const second = await overview(admin, '?order_by=sends:asc&pageLength=1&page=2');
    expect(second.data.data.map((r) => r.name)).toEqual(['Acme Shop']);
    const byShare = await overview(admin, '?order_by=percent:desc');
    expect(byShare.data.data[0]!.name).toBe('Acme Shop');
    const found = await overview(admin, '?search=globex');
    expect(found.data.data.map((r) => r.name)).toEqual(['Globex News']);
    expect(found.meta.totals).toEqual({ clients: 1, sends: 0, active_subscribers: 0, websites: 1 });
  });

  it('answers 422 for an unknown sort and 403 to a client’s user', async () => {
    const bad = await admin.get('/api/v1/billing/overview?order_by=password:asc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('order_by');
    const tooLong = await admin.get('/api/v1/billing/overview?pageLength=5000');
    expect(tooLong.statusCode).toBe(422);
    const client = await signedIn(t, DEMO.client);
    expect((await client.get('/api/v1/billing/overview')).statusCode).toBe(403);
    const moder = await signedIn(t, DEMO.moder);
    expect((await overview(moder)).data.total).toBe(2);
  });
});
