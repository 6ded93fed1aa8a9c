// npm run bench:exports — a 1,000,000-row export: its time and peak memory growth. See docs/performance.md.
// The parent makes the database; the export job and the baseline each run in a child process of their own
// (BENCH_PART), so neither's garbage counts against the other. The job runs as the product runs it on PostgreSQL: in
// a worker thread with a capped heap (BENCH_JOB_HEAP_MB, default 64 as PUSHDECK_EXPORT_HEAP_MB; 0 runs it in the
// child's own thread, uncapped). The child's RSS counts the thread's memory. The baseline (every row in memory, as
// the console did) has no cap.
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROLE_PERMISSIONS, spreadsheetText } from '@pushdeck/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/connect.ts';
import type { Actor } from '../../apps/server/src/lib/actor.ts';
import { SecretBox } from '../../apps/server/src/lib/crypto.ts';
import { LocalLiveBus } from '../../apps/server/src/lib/live-events.ts';
import { runExportInThread } from '../../apps/server/src/modules/exports/export-threads.ts';
import { ExportsRepository } from '../../apps/server/src/modules/exports/exports.repository.ts';
import { createExports } from '../../apps/server/src/worker-services.ts';
import { createBenchDatabase } from '../subscribers/data.ts';

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const COUNT = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const JOB_HEAP_MB = Number(process.env.BENCH_JOB_HEAP_MB ?? 64);
const MB = 1024 * 1024;
const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

interface Measured {
  ms: number;
  peakMb: number;
  heapMb: number;
  rows?: number;
  size?: number;
}

/** Samples resident memory and heap every 20 ms while `fn` runs: answers fn's time and the peak growths. */
async function measured(fn: () => Promise<void>): Promise<Measured> {
  globalThis.gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  const started = performance.now();
  await fn();
  const ms = performance.now() - started;
  clearInterval(timer);
  rss = Math.max(rss, process.memoryUsage().rss);
  return { ms, peakMb: (rss - start.rss) / MB, heapMb: (heap - start.heapUsed) / MB };
}

function child(part: 'job' | 'baseline', env: Record<string, string>, heapMb?: number): Measured {
  const flags = ['--expose-gc', ...(heapMb ? [`--max-old-space-size=${heapMb}`] : []), '--import', 'tsx'];
  const out = execFileSync(process.execPath, [...flags, import.meta.filename], {
    env: { ...process.env, ...env, BENCH_PART: part },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Measured;
}

/** One part in this (child) process: prints what it measured as the last line, in JSON. */
async function part(which: string): Promise<void> {
  const url = process.env.BENCH_URL!;
  const site = Number(process.env.BENCH_SITE);
  const dataDir = process.env.BENCH_DATA_DIR!;
  const query = { 'where[domain_id]': String(site), order_by: 'id:asc' };
  if (which === 'baseline') {
    const result = await measured(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const res = await client.query(
        'select domain_id, id, title, created_at, type, is_active from drips where domain_id = $1 order by id',
        [site],
      );
      const cell = (v: unknown) => (/[",\r\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v));
      const text = res.rows
        .map((r) =>
          [
            r.domain_id,
            r.id,
            spreadsheetText(r.title),
            r.created_at.toISOString(),
            'Recurring',
            r.is_active ? 'Active' : 'Inactive',
          ]
            .map(cell)
            .join(','),
        )
        .join('\r\n');
      const out = createWriteStream(path.join(dataDir, 'baseline.csv'));
      await new Promise<void>((resolve) => out.end(`\uFEFF${text}\r\n`, () => resolve()));
      await client.end();
    });
    console.log(JSON.stringify(result));
    return;
  }
  const handle = await openPostgres(url);
  try {
    const db = handle.db;
    const user = await db
      .selectFrom('users')
      .innerJoin('clients', 'clients.id', 'users.client_id')
      .select(['users.id', 'users.name', 'users.email', 'users.client_id', 'clients.client_uid'])
      .where('users.email', '=', 'client@pushdeck.test')
      .executeTakeFirstOrThrow();
    const actor: Actor = {
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        clientId: user.client_id,
        clientUid: user.client_uid,
        roles: [{ name: 'client', permissions: [...ROLE_PERMISSIONS.client] }],
        direct: [],
        permissions: new Set(ROLE_PERMISSIONS.client),
        isStaff: false,
      },
      clientId: user.client_id,
      impersonatorId: null,
    };
    const box = new SecretBox(BENCH_SECRET);
    const exports = createExports({ db, box, dataDir, live: new LocalLiveBus() });
    const repo = new ExportsRepository(db);
    // the file row as POST generateUnitFile?type=messages_list (the Drip Manager's download) stores it
    const row = await repo.create(
      {
        basename: 'messages_list_bench.csv',
        clientId: actor.clientId,
        userId: actor.user.id,
        kind: 'messages_list',
        params: { type: 'recurring', query },
        actor: { ...actor, user: { ...actor.user, permissions: [...actor.user.permissions] } },
        rowsTotal: COUNT,
      },
      async () => {},
    );
    const inThread = () =>
      runExportInThread(
        { databaseUrl: url, secret: BENCH_SECRET, dataDir, fileId: row!.id },
        {
          script: new URL('../../apps/server/src/modules/exports/export-thread.ts', import.meta.url),
          heapMb: JOB_HEAP_MB,
        },
      );
    const result = await measured(() => (JOB_HEAP_MB > 0 ? inThread() : exports.run(row!.id)));
    const done = await repo.byId(row!.id);
    if (done?.status !== 'ready') throw new Error(`the export ended ${done?.status}: ${done?.error}`);
    const size = (await stat(path.join(dataDir, 'exports', String(actor.clientId), done.basename))).size;
    console.log(JSON.stringify({ ...result, rows: done.rows_written, size }));
  } finally {
    await handle.close();
  }
}

async function main() {
  if (process.env.BENCH_PART) return part(process.env.BENCH_PART);
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const bench = await createBenchDatabase(adminUrl, loadConfig({}));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-bench-exports-'));
  try {
    const db = bench.handle.db;
    const site = await db
      .selectFrom('domains')
      .innerJoin('users', 'users.client_id', 'domains.client_id')
      .select(['domains.id', 'domains.client_id'])
      .where('users.email', '=', 'client@pushdeck.test')
      .orderBy('domains.id')
      .executeTakeFirstOrThrow();
    console.log(`filling ${COUNT.toLocaleString()} drips …`);
    // titles a spreadsheet would run as formulas, with commas and quotes: every row is escaped
    await sql`
      insert into drips (domain_id, client_id, type, title, body, customization, meta, is_active)
      select ${site.id}, ${site.client_id}, 'recurring', '=Drip ' || g || ', "quoted"', 'b', '{}', '{}', (g % 2)
      from generate_series(1, ${COUNT}) g`.execute(db);
    await sql`analyze drips`.execute(db);
    const env = { BENCH_URL: bench.url, BENCH_SITE: String(site.id), BENCH_DATA_DIR: dataDir };

    const ours = child('job', env);
    if (ours.rows !== COUNT) throw new Error(`the export wrote ${ours.rows} rows, not ${COUNT}`);
    const baseline = child('baseline', env);

    const f = (v: number) => v.toFixed(1);
    console.log(`\n${COUNT.toLocaleString()} rows, file ${f((ours.size ?? 0) / MB)} MB`);
    console.log('case                                             time     peak RSS growth  peak heap growth');
    console.log(
      `export job (${JOB_HEAP_MB > 0 ? `thread, ${JOB_HEAP_MB} MB heap cap` : 'in-process, no cap'})${' '.repeat(JOB_HEAP_MB > 0 ? 11 : 14)}${f(ours.ms / 1000)} s   ${f(ours.peakMb)} MB          ${f(ours.heapMb)} MB`,
    );
    console.log(
      `baseline (every row in memory, no cap)           ${f(baseline.ms / 1000)} s   ${f(baseline.peakMb)} MB         ${f(baseline.heapMb)} MB`,
    );
    console.log(
      `ratios (job ÷ baseline): time ${f(ours.ms / baseline.ms)}×, peak RSS growth ${(ours.peakMb / baseline.peakMb).toFixed(3)}×`,
    );
    if (ours.peakMb >= 100) throw new Error(`peak RSS growth ${f(ours.peakMb)} MB is not under 100 MB`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
