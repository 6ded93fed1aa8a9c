import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalPushService } from '@pushdeck/push-service';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { migrate } from '../../db/migrate.ts';
import { seedRolesAndPermissions } from '../../db/seed.ts';
import { seedInitialData } from '../../demo/index.ts';
import { JobRunner } from '../../jobs/job-runner.ts';
import { SecretBox } from '../../lib/crypto.ts';
import { MessageTokens } from '../../lib/message-token.ts';
import { testBackends } from '../../test/backends.ts';
import { addDrip, rollup, waitFor, websiteOf } from '../../test/delivery-fixtures.ts';
import { TEST_SECRET } from '../../test/harness.ts';
import { backfillDomainKeys } from '../domains/domain-keys.ts';
import { createDelivery } from './delivery.ts';
import { DELIVERY_FANOUT, DELIVERY_SEND } from './fanout.service.ts';

const N = 3000;
const KILLS = 3;
const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs only on a PostgreSQL server (several processes share the database); CI sets TEST_DATABASE_URL. */
describe('workers killed mid-batch (PostgreSQL)', () => {
  const backend = testBackends().find((b) => b.name === 'postgres')!;
  let opened: Awaited<ReturnType<typeof backend.open>>;
  let push: LocalPushService;
  let dir: string;
  const workers: ChildProcess[] = [];
  const received = new Map<string, { count: number; topics: Set<string> }>();

  const startWorker = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/worker-process.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        WORKER_DATABASE_URL: opened.connectionString!,
        WORKER_SECRET: TEST_SECRET,
        WORKER_CA_FILE: path.join(dir, 'ca.pem'),
        WORKER_PUSH_ORIGIN: push.origin,
        WORKER_CONCURRENCY: '4',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
    });
    return child;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pushdeck-fault-'));
    opened = await backend.open();
    push = await LocalPushService.start({
      port: 0,
      retainPayloads: false,
      maxStored: 10,
      log: () => {},
      onMessage: (m) => {
        const r = received.get(m.subscriptionId) ?? { count: 0, topics: new Set<string>() };
        r.count += 1;
        if (m.topic) r.topics.add(m.topic);
        received.set(m.subscriptionId, r);
      },
    });
    await writeFile(path.join(dir, 'ca.pem'), push.ca!);
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await push?.close();
    await opened?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends every subscriber the message exactly once and leaves no job stuck', { timeout: 240_000 }, async () => {
    const { db } = opened.handle;
    await migrate(opened.handle);
    await seedRolesAndPermissions(db);
    const config = loadConfig({});
    await seedInitialData(db, config);
    const box = new SecretBox(TEST_SECRET);
    await backfillDomainKeys(db, box);
    const site = await websiteOf(db, 'https://shop.acme.test');
    const subscriptions = Array.from({ length: N }, () =>
      push.createSubscription({ applicationServerKey: site.vapid_public_key! }),
    );
    for (let i = 0; i < N; i += 500) {
      await db
        .insertInto('subscribers')
        .values(
          subscriptions.slice(i, i + 500).map((s) => ({
            domain_id: site.id,
            client_id: site.client_id,
            endpoint: s.endpoint,
            p256dh: s.keys.p256dh,
            auth: s.keys.auth,
          })),
        )
        .execute();
    }
    const drip = await addDrip(db, site, { type: 'instant', title: 'Exactly once' });
    const log = pino({ level: 'silent' });
    const jobs = new JobRunner(opened.handle, log);
    const delivery = createDelivery({ db, jobs, config, box, tokens: new MessageTokens(TEST_SECRET), log });
    await jobs.start({ work: false });
    workers.push(await startWorker(), await startWorker());
    const occurrence = await delivery.scheduler.sendNow(drip.id);

    const sentCount = async () =>
      Number(
        (
          await db
            .selectFrom('send_ledger')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('occurrence_id', '=', occurrence)
            .where('status', '=', 'sent')
            .executeTakeFirstOrThrow()
        ).n,
      );
    let kills = 0;
    for (let k = 1; k <= KILLS; k++) {
      await waitFor(async () => (await sentCount()) >= (k * N) / (KILLS + 2), 120_000);
      const victim = workers.shift()!;
      victim.kill('SIGKILL');
      kills += 1;
      workers.push(await startWorker());
    }
    expect(kills).toBe(KILLS);

    await waitFor(async () => (await sentCount()) === N, 180_000);
    const ledger = await db
      .selectFrom('send_ledger')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('occurrence_id', '=', occurrence)
      .groupBy('status')
      .execute();
    expect(ledger.map((l) => [l.status, Number(l.n)])).toEqual([['sent', N]]);
    // every subscription got the message; any resend after a kill carried the same Topic, so it replaced, never doubled
    expect(received.size).toBe(N);
    for (const [, r] of received) expect(r.topics.size).toBe(1);
    expect((await rollup(db, site.id)).sent).toBe(N);
    expect(push.stats()).toMatchObject({ decryptFailures: 0, vapidFailures: 0 });
    await waitFor(async () => {
      const open = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job
        where name in (${DELIVERY_FANOUT}, ${DELIVERY_SEND}) and state in ('created', 'retry', 'active')`.execute(db);
      return open.rows[0]!.n === 0;
    }, 60_000);
    const resent = [...received.values()].filter((r) => r.count > 1).length;
    console.info(`fault test: ${N} subscribers, ${KILLS} SIGKILLs, ${resent} messages resent with the same topic`);
    await jobs.stop();
    await delivery.close();
  });
});
