import { type JobName, type JobPayload, jobPayloadSchemas } from '@pushdeck/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type ConstructorOptions, fromKysely, type Job, PgBoss, type QueueOptions, type WorkOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/connect.ts';
import type { DB } from '../db/schema.ts';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface JobDefinition<T extends object> {
  name: JobName;
  /** Runs once per job; throw to fail (pg-boss retries per the queue's policy). */
  handle(data: T, job: Job<T>): Promise<void>;
  work?: WorkOptions;
  /** A cron expression when the job runs on a schedule. */
  cron?: string;
  retryLimit?: number;
  /** Queue policy on top of the defaults (retries with backoff), e.g. heartbeats for long jobs. */
  queue?: QueueOptions;
}

/**
 * pg-boss on the same database as the data, embedded or server. `send` can join the caller's transaction
 * (`{trx}`) so a job and the rows that caused it commit together; on the embedded database this is also the
 * only safe way to enqueue from inside a transaction, because PGlite has a single connection.
 */
export class JobRunner {
  readonly boss: PgBoss;
  /** The embedded database: only this process runs jobs on it. */
  private readonly singleProcess: boolean;
  private readonly db: Kysely<DB>;
  private readonly definitions = new Map<string, JobDefinition<object>>();

  constructor(
    handle: DatabaseHandle,
    private readonly log: Logger,
  ) {
    // supervision every 10 s: a job whose worker died (no heartbeat) is retried within seconds, not minutes
    const base: ConstructorOptions = { schema: 'pgboss', monitorIntervalSeconds: 60, superviseIntervalSeconds: 10 };
    this.boss = new PgBoss({ ...base, ...handle.boss } as ConstructorOptions);
    this.singleProcess = handle.kind === 'pglite';
    this.db = handle.db;
    this.boss.on('error', (err: Error) => this.log.error({ err }, 'job queue error'));
  }

  define<T extends object>(def: JobDefinition<T>): void {
    this.definitions.set(def.name, def as unknown as JobDefinition<object>);
  }

  /**
   * Creates every queue; with `work` also starts consuming them (see `work`).
   * Every queue is created and cached before any worker starts: a job left over from before a restart runs as soon as
   * its queue is consumed, and if it enqueues into a queue pg-boss has not cached yet, pg-boss looks that queue up on
   * its own connection, which on PGlite (one connection, held by the job's transaction) waits forever.
   */
  async start(options: { work: boolean }): Promise<void> {
    await this.boss.start();
    for (const def of this.definitions.values()) {
      const policy: QueueOptions = {
        retryLimit: def.retryLimit ?? 3,
        retryBackoff: true,
        retryDelayMax: 60,
        ...def.queue,
      };
      // pg-boss takes a maximum delay only with backoff (a queue without backoff retries after retryDelay)
      if (!policy.retryBackoff) delete policy.retryDelayMax;
      await this.boss.createQueue(def.name, policy);
      await this.boss.updateQueue(def.name, policy);
    }
    // updateQueue drops the queue from pg-boss's queue cache; a lookup through the cache puts it back before any send.
    for (const def of this.definitions.values()) await this.boss.getJobById(def.name, NIL_UUID);
    for (const def of this.definitions.values()) {
      if (def.cron) await this.boss.schedule(def.name, def.cron, {});
    }
    if (options.work) await this.work();
  }

  /**
   * Starts consuming every queue (a worker process), after `start`. The product calls it once the HTTP server
   * listens, so that work left over from before a restart cannot hold back start-up on the embedded database.
   */
  async work(): Promise<void> {
    if (this.singleProcess) await this.retryOrphans();
    for (const def of this.definitions.values()) {
      await this.boss.work<object>(def.name, { pollingIntervalSeconds: 1, ...def.work }, async (jobs) => {
        for (const job of jobs) {
          await def.handle(job.data, job);
          this.log.debug({ queue: def.name, job: job.id }, 'job done');
        }
      });
    }
  }

  /**
   * The embedded database belongs to this one process: a job still marked active at start was running when the
   * process died (a crash or a kill). It is failed at once, so pg-boss retries it now (the handlers are resumable)
   * instead of after its heartbeat expires.
   */
  private async retryOrphans(): Promise<void> {
    const names = [...this.definitions.keys()];
    const rows = await sql<{ name: string; id: string }>`
      select name, id from pgboss.job where state = 'active' and name in (${sql.join(names)})`.execute(this.db);
    for (const name of names) {
      const ids = rows.rows.filter((r) => r.name === name).map((r) => r.id);
      if (ids.length === 0) continue;
      await this.boss.fail(name, ids, { message: 'the process stopped while running this job' });
      this.log.warn({ queue: name, jobs: ids.length }, 'jobs interrupted by the last stop are retried');
    }
  }

  /** Enqueues a declared job (contracts' JOBS) with its payload, checked against the payload's schema. */
  async send<N extends JobName>(
    name: N,
    data: JobPayload<N>,
    opts: { trx?: Transaction<DB> | Kysely<DB>; startAfter?: Date; singletonKey?: string } = {},
  ) {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    // every declared job's payload is checked (test-only queues have no schema)
    (jobPayloadSchemas as Partial<Record<string, { parse(d: unknown): unknown }>>)[name]?.parse(data);
    return this.boss.send(name, data, {
      ...(opts.trx ? { db: fromKysely(opts.trx) } : {}),
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    });
  }

  /** Graceful: waits for running handlers to finish (SIGTERM). */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 20_000 });
  }
}
