import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addToRollups } from '../stats/rollups.repository.ts';
import { statisticsClock } from './clock.ts';
import { NOW } from './stats-test-kit.ts';

const at = (iso: string) => new Date(`${iso}:00:00Z`);
const hours = (day: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => at(`${day}T${String(from + i).padStart(2, '0')}`));

/**
 * A small website whose drip counts are known by hand (UTC, 2026-11-08 and 2026-11-09):
 * - a welcome drip sends 400 pushes every hour 08:00–19:00 both days; its one occurrence was due when the schedule
 *   was made (2026-10-01), as the scheduler does for welcome drips;
 * - recurring drip R is due (and sends 1,000) at 11-08 09:00 and 18:00 and at 11-09 09:00;
 * - recurring drip E attempted 3 pushes at 11-08 10:00 that all failed (error_x), without an occurrence that hour;
 * - recurring drip P is due at 11-09 12:00 and sent nothing yet; its cancelled occurrence at 11-08 12:00 counts not.
 */
describe.each(testBackends())('Server Performance drip counts on a known website on $name', (backend) => {
  let t: TestApp;
  let moder: TestClient;

  beforeAll(async () => {
    statisticsClock.now = () => NOW;
    t = await createTestApp(backend);
    moder = await signedIn(t, DEMO.moder);
    const db = t.handle.db;
    const site = await db
      .selectFrom('domains')
      .select(['id', 'client_id'])
      .where('url', '=', 'https://shop.acme.test')
      .executeTakeFirstOrThrow();
    const drip = async (type: 'welcome' | 'recurring', title: string) =>
      (
        await db
          .insertInto('drips')
          .values({
            ...{ domain_id: site.id, client_id: site.client_id },
            type,
            title,
            body: 'b',
            customization: '{}',
            meta: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [welcome, r, e, p] = [
      await drip('welcome', 'Welcome'),
      await drip('recurring', 'R'),
      await drip('recurring', 'E'),
      await drip('recurring', 'P'),
    ];
    const occurrence = (
      drip_id: number,
      type: string,
      due_at: Date,
      status: 'pending' | 'fanning' | 'done' | 'cancelled',
    ) =>
      db
        .insertInto('occurrences')
        .values({ drip_id, domain_id: site.id, client_id: site.client_id, type, due_at, status })
        .execute();
    await occurrence(welcome, 'welcome', at('2026-10-01T10'), 'fanning');
    for (const due of [at('2026-11-08T09'), at('2026-11-08T18'), at('2026-11-09T09')]) {
      await occurrence(r, 'recurring', due, 'done');
    }
    await occurrence(p, 'recurring', at('2026-11-09T12'), 'pending');
    await occurrence(p, 'recurring', at('2026-11-08T12'), 'cancelled');
    const base = { domain_id: site.id, client_id: site.client_id };
    await addToRollups(db, [
      ...[...hours('2026-11-08', 8, 19), ...hours('2026-11-09', 8, 19)].map((h) => ({
        ...base,
        drip_id: welcome,
        type: 'welcome',
        at: h,
        counters: { sent: 400, delivered: 380 },
      })),
      ...[at('2026-11-08T09'), at('2026-11-08T18'), at('2026-11-09T09')].map((h) => ({
        ...base,
        drip_id: r,
        type: 'recurring',
        at: h,
        counters: { sent: 1000, delivered: 900 },
      })),
      { ...base, drip_id: e, type: 'recurring', at: at('2026-11-08T10'), counters: { error_x: 3 } },
    ]);
  });
  afterAll(() => t?.close());

  it('counts the drips set up per day and per hour: scheduled, or sending without an occurrence that day', async () => {
    const res = await moder.post('/api/v2/statistics/getServerPerformancePage', {
      timezone: 'UTC',
      date_trunc: 'day',
      filters: { date_start: '2026-11-08', date_end: '2026-11-09' },
      groups: ['date', 'type'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const pick = (r: Record<string, unknown>) => ({
      date: r.date,
      type: r.type,
      sent: r.sent,
      setup_day: r.count_setup_drips_per_day,
      setup_hour: r.count_setup_drips_per_hour,
      sent_day: r.count_drips_per_day_by_sent,
      sent_hour: r.count_drips_per_hour_by_sent,
      per_day: r.sent_per_day_by_uniq_drips,
    });
    const { data, meta } = res.json();
    expect(data.map(pick)).toEqual([
      {
        date: '2026-11-08 00:00:00',
        type: 'recurring',
        sent: 2000,
        setup_day: 2,
        setup_hour: 3,
        sent_day: 1,
        sent_hour: 2,
        per_day: 2000,
      },
      {
        date: '2026-11-08 00:00:00',
        type: 'welcome',
        sent: 4800,
        setup_day: 1,
        setup_hour: 12,
        sent_day: 1,
        sent_hour: 12,
        per_day: 4800,
      },
      {
        date: '2026-11-09 00:00:00',
        type: 'recurring',
        sent: 1000,
        setup_day: 2,
        setup_hour: 2,
        sent_day: 1,
        sent_hour: 1,
        per_day: 1000,
      },
      {
        date: '2026-11-09 00:00:00',
        type: 'welcome',
        sent: 4800,
        setup_day: 1,
        setup_hour: 12,
        sent_day: 1,
        sent_hour: 12,
        per_day: 4800,
      },
    ]);
    // over both days: welcome 2 drip-days, R 2, E 1, P 1; hours 24 + 3 + 1 + 1
    expect(pick(meta.totals)).toMatchObject({ sent: 12600, setup_day: 6, setup_hour: 29, sent_day: 4, sent_hour: 27 });
    // a drip that sent was set up: never fewer set-up drips than drips with sends
    for (const row of [...data, meta.totals]) {
      expect(row.count_setup_drips_per_day).toBeGreaterThanOrEqual(row.count_drips_per_day_by_sent);
      expect(row.count_setup_drips_per_hour).toBeGreaterThanOrEqual(row.count_drips_per_hour_by_sent);
    }
  });
});
