// npm run bench:exports — a 1,000,000-row export: its time and the process's peak memory growth. See README.md.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROLE_PERMISSIONS, spreadsheetText } from '@pushdeck/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Actor } from '../../apps/server/src/lib/actor.ts';
import { SecretBox } from '../../apps/server/src/lib/crypto.ts';
import { LocalLiveBus } from '../../apps/server/src/lib/live-events.ts';
import { createExports } from '../../apps/server/src/modules/exports/create-exports.ts';
import { ExportsRepository } from '../../apps/server/src/modules/exports/exports.repository.ts';
import { createBenchDatabase } from '../subscribers/data.ts';

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const COUNT = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const MB = 1024 * 1024;

/** Samples the process's resident memory every 20 ms while `fn` runs: answers fn's time and the peak growth. */
async function measured(fn: () => Promise<void>): Promise<{ ms: number; peakMb: number }> {
  globalThis.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  await fn();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - base) / MB };
}

async function main() {
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const config = loadConfig({});
  const bench = await createBenchDatabase(adminUrl, config);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-bench-exports-'));
  try {
    const db = bench.handle.db;
    const user = await db
      .selectFrom('users')
      .innerJoin('clients', 'clients.id', 'users.client_id')
      .select(['users.id', 'users.name', 'users.email', 'users.client_id', 'clients.client_uid'])
      .where('users.email', '=', 'client@pushdeck.test')
      .executeTakeFirstOrThrow();
    const site = await db
      .selectFrom('domains')
      .select(['id', 'client_id'])
      .where('client_id', '=', user.client_id!)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    console.log(`filling ${COUNT.toLocaleString()} drips …`);
    await sql`
      insert into drips (domain_id, client_id, type, title, body, customization, meta, is_active)
      select ${site.id}, ${site.client_id}, 'recurring', '=Drip ' || g || ', "quoted"', 'b', '{}', '{}', (g % 2)
      from generate_series(1, ${COUNT}) g`.execute(db);
    await sql`analyze drips`.execute(db);

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
    const live = new LocalLiveBus();
    const exports = createExports({
      db,
      box: new SecretBox('bench-secret-bench-secret-bench-secret-0123'),
      dataDir,
      live,
    });
    const repo = new ExportsRepository(db);
    const query = { 'where[domain_id]': String(site.id), order_by: 'id:asc' };

    // Pushdeck: the export job (messages_list, the Drip Manager's download) writing page by page
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
    const ours = await measured(() => exports.run(row!.id));
    const done = await repo.byId(row!.id);
    if (done?.status !== 'ready' || done.rows_written !== COUNT)
      throw new Error(`export ended ${JSON.stringify(done)}`);
    const file = path.join(dataDir, 'exports', String(actor.clientId), 'messages_list_bench.csv');
    const size = (await stat(file)).size;

    // Baseline: what the console did before (every row in memory, then one CSV text), here with one query
    const baseline = await measured(async () => {
      const client = new pg.Client({ connectionString: bench.url });
      await client.connect();
      const res = await client.query(
        `select domain_id, id, title, created_at, type, is_active from drips where domain_id = $1 order by id`,
        [site.id],
      );
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
            .map((v) => (/[",\r\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v)))
            .join(','),
        )
        .join('\r\n');
      const out = createWriteStream(path.join(dataDir, 'baseline.csv'));
      await new Promise<void>((resolve, reject) => out.end(`\uFEFF${text}\r\n`, () => resolve()).on('error', reject));
      await client.end();
    });

    const fmt = (v: number) => v.toFixed(1);
    console.log(`\n${COUNT.toLocaleString()} rows, file ${fmt(size / MB)} MB`);
    console.log('case                                 time      peak RSS growth');
    console.log(`Pushdeck export job (pages of 1000)  ${fmt(ours.ms / 1000)} s    ${fmt(ours.peakMb)} MB`);
    console.log(`baseline (all rows in memory)        ${fmt(baseline.ms / 1000)} s    ${fmt(baseline.peakMb)} MB`);
    console.log(
      `ratios: time ${fmt(ours.ms / baseline.ms)}× the baseline's, memory ${fmt(ours.peakMb / Math.max(baseline.peakMb, 0.1))}×`,
    );
    if (ours.peakMb >= 100) throw new Error(`peak RSS growth ${fmt(ours.peakMb)} MB is not under 100 MB`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await bench.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
