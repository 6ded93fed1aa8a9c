import { avgPatientDays, metricRaw, moreInfoMetrics, PUSH_ERROR_COUNTERS, pushCtr } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import type { FactsWorld } from './stats-fixtures.ts';
import { bucketOf, familyOf, groupFacts, inLocalRange, oracleFacts, pickCounters, type Unit } from './stats-oracle.ts';
import { cmp, openStatsWorld, query } from './stats-test-kit.ts';

const TZS = ['UTC', 'Europe/Kyiv', 'America/New_York', 'Asia/Kolkata'];
const UNITS: Unit[] = ['hour', 'day', 'week', 'month', 'millennium'];
// contains Kyiv's (2026-10-25) and New York's (2026-11-01) return to winter time
const FROM = '2026-10-20';
const TO = '2026-11-05';

describe.each(testBackends())('statistics v1 on $name', (backend) => {
  let t: TestApp;
  let w: FactsWorld;
  let moder: TestClient;
  const order = (a: { domain_id: number }, b: { domain_id: number }) => a.domain_id - b.domain_id;
  const get = async (path: string, params: Record<string, string | number | string[]>, headers = {}) => {
    const res = await moder.get(`/api/v1/statistics/${path}?${query(params)}`, { cache: '0', ...headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    ({ t, w } = await openStatsWorld(backend, 7));
    moder = await signedIn(t, DEMO.moder);
  });
  afterAll(() => t?.close());

  it.each(TZS)('subscriber counters by website match the oracle in %s for every granularity', async (tz) => {
    for (const unit of UNITS) {
      const data = await get('getStatsBySubscribables', {
        date_start: FROM,
        date_finish: TO,
        date_trunc: unit,
        group_by: 'website_id',
        timezone: tz,
      });
      const facts = oracleFacts(w, { tz, from: FROM, to: TO, leavers: true });
      const expected = groupFacts(facts, (f) => `${bucketOf(f.hour, unit, tz)}|${f.domain_id}`)
        .map((g) => ({ g, domain_id: g.facts[0]!.domain_id, timestamp: g.key.split('|')[0]! }))
        .sort((a, b) => cmp(a.timestamp, b.timestamp) || order(a, b))
        .map(({ g, domain_id, timestamp }) => ({
          timestamp,
          website_id: w.websites.find((x) => x.id === domain_id)!.website_id,
          ...pickCounters(g, ['subscribed', 'unsubscribed', 'deactivated', 'full_unsubscribed']),
          avg_patient_days: avgPatientDays(g.patience_days, g.leavers),
        }));
      expect(data, `${tz} ${unit}`).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it.each(TZS)('drip events (a list, and with formulas per website) match the oracle in %s', async (tz) => {
    for (const unit of UNITS) {
      const params = { date_start: FROM, date_finish: TO, date_trunc: unit, timezone: tz };
      const plain = groupFacts(oracleFacts(w, { tz, from: FROM, to: TO, keep: (f) => f.type !== '' }), (f) =>
        bucketOf(f.hour, unit, tz),
      ).sort((a, b) => cmp(a.key, b.key));
      expect(await get('getStatsEventsByDrips', params), `${tz} ${unit}`).toEqual(
        plain.map((g) => ({ timestamp: g.key, ...pickCounters(g, ['sent', 'delivered', 'clicked', 'deactivated']) })),
      );
      const formulas = groupFacts(
        oracleFacts(w, { tz, from: FROM, to: TO, leavers: true }),
        (f) => `${bucketOf(f.hour, unit, tz)}|${f.domain_id}`,
      )
        .map((g) => ({ g, domain_id: g.facts[0]!.domain_id, timestamp: g.key.split('|')[0]! }))
        .sort((a, b) => cmp(a.timestamp, b.timestamp) || order(a, b));
      const got = await get('getStatsEventsByDrips', { ...params, group_by: 'website_id' }, { withFormulas: 'true' });
      expect(got, `${tz} ${unit} formulas`).toEqual(
        formulas.map(({ g, domain_id, timestamp }) => ({
          timestamp,
          website_id: w.websites.find((x) => x.id === domain_id)!.website_id,
          ...pickCounters(g, ['sent', 'delivered', 'clicked', 'deactivated', 'subscribed', 'unsubscribed']),
          full_unsubscribed: g.full_unsubscribed,
          ...moreInfoMetrics(g, { sumDays: g.patience_days, leavers: g.leavers }),
        })),
      );
    }
  });

  it('labels hour buckets by local time: two UTC hours in the Kyiv fall-back hour, half hours in Kolkata', async () => {
    const day = { date_start: '2026-10-25', date_finish: '2026-10-25', date_trunc: 'hour' };
    const kyiv = await get('getStatsEventsByDrips', { ...day, timezone: 'Europe/Kyiv' });
    const at3 = kyiv.filter((r: { timestamp: string }) => r.timestamp === '2026-10-25 03:00:00');
    const utc = (h: string) =>
      w.rollups.filter((r) => r.type !== '' && r.hour.toISOString() === `2026-10-25T${h}:00:00.000Z`);
    expect(at3).toHaveLength(1);
    expect(at3[0].sent).toBe([...utc('00'), ...utc('01')].reduce((s, r) => s + r.sent, 0));
    expect(kyiv.length).toBeLessThanOrEqual(24);
    const kolkata = await get('getStatsEventsByDrips', { ...day, timezone: 'Asia/Kolkata' });
    expect(kolkata.length).toBeGreaterThan(10);
    expect(kolkata.every((r: { timestamp: string }) => r.timestamp.endsWith(':30:00'))).toBe(true);
  });

  it('groups drip events by recurring and welcome with the resultGroupBy header (every schedule type of a recurring drip is recurring)', async () => {
    const tz = 'Asia/Kolkata';
    const data = await get(
      'getStatsEventsByDrips',
      { date_start: FROM, date_finish: TO, date_trunc: 'day', timezone: tz },
      { resultGroupBy: 'type:recurring,welcome' },
    );
    expect(Object.keys(data).sort()).toEqual(['recurring', 'welcome']);
    for (const family of ['recurring', 'welcome']) {
      const facts = oracleFacts(w, { tz, from: FROM, to: TO, keep: (f) => familyOf(f.type) === family });
      const expected = groupFacts(facts, (f) => bucketOf(f.hour, 'day', tz))
        .sort((a, b) => cmp(a.key, b.key))
        .map((g) => ({ timestamp: g.key, ...pickCounters(g, ['sent', 'delivered', 'clicked', 'deactivated']) }));
      expect(data[family]).toEqual(expected);
    }
    expect(w.rollups.some((r) => r.type === 'spam-recurring')).toBe(true);
  });

  it.each(TZS)('push errors by type, for one website, match the oracle in %s', async (tz) => {
    const site = w.websites[1]!;
    for (const unit of ['hour', 'week'] as Unit[]) {
      const data = await get('getStatsPushErrors', {
        date_start: FROM,
        date_finish: TO,
        date_trunc: unit,
        timezone: tz,
        group_by: 'type',
        domain_ids: [site.website_id],
      });
      const facts = oracleFacts(w, { tz, from: FROM, to: TO, keep: (f) => f.type !== '' && f.domain_id === site.id });
      const expected = groupFacts(facts, (f) => `${bucketOf(f.hour, unit, tz)}|${familyOf(f.type)}`)
        .sort((a, b) => cmp(a.key, b.key))
        .map((g) => ({
          timestamp: g.key.split('|')[0],
          type: g.key.split('|')[1],
          ...pickCounters(g, PUSH_ERROR_COUNTERS),
        }));
      expect(data, `${tz} ${unit}`).toEqual(expected);
    }
    const posted = await moder.post(`/api/v1/statistics/getStatsPushErrors?timezone=${encodeURIComponent(tz)}`, {
      date_start: FROM,
      date_finish: TO,
      domain_ids: [String(site.id)],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data.length).toBeGreaterThan(0);
  });

  it('picks the best live drip by push CTR and ranks the top pushes', async () => {
    const tz = 'America/New_York';
    const params = { date_start: '2026-09-15', date_finish: '2026-11-10', timezone: tz };
    for (const type of ['recurring', 'welcome']) {
      const facts = oracleFacts(w, {
        tz,
        from: params.date_start,
        to: params.date_finish,
        keep: (f) => familyOf(f.type) === type,
      });
      const best = groupFacts(facts, (f) => String(f.drip_id))
        .filter((g) => g.delivered > 0 && !w.drips.find((d) => d.id === Number(g.key))!.deleted)
        .sort(
          (a, b) =>
            metricRaw('push_ctr', b) - metricRaw('push_ctr', a) ||
            b.clicked - a.clicked ||
            Number(a.key) - Number(b.key),
        )[0]!;
      const [got] = await get('getTheBestDripRequest', { ...params, drip_type: type });
      expect(got).toMatchObject({ drip_id: Number(best.key), push_ctr: pushCtr(best), clicked: best.clicked });
      expect(got.title).toBe(w.drips.find((d) => d.id === Number(best.key))!.title);
    }
    const all = groupFacts(
      oracleFacts(w, { tz, from: params.date_start, to: params.date_finish, keep: (f) => f.type !== '' }),
      (f) => String(f.drip_id),
    ).sort((a, b) => b.clicked - a.clicked || Number(a.key) - Number(b.key));
    const top = await get('getTopPush', { ...params, limit: 4, offset: 1 });
    expect(top.map((r: { drip_id: number; clicked: number }) => [r.drip_id, r.clicked])).toEqual(
      all.slice(1, 5).map((g) => [Number(g.key), g.clicked]),
    );
  });

  it('logs sends per occurrence and scheduler occurrences of the range, newest first', async () => {
    const tz = 'Europe/Kyiv';
    const params = { date_start: FROM, date_finish: TO, timezone: tz, limit: 1000 };
    const inRange = w.occurrences
      .filter((o) => inLocalRange(o.due_at, tz, FROM, TO))
      .sort((a, b) => b.due_at.getTime() - a.due_at.getTime() || b.id - a.id);
    const cron = await get('getLogCron', params);
    expect(cron.map((r: { occurrence_id: number; type: string }) => [r.occurrence_id, r.type])).toEqual(
      inRange.map((o) => [o.id, familyOf(o.type)]),
    );
    const sent = await get('getLogSent', params);
    expect(sent).toEqual(
      inRange
        .filter((o) => o.ledger.length > 0)
        .map((o) =>
          expect.objectContaining({
            occurrence_id: o.id,
            targeted: o.ledger.length,
            sent: o.ledger.filter((l) => l.sent_at).length,
            delivered: o.ledger.filter((l) => l.delivered_at).length,
            clicked: o.ledger.filter((l) => l.clicked_at).length,
            due_at: o.due_at.toISOString(),
          }),
        ),
    );
    expect(sent.length).toBeGreaterThan(3);
  });
});
