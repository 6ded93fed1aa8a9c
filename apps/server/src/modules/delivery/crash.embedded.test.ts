import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalPushService } from '@pushdeck/push-service';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../../scripts/bundle.mjs';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, openPglite } from '../../db/connect.ts';
import { migrate } from '../../db/migrate.ts';
import type { DB } from '../../db/schema.ts';
import { seedRolesAndPermissions } from '../../db/seed.ts';
import { seedInitialData } from '../../demo/index.ts';
import { JobRunner } from '../../jobs/job-runner.ts';
import { SecretBox } from '../../lib/crypto.ts';
import { addDrip, addSchedule, websiteOf } from '../../test/delivery-fixtures.ts';
import { TEST_SECRET } from '../../test/harness.ts';
import { assertCoarseAgree } from '../../test/rollup-check.ts';
import { backfillDomainKeys } from '../domains/domain-keys.ts';
import { DELIVERY_FANOUT, DELIVERY_SEND } from './fanout.service.ts';

/**
 * The embedded database (`npm start`): ONE process holds the database, the worker and the in-process local push
 * service. It is killed with SIGKILL at several moments of a send (during the fan-out, while pushing, while recording
 * results), restarted each time on the same data directory, and must listen again within 15 s and finish the send:
 * every subscriber exactly once in the ledger, rollups equal to the ledger, no delivery job left over.
 */
const N = 1000; // two fan-out batches of 500
const LISTEN_WITHIN_MS = 15_000;
const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface LogLine {
  msg?: string;
  job?: string;
  done?: boolean;
}

/** One run of the product process; `lines` is everything it logged as JSON so far. */
class Run {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<number | null>;
  private readonly listeners = new Set<() => void>();
  private buffered = '';

  constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (d: Buffer) => {
      this.buffered += d.toString();
      const parts = this.buffered.split('\n');
      this.buffered = parts.pop()!;
      for (const p of parts) {
        try {
          this.lines.push(JSON.parse(p) as LogLine);
        } catch {
          // not a log line
        }
      }
      for (const l of this.listeners) l();
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Resolves on the first log line (seen or to come) that matches; rejects when the process exits first. */
  waitForLine(match: (l: LogLine) => boolean, what: string, timeoutMs = 60_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (!this.lines.some(match)) return;
        cleanup();
        resolve(Date.now() - started);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no "${what}" within ${timeoutMs} ms; last lines: ${JSON.stringify(this.lines.slice(-5))}`));
      }, timeoutMs);
      const exited = () => {
        cleanup();
        reject(new Error(`the process exited before "${what}"`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
        this.child.off('exit', exited);
      };
      this.listeners.add(check);
      this.child.once('exit', exited);
      check();
    });
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    this.child.kill(signal);
    await this.exited;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const openDelivery = (db: Kysely<DB>) =>
  sql<{ name: string; id: string; state: string }>`
  select name, id, state from pgboss.job
  where name in (${DELIVERY_FANOUT}, ${DELIVERY_SEND}) and state in ('created', 'retry', 'active')`.execute(db);

describe('the embedded database survives SIGKILL during a send', () => {
  let dir: string;
  let dripId: number;
  let domainId: number;
  let port: number;
  let pushPort: number;
  let run: Run | undefined;
  let bundleDir: string;
  let bundle: string;

  const start = (): { run: Run; spawnedAt: number } => {
    const child = spawn(process.execPath, [bundle], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUSHDECK_SECRET: TEST_SECRET,
        PUSHDECK_DEMO: '0',
        PUSHDECK_LOCAL_PUSH: '1',
        PUSHDECK_LOCAL_PUSH_PORT: String(pushPort),
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return { run: new Run(child), spawnedAt: Date.now() };
  };

  /** Opens the data directory in this process (the product process must be stopped). */
  const inspect = async <T>(fn: (db: Kysely<DB>, handle: DatabaseHandle) => Promise<T>): Promise<T> => {
    const handle: DatabaseHandle = await openPglite(path.join(dir, 'pglite'));
    try {
      return await fn(handle.db, handle);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pushdeck-crash-'));
    // the product as `npm start` runs it: the server bundle (built here, inside the repository so packages resolve)
    await mkdir(path.join(serverRoot, 'node_modules', '.cache'), { recursive: true });
    bundleDir = await mkdtemp(path.join(serverRoot, 'node_modules', '.cache', 'pushdeck-crash-'));
    bundle = path.join(bundleDir, 'main.js');
    await bundleServer(bundle);
    port = await freePort();
    pushPort = await freePort();
    // The product's data directory as `npm start` leaves it, plus N subscribers of the in-process local push service
    // (created here on the same state directory and port) and a recurring drip that is due at once.
    const push = await LocalPushService.start({
      port: pushPort,
      stateDir: path.join(dir, 'push-service'),
      retainPayloads: false,
      log: () => {},
    });
    try {
      await inspect(async (db, handle) => {
        await migrate(handle);
        await seedRolesAndPermissions(db);
        await seedInitialData(db, loadConfig({ PUSHDECK_DEMO: '1' }));
        await backfillDomainKeys(db, new SecretBox(TEST_SECRET));
        // pg-boss installs its schema on the first start, as the first `npm start` did
        const jobs = new JobRunner(handle, pino({ level: 'silent' }));
        await jobs.start({ work: false });
        await jobs.stop();
        const site = await websiteOf(db, 'https://shop.acme.test');
        domainId = site.id;
        for (let i = 0; i < N; i += 400) {
          const batch = Array.from({ length: Math.min(400, N - i) }, () =>
            push.createSubscription({ applicationServerKey: site.vapid_public_key! }),
          );
          await db
            .insertInto('subscribers')
            .values(
              batch.map((s) => ({
                domain_id: site.id,
                client_id: site.client_id,
                endpoint: s.endpoint,
                p256dh: s.keys.p256dh,
                auth: s.keys.auth,
              })),
            )
            .execute();
        }
        const drip = await addDrip(db, site, { type: 'recurring', title: 'Survives a kill' });
        dripId = drip.id;
        const schedule = await addSchedule(db, site, {
          type: 'recurring',
          drip_id: drip.id,
          frequency: 'daily',
          time: '09:00',
        });
        await db
          .updateTable('schedules')
          .set({ next_disp_date: new Date(Date.now() - 1000) })
          .where('id', '=', schedule.id)
          .execute();
      });
    } finally {
      await push.close();
    }
  }, 600_000);

  afterAll(async () => {
    if (run) await run.kill('SIGKILL');
    if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
    if (!process.env.KEEP_CRASH_DIR) await rm(dir, { recursive: true, force: true });
    else console.info('kept', dir);
  });

  it('restarts listening within 15 s after each kill and sends every subscriber exactly once', {
    timeout: 900_000,
  }, async () => {
    const running = (l: LogLine) => l.msg?.startsWith('Pushdeck is running') === true;
    const moments: { name: string; at: (l: LogLine) => boolean }[] = [
      { name: 'during the fan-out', at: (l) => l.msg === 'fan-out batch queued' && l.done === false },
      { name: 'while pushing', at: (l) => l.msg === 'send batch: pushing' },
      { name: 'while recording results', at: (l) => l.msg === 'send batch: recording results' },
      { name: 'while recording results again', at: (l) => l.msg === 'send batch: recording results' },
    ];
    const listenTimes: number[] = [];
    for (const moment of moments) {
      const started = start();
      run = started.run;
      await run.waitForLine(running, 'Pushdeck is running', 4 * LISTEN_WITHIN_MS);
      listenTimes.push(Date.now() - started.spawnedAt);
      await run.waitForLine(moment.at, moment.name, 180_000);
      console.info('killing', moment.name);
      await run.kill('SIGKILL');
      run = undefined;
    }

    // Last run: wait until every delivery job left open by the kills, and every one queued since, has finished.
    for (let round = 0; round < 3; round++) {
      const open = await inspect(async (db) => (await openDelivery(db)).rows.map((r) => r.id));
      const sent = await inspect(async (db) =>
        Number(
          (
            await db
              .selectFrom('send_ledger')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('drip_id', '=', dripId)
              .where('status', '=', 'sent')
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
      if (open.length === 0 && sent === N) break;
      const started = start();
      run = started.run;
      await run.waitForLine(running, 'Pushdeck is running', 4 * LISTEN_WITHIN_MS);
      listenTimes.push(Date.now() - started.spawnedAt);
      const r = run;
      const finished = (id: string) =>
        r.waitForLine((l) => l.msg === 'job done' && l.job === id, `job ${id} done`, 300_000);
      await Promise.all(open.map(finished));
      // jobs queued by a resumed fan-out in this run
      const queued = () => r.lines.filter((l) => l.msg === 'fan-out batch queued' && l.job).map((l) => l.job!);
      await Promise.all(queued().map(finished));
      await r.kill('SIGTERM');
      run = undefined;
    }
    expect(Math.max(...listenTimes)).toBeLessThan(LISTEN_WITHIN_MS);

    await inspect(async (db) => {
      const ledger = await db
        .selectFrom('send_ledger')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('drip_id', '=', dripId)
        .groupBy('status')
        .execute();
      expect(ledger.map((l) => [l.status, Number(l.n)])).toEqual([['sent', N]]);
      const occurrences = await db.selectFrom('occurrences').select(['status']).where('drip_id', '=', dripId).execute();
      expect(occurrences).toEqual([{ status: 'done' }]);
      const subscribers = await db
        .selectFrom('send_ledger')
        .select((eb) => eb.fn.count<number>('subscriber_id').distinct().as('n'))
        .where('drip_id', '=', dripId)
        .executeTakeFirstOrThrow();
      expect(Number(subscribers.n)).toBe(N);
      // the rollups equal the ledger, and the coarse tables equal the fine one
      const counted = await db
        .selectFrom('stats_hourly')
        .select((eb) => [
          eb.fn.sum<number>('sent').as('sent'),
          eb.fn.sum<number>('delivered').as('delivered'),
          eb.fn.sum<number>('clicked').as('clicked'),
        ])
        .where('drip_id', '=', dripId)
        .executeTakeFirstOrThrow();
      const marks = await db
        .selectFrom('send_ledger')
        .select((eb) => [
          eb.fn.count<number>('delivered_at').as('delivered'),
          eb.fn.count<number>('clicked_at').as('clicked'),
        ])
        .where('drip_id', '=', dripId)
        .executeTakeFirstOrThrow();
      expect(Number(counted.sent)).toBe(N);
      expect(Number(counted.delivered)).toBe(Number(marks.delivered));
      expect(Number(counted.clicked)).toBe(Number(marks.clicked));
      await assertCoarseAgree(db);
      const drip = await db.selectFrom('drips').select('delivered').where('id', '=', dripId).executeTakeFirstOrThrow();
      expect(Number(drip.delivered)).toBe(Number(marks.delivered));
      expect((await openDelivery(db)).rows).toEqual([]);
      expect(domainId).toBeGreaterThan(0);
    });
    console.info(
      `crash test (embedded): ${moments.length} SIGKILLs, ${listenTimes.length} restarts, listening after ${listenTimes
        .map((t) => `${(t / 1000).toFixed(1)} s`)
        .join(', ')}`,
    );
  });
});
