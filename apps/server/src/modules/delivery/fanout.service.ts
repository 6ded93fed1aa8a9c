import { audienceQuerySchema } from '@pushdeck/contracts';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { compileAudience } from '../segments/query/compile-audience.ts';
import { type DebugLog, SILENT } from './debug-log.ts';

export const FANOUT_BATCH = 500;
export const DELIVERY_SEND = 'delivery.send';
export const DELIVERY_FANOUT = 'delivery.fanout';

/** Is everything the occurrence depends on still switched on? (drip, its group, its schedule, the website) */
async function stillActive(
  trx: Transaction<DB>,
  occ: { drip_id: number; schedule_id: number | null },
): Promise<boolean> {
  const row = await trx
    .selectFrom('drips as d')
    .innerJoin('domains as dom', 'dom.id', 'd.domain_id')
    .leftJoin('drip_groups as g', 'g.id', 'd.group_id')
    .select([
      'd.is_active as drip',
      'd.deleted_at',
      'dom.is_active as domain',
      'dom.deleted_at as domain_deleted',
      'g.is_active as grp',
    ])
    .where('d.id', '=', occ.drip_id)
    .executeTakeFirst();
  if (row?.drip !== 1 || row.deleted_at || row.domain !== 1 || row.domain_deleted || row.grp === 0) return false;
  if (occ.schedule_id === null) return true;
  const schedule = await trx
    .selectFrom('schedules')
    .select('is_active')
    .where('id', '=', occ.schedule_id)
    .executeTakeFirst();
  return schedule?.is_active === 1;
}

/** The schedule's audiences OR-ed together; no audience means every active subscriber of the website. */
export async function audienceOf(
  db: Kysely<DB> | Transaction<DB>,
  scheduleId: number | null,
): Promise<Expression<SqlBool>> {
  if (scheduleId === null) return sql<boolean>`true`;
  const segments = await db
    .selectFrom('schedule_audiences as sa')
    .innerJoin('segments as s', 's.id', 'sa.segment_id')
    .select('s.query')
    .where('sa.schedule_id', '=', scheduleId)
    .execute();
  if (segments.length === 0) return sql<boolean>`true`;
  const parts = segments.map((s) => {
    const parsed = audienceQuerySchema.safeParse(s.query);
    // a stored query that no longer validates matches nobody rather than everybody
    return parsed.success ? compileAudience(parsed.data, { table: 'subscribers' }) : sql<boolean>`false`;
  });
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
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
      const step = await this.db.transaction().execute(async (trx) => {
        const occ = await trx.selectFrom('occurrences').selectAll().where('id', '=', occurrenceId).executeTakeFirst();
        if (!occ || occ.status === 'done' || occ.status === 'cancelled') return { done: true, n: 0, job: null };
        if (!(await stillActive(trx, occ))) {
          await trx
            .updateTable('occurrences')
            .set({ status: 'cancelled', finished_at: new Date() })
            .where('id', '=', occ.id)
            .execute();
          return { done: true, n: 0, job: null };
        }
        let q = trx
          .selectFrom('subscribers')
          .select('id')
          .where('domain_id', '=', occ.domain_id)
          .where('is_active', '=', 1)
          .where('id', '>', occ.cursor);
        if (occ.subscriber_id !== null) q = q.where('id', '=', occ.subscriber_id);
        else q = q.where(await audienceOf(trx, occ.schedule_id));
        const ids = (await q.orderBy('id').limit(FANOUT_BATCH).execute()).map((r) => r.id);
        let n = 0;
        let job: string | null = null;
        if (ids.length > 0) {
          const ledger = await trx
            .insertInto('send_ledger')
            .values(
              ids.map((subscriber_id) => ({
                occurrence_id: occ.id,
                subscriber_id,
                drip_id: occ.drip_id,
                domain_id: occ.domain_id,
                client_id: occ.client_id,
                type: occ.type,
              })),
            )
            .onConflict((oc) => oc.columns(['occurrence_id', 'subscriber_id']).doNothing())
            .returning('id')
            .execute();
          n = ledger.length;
          if (n > 0) job = await this.jobs.send(DELIVERY_SEND, { ledgerIds: ledger.map((l) => Number(l.id)) }, { trx });
        }
        const done = ids.length < FANOUT_BATCH || occ.subscriber_id !== null;
        await trx
          .updateTable('occurrences')
          .set({
            cursor: ids.at(-1) ?? occ.cursor,
            batches: occ.batches + (ids.length > 0 ? 1 : 0),
            status: done ? 'done' : 'fanning',
            ...(done ? { finished_at: new Date() } : {}),
          })
          .where('id', '=', occ.id)
          .execute();
        return { done, n, job };
      });
      queued += step.n;
      this.log.debug({ occurrenceId, queued: step.n, job: step.job, done: step.done }, 'fan-out batch queued');
      if (step.done) return { done: true, queued };
    }
    return { done: false, queued };
  }
}
