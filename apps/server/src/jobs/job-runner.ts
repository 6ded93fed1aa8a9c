import type { Kysely, Transaction } from 'kysely';
import { type ConstructorOptions, fromKysely, type Job, PgBoss, type QueueOptions, type WorkOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/connect.ts';
import type { DB } from '../db/schema.ts';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface JobDefinition<T extends object> {
  name: string;
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
  private readonly definitions = new Map<string, JobDefinition<object>>();

  constructor(
    handle: DatabaseHandle,
    private readonly log: Logger,
  ) {
    // supervision every 10 s: a job whose worker died (no heartbeat) is retried within seconds, not minutes
    const base: ConstructorOptions = { schema: 'pgboss', monitorIntervalSeconds: 60, superviseIntervalSeconds: 10 };
    this.boss = new PgBoss({ ...base, ...handle.boss } as ConstructorOptions);
    this.boss.on('error', (err: Error) => this.log.error({ err }, 'job queue error'));
  }

  define<T extends object>(def: JobDefinition<T>): void {
    this.definitions.set(def.name, def as unknown as JobDefinition<object>);
  }

  /** Creates the queues; with `work` also starts consuming them (a worker process). */
  async start(options: { work: boolean }): Promise<void> {
    await this.boss.start();
    for (const def of this.definitions.values()) {
      const policy: QueueOptions = {
        retryLimit: def.retryLimit ?? 3,
        retryBackoff: true,
        retryDelayMax: 60,
        ...def.queue,
      };
      await this.boss.createQueue(def.name, policy);
      await this.boss.updateQueue(def.name, policy);
      // updateQueue drops the queue from pg-boss's queue cache, and a send that misses the cache looks the queue up
      // on pg-boss's own connection: inside a transaction on PGlite (one connection) that waits forever. A lookup
      // through the cache now puts it back before any send.
      await this.boss.getJobById(def.name, NIL_UUID);
      if (def.cron) await this.boss.schedule(def.name, def.cron, {});
      if (options.work) {
        await this.boss.work<object>(def.name, { pollingIntervalSeconds: 1, ...def.work }, async (jobs) => {
          for (const job of jobs) await def.handle(job.data, job);
        });
      }
    }
  }

  async send<T extends object>(
    name: string,
    data: T,
    opts: { trx?: Transaction<DB> | Kysely<DB>; startAfter?: Date; singletonKey?: string } = {},
  ) {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
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
