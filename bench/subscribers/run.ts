// npm run bench:subscribers — subscriber pages and counts on 1,000,000 subscribers of one website. See README.md.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { DEMO, TestClient } from '../../apps/server/src/test/harness.ts';
import { createBenchDatabase, fillSubscribers } from './data.ts';
import { median, type Timing, table, worst } from './measure.ts';
import { type DeepPage, deepPage } from './sql-cases.ts';

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const COUNT = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGE_LENGTH = 10;
const DEEP_PAGE = 500;
/** The spec's request timeout for the subscriber list (part 2 §9). */
const TIMEOUT_MS = 10_000;

/** Two-condition audiences (a common one and a rare one), and the audience of everyone. */
const AUDIENCES: Record<string, { filters: object[] }> = {
  'Chrome + English': {
    filters: [
      { browser: { operator: '=', values: ['Chrome'] } },
      { language: { operator: 'starts with', values: ['en'] } },
    ],
  },
  'Ukraine + tablet': {
    filters: [{ location: { operator: '=', values: ['UA'] } }, { device: { operator: '=', values: ['tablet'] } }],
  },
  everyone: { filters: [] },
};

function ok(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200 && res.statusCode !== 201) {
    throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  return JSON.parse(res.body);
}

/** Every HTTP case for each segment: pages 1, 500 and last (page + total together), and the count alone. */
async function httpCases(client: TestClient, segments: { name: string; id: number }[]): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const s of segments) {
    const countUrl = `/api/v1/segments/executeQueryField/${s.id}?count=true`;
    const total: number = ok(await client.post(countUrl), 'count').data;
    const lastPage = Math.max(1, Math.ceil(total / PAGE_LENGTH));
    const page = (n: number) => async () => {
      const url = `/api/v1/segments/${s.id}/subscribers?paginate=true&pageLength=${PAGE_LENGTH}&page=${n}&order_by=id:desc`;
      const body = ok(await client.get(url), url).data;
      if (body.total !== total || body.total_is_estimate) throw new Error(`${url}: total ${body.total}`);
    };
    out.push({ label: `${s.name}: page 1`, ms: await median(RUNS, page(1)) });
    out.push({ label: `${s.name}: page ${DEEP_PAGE}`, ms: await median(RUNS, page(DEEP_PAGE)) });
    out.push({ label: `${s.name}: last page (${lastPage})`, ms: await median(RUNS, page(lastPage)) });
    out.push({
      label: `${s.name}: count (${total.toLocaleString('en')})`,
      ms: await median(RUNS, async () => ok(await client.post(countUrl), 'count')),
    });
  }
  return out;
}

async function main() {
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL or DATABASE_URL to a PostgreSQL server (an admin database).');
  const config = { ...loadConfig({}), staticDir: '/nonexistent', seedDemo: true };
  const bench = await createBenchDatabase(adminUrl, config);
  const db = bench.handle.db;
  const { app } = await buildApp({
    config,
    db,
    secret: 'bench-secret-bench-secret-bench-secret-0123',
    triggers: { fireTrigger: async () => {} },
    endpointPolicy: {},
    logger: false,
  });
  try {
    const site = (url: string) =>
      db
        .selectFrom('domains')
        .select(['id', 'client_id', 'website_id'])
        .where('url', '=', url)
        .executeTakeFirstOrThrow();
    const shop = await site('https://shop.acme.test');
    const started = performance.now();
    await fillSubscribers(bench.url, shop, COUNT);
    await fillSubscribers(bench.url, await site('https://news.globex.test'), Math.round(COUNT / 10));
    const loadS = ((performance.now() - started) / 1000).toFixed(1);
    const version = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
    console.log(`PostgreSQL ${version.rows[0]?.v}, ${availableParallelism()} cores, Node ${process.versions.node}`);
    console.log(
      `${COUNT.toLocaleString('en')} subscribers of one website (90 % active) + ${(COUNT / 10).toLocaleString('en')} of another client's website, loaded in ${loadS} s; median of ${RUNS} runs after a warm-up`,
    );

    await app.ready();
    const client = new TestClient(app);
    await client.login(DEMO.client);
    const segments: { name: string; id: number }[] = [];
    for (const [name, query] of Object.entries(AUDIENCES)) {
      const res = ok(await client.post('/api/v1/segments', { name, domain_id: shop.id, query }), 'create');
      segments.push({ name, id: res.data.id });
    }

    const ours = await httpCases(client, segments);
    const deep: DeepPage[] = [];
    for (const [name, query] of Object.entries(AUDIENCES)) deep.push(await deepPage(db, shop, name, query, RUNS));
    // Baseline, same run, same requests: without the partial index (domain_id, id) where is_active = 1.
    await sql`drop index subscribers_domain_active`.execute(db);
    await sql`analyze subscribers`.execute(db);
    const baseline = await httpCases(client, segments);
    await sql`create index subscribers_domain_active on subscribers (domain_id, id) where is_active = 1`.execute(db);

    const title = `HTTP (app.inject, client@), GET /api/v1/segments/{id}/subscribers?paginate=true&pageLength=${PAGE_LENGTH}&order_by=id:desc and executeQueryField?count=true`;
    console.log(`\n${table(title, 'no index (baseline)', ours, baseline)}`);
    const slowest = worst(ours);
    console.log(
      `slowest request ${Math.round(slowest.ms)} ms (${slowest.label}); spec timeout ${TIMEOUT_MS} ms: ${slowest.ms < TIMEOUT_MS ? 'within' : 'EXCEEDED'}`,
    );
    const sqlTitle = 'SQL, the deepest page: Pushdeck (ids first, then rows) vs a plain OFFSET page';
    console.log(
      `\n${table(
        sqlTitle,
        'plain OFFSET',
        deep.map((d) => d.pushdeck),
        deep.map((d) => d.plain),
      )}`,
    );
    for (const d of deep)
      console.log(
        `  keyset read of the same rows (XLSX export batches): ${d.keyset.ms.toFixed(1)} ms — ${d.keyset.label}`,
      );
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP === '1') {
      await bench.handle.close();
      console.log(`kept ${bench.url}`);
    } else await bench.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
