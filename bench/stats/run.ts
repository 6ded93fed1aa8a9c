// npm run bench:stats — statistics calls on hourly rollups vs the same questions over raw events. See README.md.
import { availableParallelism, loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type DatabaseHandle, openPostgres } from '../../apps/server/src/db/connect.ts';
import { DEMO, TestClient } from '../../apps/server/src/test/harness.ts';
import { createBenchDatabase } from '../subscribers/data.ts';
import { type Actor, buildCases, type Case } from './cases.ts';
import { fill } from './data.ts';
import { type Row, ratioBound, type Timing, table, time } from './measure.ts';

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SHAPE = {
  websites: num('BENCH_WEBSITES', 1000),
  clients: num('BENCH_CLIENTS', 10),
  drips: num('BENCH_DRIPS', 10),
  days: num('BENCH_DAYS', 60),
};
const RUNS = num('BENCH_RUNS', 20);
const RAW_RUNS = num('BENCH_RAW_RUNS', 5);
const TZ = process.env.BENCH_TZ ?? 'Europe/Kyiv';
/** A database kept by an earlier run (BENCH_KEEP=1): time its data again without loading (kept, not dropped). */
const REUSE = process.env.BENCH_REUSE;
/** Only the cases whose label contains this text. */
const ONLY = process.env.BENCH_ONLY;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

type Clients = Record<Actor, TestClient>;

async function appOn(handle: DatabaseHandle, config: ReturnType<typeof loadConfig>) {
  const { app } = await buildApp({
    config,
    db: handle.db,
    secret: SECRET,
    triggers: { fireTrigger: async () => {} },
    endpointPolicy: {},
    logger: false,
  });
  await app.ready();
  const client = new TestClient(app);
  await client.login(DEMO.client);
  const moder = new TestClient(app);
  await moder.login(DEMO.moder);
  return { app, clients: { client, moder } as Clients };
}

async function call(clients: Clients, c: Case, cached = false): Promise<unknown> {
  const url = cached && c.cachedUrl ? c.cachedUrl : c.url;
  const headers = cached && c.cachedHeaders ? c.cachedHeaders : c.headers;
  const res = await clients[c.as].request(c.method, url, { headers, ...(c.body ? { body: c.body } : {}) });
  if (res.statusCode !== 200) throw new Error(`${c.label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

/** Fails the bench when the rollups and the raw events answer a call differently. */
function assertEqual(label: string, rollup: unknown, raw: unknown) {
  if (isDeepStrictEqual(rollup, raw)) return;
  const a = JSON.stringify(rollup);
  const b = JSON.stringify(raw);
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  throw new Error(
    `${label}: rollups and raw events differ at ${i}: …${a.slice(i - 80, i + 80)}… vs …${b.slice(i - 80, i + 80)}…`,
  );
}

function rowsOf(body: unknown): number {
  const data = (body as { data: unknown }).data;
  if (Array.isArray(data)) return data.length;
  // a record of lists (resultGroupBy), or one object (getDashboardTotals: one answer, counted as one row)
  const lists = Object.values(data as Record<string, unknown>).filter(Array.isArray);
  return lists.length ? lists.reduce((n, v) => n + v.length, 0) : 1;
}

async function main() {
  if (!adminUrl && !REUSE) {
    throw new Error('Set BENCH_DATABASE_URL or DATABASE_URL to a PostgreSQL server (an admin database).');
  }
  const config = { ...loadConfig({}), staticDir: '/nonexistent', seedDemo: true };
  const bench = REUSE ? await reuseBenchDatabase(REUSE) : await createBenchDatabase(adminUrl!, config);
  const db = bench.handle.db;
  let rawHandle: DatabaseHandle | undefined;
  const apps: { close(): Promise<unknown> }[] = [];
  try {
    const acme = await db
      .selectFrom('users')
      .innerJoin('clients', 'clients.id', 'users.client_id')
      .select(['clients.id', 'clients.client_uid'])
      .where('users.email', '=', DEMO.client)
      .executeTakeFirstOrThrow();
    const started = performance.now();
    const filled = REUSE ? await countFilled(bench.handle) : await fill(bench.url, SHAPE, acme.id);
    const loadS = (performance.now() - started) / 1000;
    const site = await db
      .selectFrom('domains')
      .select('id')
      .where('client_id', '=', acme.id)
      .where('url', 'like', '%.bench.test')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const version = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
    const rawUrl = new URL(bench.url);
    rawUrl.searchParams.set('options', '-c search_path=raw,public');
    rawHandle = await openPostgres(rawUrl.toString());

    const ours = await appOn(bench.handle, config);
    apps.push(ours.app);
    const raw = await appOn(rawHandle, config);
    apps.push(raw.app);
    const clientWebsites = Math.ceil(SHAPE.websites / SHAPE.clients);
    const cases = buildCases({
      tz: TZ,
      clientUid: acme.client_uid,
      websiteId: site.id,
      websites: SHAPE.websites,
      clientWebsites,
    }).filter((c) => !ONLY || c.label.includes(ONLY));

    const mb = (n: number) => `${n.toLocaleString('en')}`;
    console.log(`PostgreSQL ${version.rows[0]?.v}, ${availableParallelism()} cores, Node ${process.versions.node}`);
    console.log(
      `${SHAPE.websites} websites (${SHAPE.clients} clients, client@ has ${clientWebsites}) × ${SHAPE.drips} drips × ${SHAPE.days} days: ${mb(filled.rollupRows)} rollup rows, ${mb(filled.rawRows)} raw events of client@'s websites (one per counter increment); loaded in ${loadS.toFixed(0)} s (${Object.entries(
        filled.timings,
      )
        .map(([k, v]) => `${k} ${v.toFixed(0)} s`)
        .join(', ')})`,
    );
    console.log(
      `timezone ${TZ}; uncached (cache 0) through app.inject; rollups ${RUNS} runs, raw ${RAW_RUNS} runs, after one untimed call each (for raw: the call whose answer is compared); raw events hold client@'s ${clientWebsites} websites; load before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    const results: Row[] = [];
    for (const c of cases) {
      const a = await call(ours.clients, c);
      const rollup = await time(Math.min(RUNS, c.runs ?? RUNS), () => call(ours.clients, c));
      let rawT: Timing | null = null;
      if (c.raw) {
        assertEqual(c.label, a, await call(raw.clients, c));
        rawT = await time(RAW_RUNS, () => call(raw.clients, c), false);
      }
      const cached = c.cachedHeaders || c.cachedUrl ? await time(RUNS, () => call(ours.clients, c, true)) : undefined;
      results.push({ label: c.label, goalMs: c.goalMs, rollup, raw: rawT, ...(cached ? { cached } : {}) });
      console.log(
        `  ${c.label}: ${rowsOf(a)} rows${c.raw ? ', equal answers' : ''}; rollup p95 ${rollup.p95.toFixed(1)} ms${rawT ? `, raw p95 ${rawT.p95.toFixed(0)} ms` : ''}`,
      );
    }
    console.log(`\n${table(results)}`);
    const misses = results.filter((r) => r.rollup.p95 > r.goalMs);
    const slowRatio = results.filter((r) => r.raw && r.raw.p50 / r.rollup.p50 < 20);
    const unreachable = (r: Row) => (ratioBound(r) ?? Number.POSITIVE_INFINITY) < 20;
    const named = (rows: Row[]) => rows.map((m) => `${m.label}${unreachable(m) ? ' (bound < 20x)' : ''}`).join('; ');
    console.log(
      `\np95 goals: ${misses.length === 0 ? 'all met' : `missed by ${misses.map((m) => m.label).join('; ')}`}; raw/rollup ≥ 20x (p50): ${
        slowRatio.length === 0 ? 'all' : `not for ${named(slowRatio)}`
      }; bound = raw p50 / cached p50, the ratio a statistics query taking no time would reach; load after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const a of apps) await a.close();
    await rawHandle?.close();
    if (process.env.BENCH_KEEP === '1' || REUSE) {
      await bench.handle.close();
      console.log(`kept ${bench.url}`);
    } else await bench.drop();
  }
}

/** A kept bench database, opened as it is. */
async function reuseBenchDatabase(url: string) {
  const handle = await openPostgres(url);
  return { handle, url, drop: () => handle.close() };
}

/** What a kept database holds (its shape is whatever BENCH_* said when it was loaded). */
async function countFilled(handle: DatabaseHandle) {
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db)).rows[0]?.n);
  return { rollupRows: await count('stats_hourly'), rawRows: await count('raw_events'), timings: { reused: 0 } };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
