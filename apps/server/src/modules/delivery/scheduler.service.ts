import { type Kysely, sql, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { welcomeDueAt } from '../schedules/calc/index.ts';
import type { TriggerScheduler } from '../tracking/tracking.service.ts';
import { DELIVERY_FANOUT, DELIVERY_SEND, FANOUT_BATCH } from './fanout.service.ts';
import { nextDispDate, TIMED_TYPES } from './schedule-rule.ts';

const TICK_LOCK = 7_240_318_902;
const WELCOME_LOOKBACK_MS = 7 * 86_400_000;

/**
 * Turns time into occurrences: every tick, schedules whose next_disp_date has come get one occurrence (fanned out
 * by a job) and their next date; welcome schedules queue the subscribers whose offset has elapsed.
 */
export class SchedulerService implements TriggerScheduler {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: JobRunner,
    private readonly log: Logger,
  ) {}

  async tick(now = new Date()): Promise<{ occurrences: number; welcome: number }> {
    return this.db.transaction().execute(async (trx) => {
      const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${TICK_LOCK}) as ok`.execute(trx);
      if (!locked.rows[0]?.ok) return { occurrences: 0, welcome: 0 };
      const occurrences = await this.fireDue(trx, now);
      const welcome = await this.queueWelcome(trx, now);
      return { occurrences, welcome };
    });
  }

  /** Fires the time-driven schedules whose next_disp_date has come (writers plan it with planSchedule). */
  private async fireDue(trx: Kysely<DB>, now: Date): Promise<number> {
    const due = await trx
      .selectFrom('schedules')
      .selectAll()
      .where('is_active', '=', 1)
      .where('type', 'in', [...TIMED_TYPES])
      .where('next_disp_date', '<=', now)
      .orderBy('next_disp_date')
      .limit(200)
      .execute();
    let created = 0;
    for (const s of due) {
      const dueAt = s.next_disp_date!;
      const dripId = await this.dripFor(trx, s);
      if (dripId !== null) {
        const occ = await trx
          .insertInto('occurrences')
          .values({
            schedule_id: s.id,
            drip_id: dripId,
            domain_id: s.domain_id,
            client_id: s.client_id,
            type: s.type,
            due_at: dueAt,
          })
          .onConflict((oc) =>
            oc.columns(['schedule_id', 'drip_id', 'due_at']).where('subscriber_id', 'is', null).doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (occ) {
          await this.jobs.send(DELIVERY_FANOUT, { occurrenceId: occ.id }, { trx });
          created += 1;
        }
      }
      // missed firings (downtime) are not replayed: the next one is the first after now
      await trx
        .updateTable('schedules')
        .set({ last_disp_date: dueAt, next_disp_date: this.safeNext(s, now) })
        .where('id', '=', s.id)
        .execute();
    }
    return created;
  }

  private safeNext(s: Parameters<typeof nextDispDate>[0] & { id: number }, after: Date): Date | null {
    try {
      return nextDispDate(s, after);
    } catch (err) {
      this.log.warn({ err, scheduleId: s.id }, 'schedule rule cannot be evaluated; it will not fire');
      return null;
    }
  }

  /** The drip a firing sends: the schedule's own, or for spam schedules the next of its drips in turn. */
  private async dripFor(trx: Kysely<DB>, s: { id: number; drip_id: number | null }): Promise<number | null> {
    if (s.drip_id !== null) return s.drip_id;
    const drips = await trx
      .selectFrom('schedule_drips')
      .select('drip_id')
      .where('schedule_id', '=', s.id)
      .orderBy('position')
      .orderBy('drip_id')
      .execute();
    if (drips.length === 0) return null;
    const fired = await trx
      .selectFrom('occurrences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('schedule_id', '=', s.id)
      .executeTakeFirstOrThrow();
    return drips[Number(fired.n) % drips.length]!.drip_id;
  }

  /** Welcome drips: subscribers whose after_days/hours/mins since subscribing have elapsed, once each. */
  private async queueWelcome(trx: Kysely<DB>, now: Date): Promise<number> {
    const schedules = await trx
      .selectFrom('schedules as s')
      .innerJoin('drips as d', 'd.id', 's.drip_id')
      .innerJoin('domains as dom', 'dom.id', 's.domain_id')
      .select([
        's.id',
        's.drip_id',
        's.domain_id',
        's.client_id',
        's.created_at',
        's.after_days',
        's.after_hours',
        's.after_mins',
      ])
      .where('s.type', '=', 'welcome')
      .where('s.is_active', '=', 1)
      .where('d.is_active', '=', 1)
      .where('d.deleted_at', 'is', null)
      .where('dom.is_active', '=', 1)
      .where('dom.deleted_at', 'is', null)
      .orderBy('d.drip_number')
      .execute();
    let queued = 0;
    for (const s of schedules) {
      const offsetMs = welcomeDueAt(new Date(0), {
        afterDays: s.after_days,
        afterHours: s.after_hours,
        afterMins: s.after_mins,
      }).getTime();
      const latestSubscribed = new Date(now.getTime() - offsetMs);
      const earliest = new Date(Math.max(s.created_at.getTime(), latestSubscribed.getTime() - WELCOME_LOOKBACK_MS));
      if (latestSubscribed < earliest) continue;
      const occ = await trx
        .insertInto('occurrences')
        .values({
          schedule_id: s.id,
          drip_id: s.drip_id!,
          domain_id: s.domain_id,
          client_id: s.client_id,
          type: 'welcome',
          due_at: s.created_at,
          status: 'fanning',
        })
        .onConflict((oc) =>
          oc
            .columns(['schedule_id', 'drip_id', 'due_at'])
            .where('subscriber_id', 'is', null)
            .doUpdateSet({ status: 'fanning' }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      const ledger = await trx
        .insertInto('send_ledger')
        .columns(['occurrence_id', 'subscriber_id', 'drip_id', 'domain_id', 'client_id', 'type'])
        .expression((eb) =>
          eb
            .selectFrom('subscribers as sub')
            .select([
              sql.lit(occ.id).as('occurrence_id'),
              'sub.id',
              sql.lit(s.drip_id!).as('drip_id'),
              'sub.domain_id',
              'sub.client_id',
              sql.lit('welcome').as('type'),
            ])
            .where('sub.domain_id', '=', s.domain_id)
            .where('sub.is_active', '=', 1)
            .where('sub.created_at', '>=', earliest)
            .where('sub.created_at', '<=', latestSubscribed)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('send_ledger as l')
                    .select('l.id')
                    .where('l.occurrence_id', '=', occ.id)
                    .whereRef('l.subscriber_id', '=', 'sub.id'),
                ),
              ),
            )
            .orderBy('sub.id')
            .limit(FANOUT_BATCH),
        )
        .onConflict((oc) => oc.columns(['occurrence_id', 'subscriber_id']).doNothing())
        .returning('id')
        .execute();
      if (ledger.length > 0) {
        await this.jobs.send(DELIVERY_SEND, { ledgerIds: ledger.map((l) => Number(l.id)) }, { trx });
        queued += ledger.length;
      }
    }
    return queued;
  }

  /** A trigger event: one occurrence for one subscriber, fanned out when its delay has passed. */
  async fireTrigger({
    dripId,
    subscriberId,
    delayMs,
  }: {
    dripId: number;
    subscriberId: number;
    delayMs: number;
  }): Promise<void> {
    const dueAt = new Date(Date.now() + delayMs);
    await this.db.transaction().execute(async (trx) => {
      const drip = await trx
        .selectFrom('drips')
        .select(['domain_id', 'client_id'])
        .where('id', '=', dripId)
        .executeTakeFirstOrThrow();
      const schedule = await trx
        .selectFrom('schedules')
        .select('id')
        .where('drip_id', '=', dripId)
        .where('type', '=', 'trigger')
        .executeTakeFirst();
      const occ = await trx
        .insertInto('occurrences')
        .values({
          schedule_id: schedule?.id ?? null,
          drip_id: dripId,
          domain_id: drip.domain_id,
          client_id: drip.client_id,
          type: 'trigger',
          due_at: dueAt,
          subscriber_id: subscriberId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.jobs.send(DELIVERY_FANOUT, { occurrenceId: occ.id }, { trx, startAfter: dueAt });
    });
  }

  /** An instant send of a drip to its schedule's audience (or everyone), now. */
  async sendNow(dripId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const drip = await trx
        .selectFrom('drips')
        .select(['domain_id', 'client_id'])
        .where('id', '=', dripId)
        .executeTakeFirstOrThrow();
      const schedule = await trx
        .selectFrom('schedules')
        .select('id')
        .where('drip_id', '=', dripId)
        .orderBy('id')
        .executeTakeFirst();
      const occ = await trx
        .insertInto('occurrences')
        .values({
          schedule_id: schedule?.id ?? null,
          drip_id: dripId,
          domain_id: drip.domain_id,
          client_id: drip.client_id,
          type: 'instant',
          due_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.jobs.send(DELIVERY_FANOUT, { occurrenceId: occ.id }, { trx });
      return occ.id;
    });
  }
}

/**
 * Sets next_disp_date from the schedule's rule, after `after` (default now). Every code path that creates, edits or
 * re-activates a time-driven schedule calls it; a rule that cannot fire again leaves next_disp_date empty.
 */
export async function planSchedule(
  db: Kysely<DB> | Transaction<DB>,
  scheduleId: number,
  after = new Date(),
): Promise<Date | null> {
  const s = await db.selectFrom('schedules').selectAll().where('id', '=', scheduleId).executeTakeFirstOrThrow();
  const next = nextDispDate(s, after);
  await db.updateTable('schedules').set({ next_disp_date: next }).where('id', '=', scheduleId).execute();
  return next;
}
