import type { LocalPushService } from '@pushdeck/push-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../demo/demo-history.ts';
import { testBackends } from '../../test/backends.ts';
import { addDrip, startPushService, subscribe, waitFor, websiteOf } from '../../test/delivery-fixtures.ts';
import { ADMIN, createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';

const PASSWORD = 'monthly-sends-password-1';
/** A zone half an hour off UTC: an hour belongs to the local month of its start on both screens. */
const TZ = 'Asia/Kolkata';
const URL_ = 'https://sends.billing.test';

/**
 * Billing's monthly sends and the statistics' sent are one figure (docs/billing.md "Usage"): the same client and
 * calendar month read the same number on Billing and on the statistics calls, with real sends (a push the service
 * refused counts on neither) and with the demo's generated history.
 */
describe.each(testBackends())('monthly sends, one figure for Billing and Statistics, on $name', (backend) => {
  let t: TestApp;
  let push: LocalPushService;
  let owner: TestClient;
  let admin: TestClient;
  let clientId: number;
  let site: Awaited<ReturnType<typeof websiteOf>>;

  /** Today and the first day of this month in the client's zone. */
  const localMonth = async () => {
    const r = await sql<{ today: string; first: string }>`select
      to_char(now() at time zone ${TZ}, 'YYYY-MM-DD') as today,
      to_char(date_trunc('month', now() at time zone ${TZ}), 'YYYY-MM-DD') as first`.execute(t.handle.db);
    return r.rows[0]!;
  };

  /**
   * The month's sent as the statistics read it (the summary chart's 'This month' preset in the client's zone, by
   * month, every drip type).
   */
  const statistics = async () => {
    const { today, first } = await localMonth();
    const q = `date_start=${first}&date_finish=${today}&date_trunc=month&timezone=${encodeURIComponent(TZ)}`;
    const events = await owner.get(`/api/v1/statistics/getStatsEventsByDrips?${q}`, { cache: '0' });
    expect(events.statusCode, events.body).toBe(200);
    const rows = events.json().data as { sent: number }[];
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows.reduce((n, r) => n + Number(r.sent), 0);
  };

  const billing = async () => {
    const res = await owner.get('/api/v1/billing/usage');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      month: string;
      sends: { used: number };
      daily: { sends: number }[];
      months: { month: string; sends: number }[];
    };
  };

  /** Billing's figure, its days and its month row, and the statistics' figures: all equal; the figure. */
  const expectOneFigure = async (): Promise<number> => {
    const usage = await billing();
    expect(usage.sends.used).toBe(await statistics());
    expect(usage.daily.reduce((n, d) => n + d.sends, 0)).toBe(usage.sends.used);
    expect(usage.months.find((m) => m.month === usage.month)?.sends).toBe(usage.sends.used);
    // and the staff's overview row of the client
    const overview = await admin.get('/api/v1/billing/overview?search=Sends%20Co');
    expect(overview.json().data.data[0].sends.used).toBe(usage.sends.used);
    return usage.sends.used;
  };

  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { work: true, local: { origin: push.origin, ca: push.ca! } });
    admin = await signedIn(t, ADMIN.email, ADMIN.password);
    const created = await admin.post('/api/v1/management/clients', {
      name: 'Sends Co',
      email: 'owner@sends.test',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    clientId = created.json().data.id;
    await t.handle.db.updateTable('clients').set({ timezone: TZ }).where('id', '=', clientId).execute();
    owner = await signedIn(t, 'owner@sends.test', PASSWORD);
    expect((await owner.post('/api/v1/domains', { url: URL_ })).statusCode).toBe(201);
    site = await websiteOf(t.handle.db, URL_);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('counts real sends once on both screens, and a push the service refused on neither', async () => {
    const subs = [];
    for (let i = 0; i < 4; i++) subs.push(await subscribe(t, push, site));
    // the push service answers 410 for the first subscriber: the ledger row is `gone`, not a send
    push.injectFault({ subscriptionId: subs[0]!.sub.id, status: 410 });
    const drip = await addDrip(t.handle.db, site, { type: 'recurring', title: 'Weekly' });
    await t.delivery.scheduler.sendNow(drip.id);
    const ledger = () =>
      t.handle.db
        .selectFrom('send_ledger')
        .select('status')
        .where('drip_id', '=', drip.id)
        .execute()
        .then((rows) => rows.map((r) => r.status).sort());
    await waitFor(async () => (await ledger()).join() === 'gone,sent,sent,sent');
    expect(await expectOneFigure()).toBe(3);
  });

  it('counts the demo’s generated history as sends on Billing too, equal to the statistics of the month', async () => {
    const drip = await addDrip(t.handle.db, site, { type: 'welcome', title: 'Welcome' });
    await seedDemoHistory(t.handle.db, {
      id: site.id,
      client_id: clientId,
      welcomeDripId: drip.id,
      recurringDripId: drip.id + 1,
    });
    const figure = await expectOneFigure();
    expect(figure).toBeGreaterThan(3);
  });
});
