import { pushCtr } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import type { FactsWorld } from '../statistics/stats-fixtures.ts';
import { bucketOf, inLocalRange } from '../statistics/stats-oracle.ts';
import { openStatsWorld, query } from '../statistics/stats-test-kit.ts';

/** The oracle: every fact the fixture wrote for a drip, summed in JS (never read back from the rollups). */
function oracle(w: FactsWorld, dripId: number, keep: (hour: Date) => boolean = () => true) {
  const facts = w.rollups.filter((r) => r.drip_id === dripId && keep(r.hour));
  const sum = (k: 'sent' | 'delivered' | 'clicked') => facts.reduce((s, f) => s + f[k], 0);
  const c = { sent: sum('sent'), delivered: sum('delivered'), clicked: sum('clicked') };
  return { ...c, push_ctr: pushCtr(c) };
}

describe.each(testBackends())('drip statistics in the drip lists and per drip on $name', (backend) => {
  let t: TestApp;
  let w: FactsWorld;
  let acme: TestClient;
  let globex: TestClient;
  beforeAll(async () => {
    ({ t, w } = await openStatsWorld(backend, 19));
    acme = await signedIn(t, DEMO.client);
    globex = await signedIn(t, DEMO.globex);
  });
  afterAll(() => t?.close());

  it.each(['welcome', 'recurring', 'trigger'] as const)(
    'with[stats]=* gives every %s drip its all-time sent, delivered, clicked and CTR',
    async (type) => {
      const res = await acme.get(`/api/v1/drips/${type}/get?with[stats]=*&paginate=true&pageLength=50`);
      expect(res.statusCode, res.body).toBe(200);
      const rows: { id: number; domain_id: number; stats: ReturnType<typeof oracle> }[] = res.json().data.data;
      const mine = w.drips.filter((d) => d.type === type && !d.deleted && rowsOfAcme(w, d.domain_id));
      expect(rows.map((r) => r.id).sort()).toEqual(mine.map((d) => d.id).sort());
      expect(rows.some((r) => r.stats.sent > 0)).toBe(true);
      for (const r of rows) expect(r.stats, `drip ${r.id}`).toEqual(oracle(w, r.id));
    },
  );

  it('keeps with[stats] beside select= and with[schedules], and gives zeros to a drip that never sent', async () => {
    const shop = w.websites.find((x) => x.url === 'https://shop.acme.test')!;
    const created = await acme.post('/api/v1/drips/welcome/createOrUpdate', [
      { domain_id: shop.id, title: 'Hello', body: 'Welcome aboard', url: 'https://shop.acme.test/', offset: 0 },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data[0].id as number;
    const res = await acme.get(
      `/api/v1/drips/welcome/get?where[id]=${id}&select=title&with[stats]=*&with[schedules]=*`,
    );
    expect(res.json().data).toEqual([
      {
        id,
        title: 'Hello',
        schedules: expect.any(Array),
        stats: { sent: 0, delivered: 0, clicked: 0, push_ctr: 0 },
      },
    ]);
    const unknown = await acme.get('/api/v1/drips/welcome/get?with[stats]=yes');
    expect(unknown.statusCode).toBe(422);
  });

  it('answers 403 for with[stats] to someone who may read the list but not the statistics', async () => {
    const db = t.handle.db;
    const viewerRole = await db.selectFrom('roles').select('id').where('name', '=', 'viewer').executeTakeFirstOrThrow();
    const statsPermissions = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', 'in', ['menu.stats.global', 'stats.domain', 'stats.domain.simple'])
      .execute();
    await db
      .deleteFrom('role_has_permissions')
      .where('role_id', '=', viewerRole.id)
      .where(
        'permission_id',
        'in',
        statsPermissions.map((p) => p.id),
      )
      .execute();
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await viewer.get('/api/v1/drips/trigger/get')).statusCode).toBe(200);
    expect((await viewer.get('/api/v1/drips/trigger/get?with[stats]=*')).statusCode).toBe(403);
  });

  it("never shows another client's drips or their figures", async () => {
    const res = await globex.get('/api/v1/drips/recurring/get?with[stats]=*');
    const ids = res.json().data.map((r: { id: number }) => r.id);
    const acmeIds = new Set(w.drips.filter((d) => rowsOfAcme(w, d.domain_id)).map((d) => d.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id: number) => acmeIds.has(id))).toEqual([]);
  });

  it('getStatsEventsByDrips with drip_ids charts one drip by local day, as the oracle counts it', async () => {
    const drip = w.drips.find((d) => d.type === 'recurring' && !d.deleted && rowsOfAcme(w, d.domain_id))!;
    const tz = 'Europe/Kyiv';
    const [from, to] = ['2026-10-20', '2026-11-05'];
    const res = await acme.get(
      `/api/v1/statistics/getStatsEventsByDrips?${query({
        date_start: from,
        date_finish: to,
        date_trunc: 'day',
        timezone: tz,
        domain_ids: [String(drip.domain_id)],
        drip_ids: [String(drip.id)],
      })}`,
      { cache: '0', withformulas: 'true' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const expected = new Map<string, { sent: number; delivered: number; clicked: number }>();
    for (const f of w.rollups) {
      if (f.drip_id !== drip.id || !inLocalRange(f.hour, tz, from, to)) continue;
      const key = bucketOf(f.hour, 'day', tz);
      const e = expected.get(key) ?? { sent: 0, delivered: 0, clicked: 0 };
      expected.set(key, {
        sent: e.sent + f.sent,
        delivered: e.delivered + f.delivered,
        clicked: e.clicked + f.clicked,
      });
    }
    const rows: { timestamp: string; sent: number; delivered: number; clicked: number; subscribed: number }[] =
      res.json().data;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.map((r) => [r.timestamp, { sent: r.sent, delivered: r.delivered, clicked: r.clicked }])).toEqual(
      [...expected.entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    // a drip's chart holds no subscriber facts
    expect(rows.every((r) => r.subscribed === 0)).toBe(true);
    // the whole range in one bucket equals the oracle over the range
    const total = await acme.get(
      `/api/v1/statistics/getStatsEventsByDrips?${query({
        date_start: from,
        date_finish: to,
        date_trunc: 'millennium',
        timezone: tz,
        drip_ids: [String(drip.id)],
      })}`,
      { cache: '0' },
    );
    const sum = oracle(w, drip.id, (h) => inLocalRange(h, tz, from, to));
    expect(total.json().data).toEqual([
      {
        timestamp: '2001-01-01 00:00:00',
        sent: sum.sent,
        delivered: sum.delivered,
        clicked: sum.clicked,
        deactivated: expect.any(Number),
      },
    ]);
  });

  it("answers nothing for another client's drip and refuses a bad drip id", async () => {
    const foreign = w.drips.find((d) => !rowsOfAcme(w, d.domain_id))!;
    const res = await acme.get(
      `/api/v1/statistics/getStatsEventsByDrips?${query({
        date_start: '2026-10-01',
        date_finish: '2026-11-05',
        drip_ids: [String(foreign.id)],
      })}`,
      { cache: '0' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    const bad = await acme.get(
      `/api/v1/statistics/getStatsEventsByDrips?${query({ date_start: '2026-10-01', date_finish: '2026-11-05', drip_ids: ['x'] })}`,
    );
    expect(bad.statusCode).toBe(422);
  });
});

/** Whether a website belongs to client@'s client (Acme): its websites are the *.acme.test ones. */
function rowsOfAcme(w: FactsWorld, domainId: number): boolean {
  return w.websites.find((x) => x.id === domainId)?.url.endsWith('.acme.test') ?? false;
}
