import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { serverPerformanceOracle } from './server-performance-oracle.ts';
import type { FactsWorld } from './stats-fixtures.ts';
import { bucketOf, familyOf } from './stats-oracle.ts';
import { cmp, NOW, openStatsWorld } from './stats-test-kit.ts';

type Oracle = ReturnType<typeof serverPerformanceOracle>;
const byDims = (a: Oracle['rows'][number], b: Oracle['rows'][number], unit: 'hour' | 'day', tz: string) => {
  const x = a.fs[0]!;
  const y = b.fs[0]!;
  return (
    x.domain_id - y.domain_id ||
    x.client_id - y.client_id ||
    cmp(bucketOf(x.hour, unit, tz), bucketOf(y.hour, unit, tz)) ||
    cmp(familyOf(x.type), familyOf(y.type))
  );
};

describe.each(testBackends())('Server Performance on $name', (backend) => {
  let t: TestApp;
  let w: FactsWorld;
  let moder: TestClient;
  const post = async (c: TestClient, body: object, qs = '', status = 200) => {
    const res = await c.post(`/api/v2/statistics/getServerPerformancePage${qs}`, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };

  beforeAll(async () => {
    ({ t, w } = await openStatsWorld(backend, 23));
    moder = await signedIn(t, DEMO.moder);
  });
  afterAll(() => t?.close());

  it('computes every column per website, client, hour and type across a DST change (New York)', async () => {
    const tz = 'America/New_York';
    const filters = { date_start: '2026-10-31', date_end: '2026-11-02' };
    const res = await post(moder, { timezone: tz, date_trunc: 'hour', filters }, '?paginate=false');
    const oracle = serverPerformanceOracle(w, {
      tz,
      from: filters.date_start,
      to: filters.date_end,
      unit: 'hour',
      dims: ['campaign_uid', 'client_uid', 'date', 'type'],
      now: NOW,
    });
    const expected = oracle.rows.sort((a, b) => byDims(a, b, 'hour', tz)).map((r) => r.row);
    expect(res.data).toEqual(expected);
    expect(res.meta).toEqual({ total: expected.length, totals: oracle.totals });
    expect(expected.some((r) => r.count_setup_drips_per_hour > 0 && r.active_subs_last_3_days > 0)).toBe(true);
  });

  it('counts drip-hours of a 25-hour day (Kyiv fall-back) once, over raw types and websites, in rows and totals', async () => {
    const tz = 'Europe/Kyiv';
    const filters = { date_start: '2026-10-24', date_end: '2026-10-26' };
    for (const groups of [['date'], ['date', 'type']] as const) {
      const res = await post(moder, { timezone: tz, date_trunc: 'day', filters, groups });
      const oracle = serverPerformanceOracle(w, {
        tz,
        from: filters.date_start,
        to: filters.date_end,
        unit: 'day',
        dims: [...groups],
        now: NOW,
      });
      const key = (r: Oracle['rows'][number]) => `${bucketOf(r.fs[0]!.hour, 'day', tz)}|${familyOf(r.fs[0]!.type)}`;
      const expected = oracle.rows.sort((a, b) => cmp(key(a), key(b))).map((r) => r.row);
      expect(res.data).toEqual(expected);
      expect(res.meta).toEqual({ total: expected.length, totals: oracle.totals });
      // drips sent in more than one hour of that day: each hour counts, the day once
      const fallBack = res.data.filter(
        (r: { date: string; count_drips_per_day_by_sent: number }) =>
          r.date.startsWith('2026-10-25') && r.count_drips_per_day_by_sent > 0,
      );
      expect(fallBack.length).toBeGreaterThan(0);
      for (const r of fallBack) expect(r.count_drips_per_hour_by_sent).toBeGreaterThan(r.count_drips_per_day_by_sent);
    }
  });

  it('pages websites × days in a half-hour zone, sorted by scheduled drips; the last page is short', async () => {
    const tz = 'Asia/Kolkata';
    const filters = { date_start: '2026-10-20', date_end: '2026-11-10' };
    const body = {
      timezone: tz,
      date_trunc: 'day',
      filters,
      groups: ['campaign_uid', 'date'],
      orders: [{ count_setup_drips_per_day: 'DESC' }],
    };
    const oracle = serverPerformanceOracle(w, {
      tz,
      from: filters.date_start,
      to: filters.date_end,
      unit: 'day',
      dims: ['campaign_uid', 'date'],
      now: NOW,
    });
    const expected = oracle.rows
      .sort((a, b) => b.row.count_setup_drips_per_day - a.row.count_setup_drips_per_day || byDims(a, b, 'day', tz))
      .map((r) => r.row);
    const got: unknown[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await post(moder, body, `?pageLength=25&page=${page}`);
      got.push(...res.data);
      expect(res.meta.total).toBe(expected.length);
      if (res.data.length < 25) break;
    }
    expect(got).toEqual(expected);
    expect(expected.length).toBeGreaterThan(25);
  });

  it('narrows to a client by client_uid for staff; naming a client outside the scope answers 403', async () => {
    const globex = w.clients.find((c) => c.name === 'Globex News')!;
    const filters = { date_start: '2026-11-08', date_end: '2026-11-10', client_uid: [globex.client_uid] };
    const res = await post(moder, { timezone: 'UTC', date_trunc: 'day', filters, groups: ['client_uid', 'type'] });
    const oracle = serverPerformanceOracle(w, {
      tz: 'UTC',
      from: filters.date_start,
      to: filters.date_end,
      unit: 'day',
      dims: ['client_uid', 'type'],
      now: NOW,
      clientId: globex.id,
    });
    expect(res.data).toEqual(oracle.rows.sort((a, b) => byDims(a, b, 'day', 'UTC')).map((r) => r.row));
    expect(res.meta.totals).toEqual(oracle.totals);
    // staff working for Acme (client header) may not name Globex; a client user has no Server Performance at all
    const acme = w.clients.find((c) => c.name === 'Acme Shop')!;
    const asAcme = await moder.post(
      '/api/v2/statistics/getServerPerformancePage',
      { timezone: 'UTC', date_trunc: 'day', filters },
      { client: acme.client_uid },
    );
    expect(asAcme.statusCode).toBe(403);
    await post(await signedIn(t, DEMO.client), { timezone: 'UTC', date_trunc: 'day', filters }, '', 403);
  });
});
