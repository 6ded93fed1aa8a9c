import type { JobName } from '@pushdeck/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { SystemRepository } from '../modules/system/system.repository.ts';
import { testBackends } from '../test/backends.ts';
import { JobRunner } from './job-runner.ts';
import { SYSTEM_PING, systemPingJob } from './system-ping.job.ts';

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe.each(testBackends())('the job runner on $name', (backend) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let jobs: JobRunner;
  beforeAll(async () => {
    ({ handle, drop } = await backend.open());
    await migrate(handle);
    jobs = new JobRunner(handle, pino({ level: 'silent' }));
    jobs.define(systemPingJob(new SystemRepository(handle.db)));
    await jobs.start({ work: true });
  });
  afterAll(async () => {
    await jobs?.stop();
    await drop?.();
  });

  it('runs a job sent to the queue', async () => {
    await jobs.send(SYSTEM_PING, { token: 'plain' });
    const row = await waitFor(() =>
      handle.db.selectFrom('job_pings').selectAll().where('token', '=', 'plain').executeTakeFirst(),
    );
    expect(row.token).toBe('plain');
  });

  it('enqueues inside a transaction: the job exists only if the transaction commits', async () => {
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await jobs.send(SYSTEM_PING, { token: 'rolled-back' }, { trx });
        throw new Error('abort');
      })
      .catch(() => {});
    await handle.db.transaction().execute(async (trx) => {
      await jobs.send(SYSTEM_PING, { token: 'committed' }, { trx });
    });
    await waitFor(() =>
      handle.db.selectFrom('job_pings').select('id').where('token', '=', 'committed').executeTakeFirst(),
    );
    const lost = await handle.db.selectFrom('job_pings').select('id').where('token', '=', 'rolled-back').execute();
    expect(lost).toHaveLength(0);
  });

  it('refuses an unknown job name', async () => {
    await expect(jobs.send('no.such.job' as JobName, {} as never)).rejects.toThrow(/Unknown job/);
  });
});

describe.each(testBackends())('a job runner that only enqueues on $name', (backend) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let jobs: JobRunner;
  beforeAll(async () => {
    ({ handle, drop } = await backend.open());
    await migrate(handle);
    jobs = new JobRunner(handle, pino({ level: 'silent' }));
    jobs.define(systemPingJob(new SystemRepository(handle.db)));
    await jobs.start({ work: false });
  });
  afterAll(async () => {
    await jobs?.stop();
    await drop?.();
  });

  it('refuses a payload that does not match its declaration in contracts', async () => {
    await expect(jobs.send(SYSTEM_PING, { token: 42 } as never)).rejects.toThrow(/token/);
    // nothing was queued: the next fetch finds no job
    expect(await jobs.boss.fetch(SYSTEM_PING)).toEqual([]);
  });

  it('enqueues inside a transaction without waiting for a connection of its own', async () => {
    // an API-only process: nothing consumes the queue, so the job stays queued for a worker elsewhere
    const id = await handle.db.transaction().execute((trx) => jobs.send(SYSTEM_PING, { token: 'queued' }, { trx }));
    expect(id).toBeTruthy();
    const job = await jobs.boss.getJobById(SYSTEM_PING, id!);
    expect(job).toMatchObject({ state: 'created', data: { token: 'queued' } });
  }, 15_000);
});

describe.each(testBackends())('a restart with work left over on $name', (backend) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    ({ handle, drop } = await backend.open());
    await migrate(handle);
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await drop?.();
  });

  /** A job that, in its own transaction, enqueues the ping job of a queue defined after its own. */
  const TEST_RELAY = 'test.relay' as JobName; // a test-only queue, not one of the product's JOBS
  const runner = () => {
    const jobs = new JobRunner(handle, pino({ level: 'silent' }));
    jobs.define<{ token: string }>({
      name: TEST_RELAY,
      async handle({ token }) {
        await handle.db.transaction().execute((trx) => jobs.send(SYSTEM_PING, { token }, { trx }));
      },
    });
    jobs.define(systemPingJob(new SystemRepository(handle.db)));
    runners.push(jobs);
    return jobs;
  };

  it('runs a left-over job that enqueues into a later queue (no queue lookup inside its transaction)', async () => {
    const before = runner();
    await before.start({ work: false });
    for (let i = 0; i < 5; i++) await before.send(TEST_RELAY, { token: `relayed-${i}` } as never);
    await before.stop();
    // the next start consumes at once what the last one left: every relayed ping arrives
    await runner().start({ work: true });
    const rows = await waitFor(async () => {
      const r = await handle.db.selectFrom('job_pings').select('token').where('token', 'like', 'relayed-%').execute();
      return r.length === 5 ? r : undefined;
    });
    expect(rows.map((r) => r.token).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `relayed-${i}`));
  }, 30_000);
});
