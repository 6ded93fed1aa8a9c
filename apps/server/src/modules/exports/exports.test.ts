import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { EXPLORER_COLUMNS, FILES_MSG } from '@pushdeck/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRetentionJob } from '../../jobs/exports.jobs.ts';
import { testBackends } from '../../test/backends.ts';
import { DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { createExports } from '../../worker-services.ts';
import type { FactsWorld } from '../statistics/stats-fixtures.ts';
import { cellText, csvLines, openExportsWorld, waitForFile } from './export-test-kit.ts';

const explorerBody = (tz: string) => ({
  timezone: tz,
  date_trunc: 'day',
  filters: { date_start: '2026-10-01', date_end: '2026-11-10' },
  groups: ['website_id', 'date'],
  columns: { include: ['url'], exclude: [], map: {}, expand: [] },
});

describe.each(testBackends())('exports on $name', { timeout: 120_000 }, (backend) => {
  let world: Awaited<ReturnType<typeof openExportsWorld>>;
  let t: TestApp;
  let w: FactsWorld;
  let client: TestClient;
  let acmeUid: string;

  beforeAll(async () => {
    world = await openExportsWorld(backend, { work: false });
    ({ t, w } = world);
    client = await signedIn(t, DEMO.client);
    acmeUid = w.clients.find((c) => c.name === 'Acme Shop')!.client_uid;
    // seeding the statistics world takes long on a loaded machine
  }, 180_000);
  afterAll(() => world?.close());

  const startExplorer = (c: TestClient, tz: string, meta = '', headers?: Record<string, string>) =>
    c.post(`/api/v2/statistics/getDataExplorer?file=true${meta}`, explorerBody(tz), headers);

  it('one export at a time per user: a second while one runs is refused with a clear message', async () => {
    const first = await startExplorer(client, 'UTC');
    expect(first.statusCode, first.body).toBe(202);
    const second = await startExplorer(client, 'UTC');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(FILES_MSG.oneAtATime);
    const list = (await client.get('/api/v1/files/getCSVList')).json();
    expect(list.in_progress.map((f: { basename: string }) => f.basename)).toEqual([first.json().data.basename]);
    expect(list.in_progress[0].status).toBe('in_progress');
    // the worker starts now: the file gets written and the next export may start
    await t.jobs.work();
    await waitForFile(client, first.json().data.basename);
    const next = await startExplorer(client, 'UTC');
    expect(next.statusCode).toBe(202);
    await waitForFile(client, next.json().data.basename);
  });

  it("the Data Explorer's export holds exactly the rows its call answers, in the zone asked, with totals", async () => {
    const tz = 'Asia/Kolkata';
    const user = await signedIn(t, DEMO.user);
    // the user role has no Data Explorer: staff export for Acme with the client header
    expect((await startExplorer(user, tz)).statusCode).toBe(403);
    const moder = await signedIn(t, DEMO.moder);
    const headers = { client: acmeUid };
    const started = await startExplorer(moder, tz, '&meta[]=totals', headers);
    expect(started.statusCode, started.body).toBe(202);
    const { basename, path: filePath } = started.json().data;
    expect(filePath).toBe(`/files/${basename}`);
    const file = await waitForFile(moder, basename, headers);
    expect(file.status).toBe('ready');
    // the link names the client, so a staff member's new tab (no client header) reaches it
    expect(file.link).toBe(`/api/v1/files/download/${basename}?client=${acmeUid}`);
    expect((await moder.get(file.link!)).statusCode).toBe(200);

    const json = await moder.post('/api/v2/statistics/getDataExplorer?meta[]=totals', explorerBody(tz), headers);
    const { data, meta } = json.json() as {
      data: Record<string, unknown>[];
      meta: { totals: Record<string, unknown> };
    };
    expect(data.length).toBeGreaterThan(50);
    const header = Object.keys(meta.totals);
    const expected = [
      header,
      ...data.map((r) => header.map((k) => cellText(r[k]))),
      header.map((k, i) => (i === 0 ? 'Totals' : cellText(meta.totals[k]))),
    ];
    const res = await moder.get(`/api/v1/files/download/${basename}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(csvLines(res.body)).toEqual(expected);
    // only Acme's websites
    const acme = new Set(w.websites.filter((s) => s.client_id === w.clients.find((c) => c.client_uid === acmeUid)!.id));
    expect(data.every((r) => [...acme].some((s) => s.website_id === r.website_id))).toBe(true);
    // the client's own users see it, with the same link
    const own = await client.get(`/api/v1/files/download/${basename}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(res.body);
  });

  it('Custom Export: drips per day and website in the zone asked, the same rows as the Data Explorer', async () => {
    const tz = 'America/New_York';
    const website_id = w.websites.filter((s) => s.client_id === w.clients[0]!.id).map((s) => s.website_id);
    const ask = {
      data_type: 'drips',
      group_by: 'website_id',
      date_start: '2026-09-15',
      date_end: '2026-11-10',
      date_trunc: 'day',
      timezone: tz,
      website_id,
    };
    const owner = await signedIn(t, w.clients[0]!.name === 'Acme Shop' ? DEMO.client : DEMO.globex);
    const started = await owner.post('/api/v1/files/customExport', ask);
    expect(started.statusCode, started.body).toBe(202);
    await waitForFile(owner, started.json().data.basename);
    const body = {
      timezone: tz,
      date_trunc: 'day',
      filters: { date_start: ask.date_start, date_end: ask.date_end, website_id },
      groups: ['date', 'website_id'],
      orders: [{ date: 'asc' }, { website_id: 'asc' }],
      columns: {
        map: {},
        include: [],
        expand: [],
        exclude: ['d2c', 's2d', 'sub2c', 'sub2deact', 'sub2uns', 'subscribed', 'unsubscribed'],
      },
    };
    const json = await owner.post('/api/v2/statistics/getDataExplorer', body);
    expect(json.statusCode, json.body).toBe(200);
    const rows = (json.json().data as Record<string, unknown>[]).map((r) =>
      ['date', 'website_id', 'sent', 'delivered', 'clicked'].map((k) => cellText(r[k])),
    );
    const file = await owner.get(`/api/v1/files/download/${started.json().data.basename}`);
    const lines = csvLines(file.body);
    expect(lines[0]).toEqual(['date', 'website_id', 'sent', 'delivered', 'clicked']);
    const picked = lines.slice(1).map((l) => l.slice(0, 5));
    // the explorer keeps only these columns when full_unsubscribed, deactivated are excluded too
    expect(picked.length).toBeGreaterThan(0);
    expect(picked).toEqual(rows);
  });

  /** Starts a Custom Export as the first client's owner, waits for it, answers its lines and the owner. */
  const customFile = async (ask: Record<string, unknown>) => {
    const owner = await signedIn(t, w.clients[0]!.name === 'Acme Shop' ? DEMO.client : DEMO.globex);
    const started = await owner.post('/api/v1/files/customExport', ask);
    expect(started.statusCode, started.body).toBe(202);
    const { basename } = started.json().data;
    expect(basename).toMatch(new RegExp(`^custom_${ask.data_type}_`));
    expect((await waitForFile(owner, basename)).status).toBe('ready');
    const file = await owner.get(`/api/v1/files/download/${basename}`);
    expect(file.statusCode).toBe(200);
    return { owner, lines: csvLines(file.body) };
  };
  /** The Data Explorer's JSON for the same range, zone and grouping, only the given counters, in the file's order. */
  const explorerRows = async (
    owner: TestClient,
    ask: { date_start: string; date_end: string; date_trunc: string; timezone: string; website_id: string[] },
    group: string,
    counters: readonly string[],
  ) => {
    const body = {
      timezone: ask.timezone,
      date_trunc: ask.date_trunc,
      filters: { date_start: ask.date_start, date_end: ask.date_end, website_id: ask.website_id },
      groups: ['date', group],
      orders: [{ date: 'asc' }, { [group]: 'asc' }],
      columns: {
        map: {},
        include: counters.filter((c) => c.startsWith('error_')),
        expand: [],
        exclude: [...EXPLORER_COLUMNS].filter((c) => !counters.includes(c)),
      },
    };
    const json = await owner.post('/api/v2/statistics/getDataExplorer', body);
    expect(json.statusCode, json.body).toBe(200);
    const header = ['date', group, ...counters];
    return (json.json().data as Record<string, unknown>[]).map((r) => header.map((k) => cellText(r[k])));
  };
  const acmeSites = () => w.websites.filter((s) => s.client_id === w.clients[0]!.id).map((s) => s.website_id);

  it('Custom Export of Subs per month and type in Tokyo: the same rows as the Data Explorer', async () => {
    const ask = {
      data_type: 'subs',
      group_by: 'type',
      date_start: '2026-09-10',
      date_end: '2026-11-10',
      date_trunc: 'month',
      timezone: 'Asia/Tokyo',
      website_id: acmeSites(),
    };
    const { owner, lines } = await customFile(ask);
    const counters = ['subscribed', 'unsubscribed', 'deactivated', 'full_unsubscribed'];
    expect(lines[0]).toEqual(['date', 'type', ...counters]);
    const rows = await explorerRows(owner, ask, 'type', counters);
    expect(rows.length).toBeGreaterThan(3);
    // months in the zone asked, from the range's start (the explorer reaches 2 months back)
    expect(rows[0]![0]).toMatch(/^2026-09/);
    expect(rows.some((r) => Number(r[2]) > 0)).toBe(true);
    expect(lines.slice(1)).toEqual(rows);
  });

  it('Custom Export of Errors per day and website in Sydney: the same rows as the Data Explorer', async () => {
    const ask = {
      data_type: 'errors',
      group_by: 'website_id',
      date_start: '2026-10-20',
      date_end: '2026-11-10',
      date_trunc: 'day',
      timezone: 'Australia/Sydney',
      website_id: acmeSites().slice(0, 2),
    };
    const { owner, lines } = await customFile(ask);
    const counters = ['error_401', 'error_403', 'error_404', 'error_413', 'error_429', 'error_x'];
    expect(lines[0]).toEqual(['date', 'website_id', ...counters]);
    const rows = await explorerRows(owner, ask, 'website_id', counters);
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(ask.website_id));
    expect(rows.some((r) => r.slice(2).some((c) => Number(c) > 0))).toBe(true);
    expect(lines.slice(1)).toEqual(rows);
    // the zone matters: Sydney's days are not UTC's
    expect(lines.slice(1)).not.toEqual(await explorerRows(owner, { ...ask, timezone: 'UTC' }, 'website_id', counters));
  });

  /** A v2 call's file holds its JSON's rows (every column the screen shows, in its order), with totals if asked. */
  const sameAsCall = async (c: TestClient, call: string, body: object, meta = '') => {
    const started = await c.post(`/api/v2/statistics/${call}?file=true${meta}`, body);
    expect(started.statusCode, started.body).toBe(202);
    const { basename } = started.json().data;
    expect((await waitForFile(c, basename)).status).toBe('ready');
    const json = await c.post(`/api/v2/statistics/${call}?paginate=false${meta}`, body);
    expect(json.statusCode, json.body).toBe(200);
    const { data, meta: m } = json.json() as {
      data: Record<string, unknown>[];
      meta: { totals?: Record<string, unknown> };
    };
    expect(data.length).toBeGreaterThan(1);
    const header = Object.keys(data[0]!);
    const expected = [header, ...data.map((r) => header.map((k) => cellText(r[k])))];
    // the call always answers its totals; the file has a totals row only when the screen asked for it
    if (meta.includes('totals')) expected.push(header.map((k, i) => (i === 0 ? 'Totals' : cellText(m.totals![k]))));
    const file = await c.get(`/api/v1/files/download/${basename}`);
    expect(file.statusCode).toBe(200);
    expect(csvLines(file.body)).toEqual(expected);
    return data;
  };

  it("Server Performance's file flag: the file holds exactly the rows its call answers, in the zone asked", async () => {
    const moder = await signedIn(t, DEMO.moder);
    const body = {
      timezone: 'America/Los_Angeles',
      date_trunc: 'hour',
      filters: { date_start: '2026-11-01', date_end: '2026-11-02' },
      groups: ['client_uid', 'date', 'type'],
      orders: [{ date: 'asc' }, { client_uid: 'asc' }, { type: 'asc' }],
    };
    const data = await sameAsCall(moder, 'getServerPerformancePage', body, '&meta[]=totals');
    // hours of the zone asked (the DST change of 2026-11-01 included), from its midnight
    expect(String(data[0]!.date)).toMatch(/^2026-11-01[ T]00/);
  });

  it("Performance's top domains by recurring pushes: the file holds exactly the rows its call answers", async () => {
    const body = {
      timezone: 'Europe/Kyiv',
      date_trunc: 'day',
      filters: { date_start: '2026-10-25', date_end: '2026-11-10' },
      groups: ['date'],
    };
    const data = await sameAsCall(client, 'getTopDomainsBySentRecurringPushes', body);
    // sent desc, the call's own order; only Acme's websites
    const sent = data.map((r) => Number(r.sent));
    expect(sent).toEqual([...sent].sort((a, b) => b - a));
    const acme = w.websites.filter((s) => s.client_id === w.clients.find((c) => c.client_uid === acmeUid)!.id);
    expect(data.every((r) => acme.some((s) => s.website_id === r.website_id))).toBe(true);
  });

  it("the Drip Manager's and the Domains List's downloads hold the rows their lists show, in their order", async () => {
    const query = { 'where[is_active]': '1', order_by: 'id:desc' };
    const started = await client.post('/api/v1/files/generateUnitFile?type=messages_list', {
      type: 'recurring',
      query,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { basename } = started.json().data;
    expect(basename).toMatch(/^messages_list_/);
    await waitForFile(client, basename);
    const list = await client.get(
      '/api/v1/drips/recurring/get?where[is_active]=1&order_by=id:desc&limit=1000&select=id,domain_id,is_active,type,title,created_at',
    );
    const rows = list.json().data as { id: number; domain_id: number; title: string; created_at: string }[];
    expect(rows.length).toBeGreaterThan(1);
    const file = csvLines((await client.get(`/api/v1/files/download/${basename}`)).body);
    expect(file[0]).toEqual(['Domain Id', 'Message Id', 'Title', 'Created at', 'Type', 'Status']);
    expect(file.slice(1)).toEqual(
      rows.map((r) => [
        String(r.domain_id),
        String(r.id),
        r.title,
        new Date(r.created_at).toISOString(),
        'Recurring',
        'Active',
      ]),
    );

    const domains = await client.post('/api/v1/files/generateUnitFile?type=domains_list', {
      query: { order_by: 'url:asc' },
    });
    expect(domains.statusCode, domains.body).toBe(202);
    await waitForFile(client, domains.json().data.basename);
    const shown = (await client.get('/api/v1/domains/get?order_by=url:asc&with[domain_tags]=*')).json().data as {
      id: number;
      website_id: string;
      url: string;
    }[];
    const lines = csvLines((await client.get(`/api/v1/files/download/${domains.json().data.basename}`)).body);
    expect(lines[0]).toEqual(['Id', 'Website Id', 'Url', 'Status', 'Tags', 'Created at']);
    expect(lines.slice(1).map((l) => [l[0], l[1], l[2]])).toEqual(
      shown.map((d) => [String(d.id), d.website_id, d.url]),
    );
    // the user role has no Drip Manager: refused
    const user = await signedIn(t, DEMO.user);
    const refused = await user.post('/api/v1/files/generateUnitFile?type=messages_list', { query });
    expect(refused.statusCode).toBe(403);
  });

  it("Custom Export's required fields and range: 'Fill out the required fields!', 1 year back at most", async () => {
    const missing = await client.post('/api/v1/files/customExport', { data_type: 'subs' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(FILES_MSG.fillRequired);
    const noDomain = await client.post('/api/v1/files/customExport', {
      data_type: 'subs',
      group_by: 'type',
      date_start: '2026-11-01',
      date_end: '2026-11-02',
      date_trunc: 'hour',
      timezone: 'UTC',
      website_id: [],
    });
    expect(noDomain.statusCode).toBe(422);
    expect(noDomain.json().message).toBe(FILES_MSG.fillRequired);
    const tooOld = await client.post('/api/v1/files/customExport', {
      data_type: 'subs',
      group_by: 'type',
      date_start: '2025-11-01',
      date_end: '2026-11-02',
      date_trunc: 'day',
      timezone: 'UTC',
      website_id: [w.websites[0]!.website_id],
    });
    expect(tooOld.statusCode).toBe(422);
    expect(tooOld.json().errors.date_start).toBeDefined();
  });

  it("an unknown export type answers 'Provided invalid type.'; no rows answers 'No data available. …'", async () => {
    const bad = await client.post('/api/v1/files/generateUnitFile?type=passwords', {});
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(FILES_MSG.invalidType);
    const empty = await client.post('/api/v2/statistics/getDataExplorer?file=true', {
      ...explorerBody('UTC'),
      filters: { date_start: '2026-11-10', date_end: '2026-11-10', type: ['instant'] },
    });
    expect(empty.statusCode, empty.body).toBe(422);
    expect(empty.json().message).toBe(FILES_MSG.noData);
  });

  it("another client's file, a guessed name and names that leave the folder all answer 404", async () => {
    const started = await startExplorer(client, 'UTC');
    expect(started.statusCode, started.body).toBe(202);
    const { basename } = started.json().data;
    await waitForFile(client, basename);
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.get(`/api/v1/files/download/${basename}`)).statusCode).toBe(404);
    expect((await globex.request('DELETE', `/api/v1/files/removeCSV?filename=${basename}`)).statusCode).toBe(404);
    expect((await globex.get('/api/v1/files/getCSVList')).json().ready).toEqual([]);
    // staff: only with the client selected (header, or ?client= on a link)
    const moder = await signedIn(t, DEMO.moder);
    expect((await moder.get(`/api/v1/files/download/${basename}`)).statusCode).toBe(404);
    expect((await moder.get(`/api/v1/files/download/${basename}?client=${acmeUid}`)).statusCode).toBe(200);
    const guessed = basename.replace(/[0-9a-f]{8}\.csv$/, '00000000.csv');
    for (const name of [
      guessed,
      '..%2F..%2Fsecret.key',
      '..%2Fpglite',
      '%2Fetc%2Fpasswd',
      `..%2F${basename}`,
      'x.csv%00.txt',
    ]) {
      // a NUL is refused before any route (422): never a file
      expect([404, 422], name).toContain((await client.get(`/api/v1/files/download/${name}`)).statusCode);
      const del = await client.request('DELETE', `/api/v1/files/removeCSV?filename=${name}`);
      expect([404, 422], name).toContain(del.statusCode);
    }
    // removing: CSRF like every unsafe call, then gone from the list and from the disk
    const noCsrf = await client.request('DELETE', `/api/v1/files/removeCSV?filename=${basename}`, { csrf: false });
    expect(noCsrf.statusCode).toBe(419);
    const removed = await client.request('DELETE', `/api/v1/files/removeCSV?filename=${basename}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(FILES_MSG.removed);
    expect((await client.get(`/api/v1/files/download/${basename}`)).statusCode).toBe(404);
    const folder = path.join(world.dataDir, 'exports');
    const onDisk = (await readdir(folder, { recursive: true })).map(String);
    expect(onDisk.some((f) => f.endsWith(basename))).toBe(false);
  });

  it('retention: files older than the period are deleted from the list and the disk by the scheduled job', async () => {
    const started = await startExplorer(client, 'Europe/Kyiv');
    expect(started.statusCode, started.body).toBe(202);
    const { basename } = started.json().data;
    await waitForFile(client, basename);
    const before = (await client.get('/api/v1/files/getCSVList')).json().ready.length;
    await sql`update export_files set created_at = now() - interval '8 days' where basename = ${basename}`.execute(
      t.handle.db,
    );
    // an export whose job is gone (still in progress after 6 hours) would block its user forever: marked failed
    const { id: clientUserId } = await t.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO.client)
      .executeTakeFirstOrThrow();
    await sql`insert into export_files (basename, client_id, user_id, kind, params, actor, created_at)
      select 'data_explorer_stale.csv', client_id, id, 'stats:getDataExplorer', '{}', '{}', now() - interval '7 hours'
      from users where id = ${clientUserId}`.execute(t.handle.db);
    expect((await startExplorer(client, 'UTC')).statusCode).toBe(409);
    const job = exportRetentionJob(
      createExports({ db: t.handle.db, box: t.box, dataDir: world.dataDir, live: t.live }),
      t.config.exportRetentionDays,
    );
    expect(job.cron).toBeDefined();
    await job.handle({}, {} as never);
    const after = (await client.get('/api/v1/files/getCSVList')).json();
    expect(after.ready.map((f: { basename: string }) => f.basename)).not.toContain(basename);
    const stale = after.ready.find((f: { basename: string }) => f.basename === 'data_explorer_stale.csv');
    expect(stale?.status).toBe('failed');
    expect(after.ready.length).toBe(before);
    const again = await startExplorer(client, 'UTC');
    expect(again.statusCode, again.body).toBe(202);
    await waitForFile(client, again.json().data.basename);
    const onDisk = (await readdir(path.join(world.dataDir, 'exports'), { recursive: true })).map(String);
    expect(onDisk.some((f) => f.endsWith(basename))).toBe(false);
  });
});
