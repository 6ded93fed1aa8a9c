import { audienceQuerySchema, JOBS } from '@pushdeck/contracts';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { compileAudience } from '../segments/query/compile-audience.ts';
import { type DebugLog, SILENT } from './debug-log.ts';
import { LedgerRepository } from './ledger.repository.ts';
import { OccurrencesRepository } from './occurrences.repository.ts';

export const FANOUT_BATCH = 500;
export const DELIVERY_SEND = JOBS.deliverySend;
export const DELIVERY_FANOUT = JOBS.deliveryFanout;

/** A stored audience query as a condition on `subscribers`; one that no longer validates matches nobody rather than everybody. */
export function storedAudience(query: unknown): Expression<SqlBool> {
  const parsed = audienceQuerySchema.safeParse(query);
  return parsed.success ? compileAudience(parsed.data, { table: 'subscribers' }) : sql<boolean>`false`;
}

/** The schedule's audiences OR-ed together; no audience means every active subscriber of the website. */
export async function audienceOf(db: Kysely<DB>, scheduleId: number | null): Promise<Expression<SqlBool>> {
  if (scheduleId === null) return sql<boolean>`true`;
  const queries = await new OccurrencesRepository(db).audienceQueries(scheduleId);
  if (queries.length === 0) return sql<boolean>`true`;
  return sql<boolean>`(${sql.join(queries.map(storedAudience), sql` or `)})`;
}

/**
 * Whom an `api` occurrence (a send of the server API) fans out to: the subscribers listed on its send (resolved when
 * it was posted), its segment as it reads at send time (a segment deleted since matches nobody), or every active
 * subscriber of the website.
 */
export async function apiSendAudience(db: Kysely<DB>, occurrenceId: number): Promise<Expression<SqlBool>> {
  const repo = new OccurrencesRepository(db);
  const send = await repo.apiSendTarget(occurrenceId);
  if (!send) return sql<boolean>`false`;
  if (send.target === 'subscribers') return repo.apiListedSubscribers(occurrenceId);
  if (send.target === 'segment')
    return send.segment_query === null ? sql<boolean>`false` : storedAudience(send.segment_query);
  return sql<boolean>`true`;
}

/**
 * Walks an occurrence's audience in keyset order (subscriber id), FANOUT_BATCH at a time. Each batch, in one
 * transaction: ledger rows (unique per occurrence and subscriber), the send job, and the cursor. A retried or
 * interrupted fan-out resumes at the cursor and can neither skip a subscriber nor queue one twice.
 */
export class FanoutService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: JobRunner,
    private readonly log: DebugLog = SILENT,
  ) {}

  async fanOut(
    occurrenceId: number,
    maxBatches = Number.POSITIVE_INFINITY,
  ): Promise<{ done: boolean; queued: number }> {
    let queued = 0;
    for (let i = 0; i < maxBatches; i++) {
      const step = await this.db.transaction().execute((trx) => this.nextBatch(trx, occurrenceId));
      queued += step.n;
      this.log.debug({ occurrenceId, queued: step.n, job: step.job, done: step.done }, 'fan-out batch queued');
      if (step.done) return { done: true, queued };
    }
    return { done: false, queued };
  }

  /** One batch in one transaction: the next subscribers after the cursor, their ledger rows, the send job, the cursor. */
  private async nextBatch(
    trx: Transaction<DB>,
    occurrenceId: number,
  ): Promise<{ done: boolean; n: number; job: string | null }> {
    const occurrences = new OccurrencesRepository(trx);
    const occ = await occurrences.occurrence(occurrenceId);
    if (!occ || occ.status === 'done' || occ.status === 'cancelled') return { done: true, n: 0, job: null };
    if (!(await occurrences.stillActive(occ))) {
      await occurrences.cancel(occ.id);
      return { done: true, n: 0, job: null };
    }
    const ledger = new LedgerRepository(trx);
    const audience =
      occ.subscriber_id !== null
        ? sql<boolean>`true`
        : occ.type === 'api'
          ? await apiSendAudience(trx, occ.id)
          : await audienceOf(trx, occ.schedule_id);
    const ids = await ledger.audienceBatch(occ, audience, FANOUT_BATCH);
    const ledgerIds = await ledger.queue(occ, ids);
    const job = ledgerIds.length > 0 ? await this.jobs.send(DELIVERY_SEND, { ledgerIds }, { trx }) : null;
    const done = ids.length < FANOUT_BATCH || occ.subscriber_id !== null;
    await occurrences.advance(occ, ids.at(-1) ?? occ.cursor, ids.length > 0, done);
    return { done, n: ledgerIds.length, job };
  }
}
