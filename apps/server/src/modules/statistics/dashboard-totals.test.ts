import { type DashboardFigures, type DashboardTotals, dashboardWindows, typeFamily } from '@pushdeck/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../demo/demo-history.ts';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addToRollups } from '../stats/rollups.repository.ts';
import type { FactsWorld } from './stats-fixtures.ts';
import { localDateOf } from './stats-oracle.ts';
import { NOW, openStatsWorld, query } from './stats-test-kit.ts';

const HOUR = 3_600_000;
const TZS = ['UTC', 'Europe/Kyiv', 'America/New_York', 'Asia/Kolkata'];

interface Fact {
  domain_id: number;
  client_id: number;
  type: string;
  hour: Date;
  sent: number;
  delivered: number;
  clicked: number;
  subscribed: number;
  unsubscribed: number;
}

const emptyFigures = (): DashboardFigures => ({
  recurring: { sent: 0, delivered: 0, clicked: 0 },
  welcome: { sent: 0, delivered: 0, clicked: 0 },
  subscribed: 0,
  unsubscribed: 0,
});

/** The oracle: the cards summed in JavaScript from the raw facts, each placed by the local date of its hour. */
function cardsOracle(facts: readonly Fact[], tz: string): DashboardTotals {
  const w = dashboardWindows(localDateOf(NOW, tz));
  const out = { total: emptyFigures(), month: emptyFigures(), week: emptyFigures() };
  for (const f of facts) {
    const day = localDateOf(f.hour, tz);
    if (day > w.today) continue;
    const windows = [out.total, ...(day >= w.monthStart ? [out.month] : []), ...(day >= w.weekStart ? [out.week] : [])];
    const family = typeFamily(f.type);
    for (const fig of windows) {
      if (f.type === '') {
        fig.subscribed += f.subscribed;
        fig.unsubscribed += f.unsubscribed;
      } else if (family === 'recurring' || family === 'welcome') {
        fig[family].sent += f.sent;
        fig[family].delivered += f.delivered;
        fig[family].clicked += f.clicked;
      }
    }
  }
  return { today: w.today, week_start: w.weekStart, month_start: w.monthStart, ...out };
}

/** Every figure of the cards: total ≥ this month ≥ this week. */
function expectOrdered(d: DashboardTotals, label: string) {
  const flat = (f: DashboardFigures) => [
    ...Object.values(f.recurring),
    ...Object.values(f.welcome),
    f.subscribed,
    f.unsubscribed,
  ];
  const [total, month, week] = [flat(d.total), flat(d.month), flat(d.week)];
  total.forEach((t, i) => {
    expect(t, `${label}: total ≥ month (figure ${i})`).toBeGreaterThanOrEqual(month[i]!);
    expect(month[i], `${label}: month ≥ week (figure ${i})`).toBeGreaterThanOrEqual(week[i]!);
  });
}

describe.each(testBackends())('dashboard cards (getDashboardTotals) on $name', (backend) => {
  let t: TestApp;
  let w: FactsWorld;
  let moder: TestClient;
  const cards = async (c: TestClient, params: Record<string, string | string[]>): Promise<DashboardTotals> => {
    const res = await c.get(`/api/v1/statistics/getDashboardTotals?${query(params)}`, { cache: '0' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const rawRollups = async (domainIds: number[]): Promise<Fact[]> =>
    (await t.handle.db.selectFrom('stats_hourly').selectAll().where('domain_id', 'in', domainIds).execute()).map(
      (r) => ({ ...r, hour: new Date(r.hour) }),
    );

  beforeAll(async () => {
    ({ t, w } = await openStatsWorld(backend, 31));
    moder = await signedIn(t, DEMO.moder);
  });
  afterAll(() => t?.close());

  it.each(TZS)('all time, the last month and the last 7 days match the raw facts in %s', async (tz) => {
    const all = await cards(moder, { timezone: tz });
    expect(all).toEqual(cardsOracle(w.rollups, tz));
    // the seeded facts start before the statistics window (2 months back): "Total" is really all time
    expect(all.total.subscribed).toBeGreaterThan(all.month.subscribed);
    expect(all.month.recurring.sent).toBeGreaterThan(all.week.recurring.sent);
    expect(all.week.welcome.sent).toBeGreaterThan(0);
    expectOrdered(all, tz);

    const site = w.websites[0]!;
    const one = await cards(moder, { timezone: tz, domain_ids: [String(site.id)] });
    expect(one).toEqual(
      cardsOracle(
        w.rollups.filter((f) => f.domain_id === site.id),
        tz,
      ),
    );
  });

  it("a client sees its own websites' figures only", async () => {
    const client = await signedIn(t, DEMO.client);
    const user = await t.handle.db
      .selectFrom('users')
      .select('client_id')
      .where('email', '=', DEMO.client)
      .executeTakeFirstOrThrow();
    const own = w.rollups.filter((f) => f.client_id === user.client_id);
    expect(own.length).toBeLessThan(w.rollups.length);
    expect(await cards(client, { timezone: 'Europe/Kyiv' })).toEqual(cardsOracle(own, 'Europe/Kyiv'));
    // another client's website is not in scope
    const foreign = w.websites.find((s) => s.client_id !== user.client_id)!;
    const res = await client.get(
      `/api/v1/statistics/getDashboardTotals?${query({ timezone: 'UTC', domain_ids: [String(foreign.id)] })}`,
    );
    expect(res.statusCode).toBe(422);
  });

  it('total ≥ this month ≥ this week, equal to the raw facts, on random websites (property)', async () => {
    const acme = w.clients.find((c) => c.name === 'Acme Shop')!;
    const fact = fc.record({
      type: fc.constantFrom('', 'welcome', 'recurring', 'tail-recurring', 'trigger'),
      hoursBack: fc.integer({ min: -30, max: 24 * 120 }),
      sent: fc.nat(50),
      delivered: fc.nat(50),
      clicked: fc.nat(10),
      subscribed: fc.nat(20),
      unsubscribed: fc.nat(5),
    });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fact, { maxLength: 40 }), fc.constantFrom(...TZS), async (drawn, tz) => {
        const site = await t.handle.db
          .insertInto('domains')
          .values({ client_id: acme.id, url: `https://prop-${++n}.acme.test` })
          .returning('id')
          .executeTakeFirstOrThrow();
        const nowHour = Math.floor(NOW.getTime() / HOUR) * HOUR;
        await addToRollups(
          t.handle.db,
          drawn.map(({ type, hoursBack, ...c }) => ({
            domain_id: site.id,
            client_id: acme.id,
            drip_id: type === '' ? 0 : 1,
            type,
            at: new Date(nowHour - hoursBack * HOUR),
            counters: type === '' ? { subscribed: c.subscribed, unsubscribed: c.unsubscribed } : c,
          })),
        );
        const got = await cards(moder, { timezone: tz, domain_ids: [String(site.id)] });
        expect(got).toEqual(cardsOracle(await rawRollups([site.id]), tz));
        expectOrdered(got, `${tz} ${drawn.length} facts`);
      }),
      { numRuns: 20, seed: 19 },
    );
  });

  it('total ≥ this month ≥ this week on the demo history of every demo website', async () => {
    const demo = await createTestApp(backend);
    try {
      const admin = await signedIn(demo, DEMO.moder);
      const sites = await demo.handle.db.selectFrom('domains').select(['id', 'client_id']).execute();
      for (const s of sites) {
        await seedDemoHistory(demo.handle.db, { ...s, welcomeDripId: 100 + s.id, recurringDripId: 200 + s.id }, NOW);
      }
      for (const tz of TZS) {
        const res = await admin.get(`/api/v1/statistics/getDashboardTotals?${query({ timezone: tz })}`, { cache: '0' });
        expect(res.statusCode, res.body).toBe(200);
        const got: DashboardTotals = res.json().data;
        const raw = (await demo.handle.db.selectFrom('stats_hourly').selectAll().execute()).map((r) => ({
          ...r,
          hour: new Date(r.hour),
        }));
        expect(got).toEqual(cardsOracle(raw, tz));
        expectOrdered(got, `demo ${tz}`);
        // 60 days of history: the month holds more than the week, all time more than the month
        expect(got.total.subscribed).toBeGreaterThan(got.month.subscribed);
        expect(got.month.subscribed).toBeGreaterThan(got.week.subscribed);
      }
    } finally {
      await demo.close();
    }
  });
});
