import { MSG, STATS_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addToRollups } from '../stats/rollups.repository.ts';
import type { FactsWorld } from './stats-fixtures.ts';
import { groupFacts, oracleFacts } from './stats-oracle.ts';
import { NOW, openStatsWorld, query } from './stats-test-kit.ts';

const RANGE = { date_start: '2026-11-01', date_finish: '2026-11-10', date_trunc: 'millennium', timezone: 'UTC' };
const events = (params: Record<string, string | string[]> = {}) =>
  `/api/v1/statistics/getStatsEventsByDrips?${query({ ...RANGE, ...params })}`;

describe.each(testBackends())('statistics scoping, caching and validation on $name', (backend) => {
  let t: TestApp;
  let w: FactsWorld;
  let acme: TestClient;
  let globex: TestClient;
  let moder: TestClient;
  const sentOf = (clientId: number) =>
    groupFacts(
      oracleFacts(w, {
        tz: 'UTC',
        from: RANGE.date_start,
        to: RANGE.date_finish,
        keep: (f) => f.client_id === clientId && f.type !== '',
      }),
      () => 'all',
    )[0]!.sent;
  const client = (name: string) => w.clients.find((c) => c.name === name)!;

  beforeAll(async () => {
    ({ t, w } = await openStatsWorld(backend, 31));
    acme = await signedIn(t, DEMO.client);
    globex = await signedIn(t, DEMO.globex);
    moder = await signedIn(t, DEMO.moder);
  });
  afterAll(() => t?.close());

  it("gives each client its own numbers, also from the cache, and never another client's", async () => {
    const a = await acme.get(events());
    const g = await globex.get(events());
    expect(a.json().data[0].sent).toBe(sentOf(client('Acme Shop').id));
    expect(g.json().data[0].sent).toBe(sentOf(client('Globex News').id));
    expect(a.json().data[0].sent).not.toBe(g.json().data[0].sent);
    // new facts for both clients: cached answers stay (TTL 3600 s), a fresh request (cache: 0) sees them
    for (const site of w.websites) {
      await addToRollups(t.handle.db, [
        {
          domain_id: site.id,
          client_id: site.client_id,
          drip_id: 999,
          type: 'welcome',
          at: new Date('2026-11-05T10:00:00Z'),
          counters: { sent: 1000 },
        },
      ]);
    }
    expect((await acme.get(events())).json()).toEqual(a.json());
    expect((await globex.get(events())).json()).toEqual(g.json());
    expect((await acme.get(events(), { cache: '0' })).json().data[0].sent).toBe(a.json().data[0].sent + 2000);
    // staff acting for Globex (client header) get Globex's numbers, not Acme's cached ones
    const asGlobex = await moder.get(events(), { client: client('Globex News').client_uid, cache: '0' });
    expect(asGlobex.json().data[0].sent).toBe(g.json().data[0].sent + 1000);
    // staff without a client see everything
    const all = await moder.get(events(), { cache: '0' });
    expect(all.json().data[0].sent).toBe(a.json().data[0].sent + g.json().data[0].sent + 3000);
  });

  it("refuses another client's websites (422) and clients (403); an empty client filter means all", async () => {
    const news = w.websites.find((s) => s.url.includes('globex'))!;
    const res = await acme.get(events({ domain_ids: [news.website_id] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.domain_ids).toEqual([STATS_MSG.invalidDomain]);
    const body = (filters: object) => ({
      timezone: 'UTC',
      date_trunc: 'day',
      groups: ['client'],
      filters: { date_start: '2026-11-01', date_end: '2026-11-02', ...filters },
    });
    const foreign = await acme.post(
      '/api/v2/statistics/getDataExplorer',
      body({ client_id: [String(client('Globex News').id)] }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MSG.notYourClient);
    const own = await acme.post(
      '/api/v2/statistics/getDataExplorer',
      body({ client_id: [String(client('Acme Shop').id)] }),
    );
    expect(own.json().data.map((r: { client: string }) => r.client)).toEqual(['Acme Shop']);
    const mine = await acme.post('/api/v2/statistics/getDataExplorer', body({}));
    expect(mine.json().data.map((r: { client: string }) => r.client)).toEqual(['Acme Shop']);
    // the same body from Globex (Data Explorer caches for 10 minutes by default) answers Globex's own row
    const theirs = await globex.post('/api/v2/statistics/getDataExplorer', body({}));
    expect(theirs.json().data.map((r: { client: string }) => r.client)).toEqual(['Globex News']);
    const everyone = await moder.post('/api/v2/statistics/getDataExplorer', body({ client_id: [] }));
    expect(everyone.json().data.map((r: { client: string }) => r.client)).toEqual(['Acme Shop', 'Globex News']);
    const unknown = await moder.post('/api/v2/statistics/getDataExplorer', body({ website_id: ['nope'] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['filters.website_id']).toEqual([STATS_MSG.invalidDomain]);
  });

  it('validates required fields, dates within two months back … today in the zone, time zones and truncation', async () => {
    const bad = async (params: Record<string, string>, field: string, message?: string) => {
      const res = await acme.get(`/api/v1/statistics/getStatsBySubscribables?${query(params)}`);
      expect(res.statusCode, JSON.stringify(params)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    };
    const range = (min: string, max: string) => STATS_MSG.dateRange.replace(':min', min).replace(':max', max);
    await bad({ date_finish: '2026-11-10' }, 'date_start', MSG.fieldRequired);
    await bad({ date_start: '2026-11-01' }, 'date_finish', MSG.fieldRequired);
    await bad({ date_start: '2026-02-30', date_finish: '2026-11-10' }, 'date_start', STATS_MSG.invalidDate);
    await bad({ date_start: '2026-09-09', date_finish: '2026-11-10' }, 'date_start', range('2026-09-10', '2026-11-10'));
    await bad(
      { date_start: '2026-11-01', date_finish: '2026-11-11' },
      'date_finish',
      range('2026-09-10', '2026-11-10'),
    );
    // at NOW (12:00 UTC) it is already 2026-11-11 in Kiritimati (UTC+14)
    const ahead = await acme.get(
      `/api/v1/statistics/getStatsBySubscribables?${query({ date_start: '2026-11-11', date_finish: '2026-11-11', timezone: 'Pacific/Kiritimati' })}`,
    );
    expect(ahead.statusCode, ahead.body).toBe(200);
    await bad({ date_start: '2026-11-05', date_finish: '2026-11-01' }, 'date_start', STATS_MSG.dateOrder);
    await bad({ ...RANGE, timezone: 'Mars/Base' }, 'timezone', STATS_MSG.invalidTimezone);
    await bad({ ...RANGE, timezone: '+02:00' }, 'timezone', STATS_MSG.invalidTimezone);
    await bad({ ...RANGE, date_trunc: 'fortnight' }, 'date_trunc');
    await bad({ ...RANGE, group_by: 'password' }, 'group_by', STATS_MSG.unknownGroup);
    const header = await acme.get(events(), { resultGroupBy: 'type:spam' });
    expect(header.statusCode).toBe(422);
    const de = await acme.post('/api/v2/statistics/getDataExplorer', { filters: {} });
    expect(de.statusCode).toBe(422);
    expect(de.json().errors).toMatchObject({
      timezone: [MSG.fieldRequired],
      'filters.date_start': [MSG.fieldRequired],
    });
    expect(NOW.toISOString()).toBe('2026-11-10T12:00:00.000Z');
  });

  it('guards each call with its permission', async () => {
    const viewer = await signedIn(t, DEMO.viewer); // stats.domain.simple only
    const user = await signedIn(t, DEMO.user);
    const path = (name: string) => `/api/v1/statistics/${name}?${query(RANGE)}`;
    expect((await viewer.get(path('getStatsBySubscribables'))).statusCode).toBe(200);
    expect((await viewer.get(path('getTheBestDripRequest'))).statusCode).toBe(403);
    expect((await acme.get(path('getTheBestDripRequest'))).statusCode).toBe(200);
    const de = {
      timezone: 'UTC',
      date_trunc: 'day',
      groups: ['date'],
      filters: { date_start: '2026-11-01', date_end: '2026-11-02' },
    };
    expect((await user.post('/api/v2/statistics/getDataExplorer', de)).statusCode).toBe(403);
    expect((await acme.post('/api/v2/statistics/getDataExplorer', de)).statusCode).toBe(200);
    expect((await acme.post('/api/v2/statistics/getServerPerformancePage', de)).statusCode).toBe(403);
  });
});
