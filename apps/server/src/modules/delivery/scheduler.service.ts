import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB, ScheduleRow } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { welcomeDueAt } from '../schedules/calc/index.ts';
import type { TriggerScheduler } from '../tracking/tracking.service.ts';
import { DELIVERY_FANOUT, DELIVERY_SEND, FANOUT_BATCH } from './fanout.service.ts';
import { LedgerRepository } from './ledger.repository.ts';
import { type LiveWelcomeSchedule, OccurrencesRepository } from './occurrences.repository.ts';
import { nextDispDate } from './schedule-rule.ts';

const WELCOME_LOOKBACK_MS = 7 * 86_400_000;
const DUE_PER_TICK = 200;

/**
 * Which subscribers a welcome schedule is due for at `now`: those who subscribed at least its offset ago, not before
 * the schedule existed and not more than the look-back before that; undefined when nobody can be due yet.
 */
export function welcomeWindow(s: LiveWelcomeSchedule, now: Date): { earliest: Date; latest: Date } | undefined {
  const offsetMs = welcomeDueAt(new Date(0), {
    afterDays: s.after_days,
    afterHours: s.after_hours,
    afterMins: s.after_mins,
  }).getTime();
  const latest = new Date(now.getTime() - offsetMs);
  const earliest = new Date(Math.max(s.created_at.getTime(), latest.getTime() - WELCOME_LOOKBACK_MS));
  return latest < earliest ? undefined : { earliest, latest };
}

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
      if (!(await new OccurrencesRepository(trx).tryTickLock())) return { occurrences: 0, welcome: 0 };
      const occurrences = await this.fireDue(trx, now);
      const welcome = await this.queueWelcome(trx, now);
      return { occurrences, welcome };
    });
  }

  /** Fires the time-driven schedules whose next_disp_date has come (writers plan it with planSchedule). */
  private async fireDue(trx: Transaction<DB>, now: Date): Promise<number> {
    const repo = new OccurrencesRepository(trx);
    let created = 0;
    for (const s of await repo.dueSchedules(now, DUE_PER_TICK)) {
      if (await this.fire(trx, repo, s)) created += 1;
      // missed firings (downtime) are not replayed: the next one is the first after now
      await repo.markFired(s.id, s.next_disp_date!, this.safeNext(s, now));
    }
    return created;
  }

  /** One firing of a schedule: its occurrence (once per due time) and the fan-out job. */
  private async fire(trx: Transaction<DB>, repo: OccurrencesRepository, s: ScheduleRow): Promise<boolean> {
    const dripId = await this.dripFor(repo, s);
    if (dripId === null) return false;
    const occurrenceId = await repo.insertFiring({
      schedule_id: s.id,
      drip_id: dripId,
      domain_id: s.domain_id,
      client_id: s.client_id,
      type: s.type,
      due_at: s.next_disp_date!,
    });
    if (occurrenceId === undefined) return false;
    await this.jobs.send(DELIVERY_FANOUT, { occurrenceId }, { trx });
    return true;
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
  private async dripFor(
    repo: OccurrencesRepository,
    s: { id: number; drip_id: number | null },
  ): Promise<number | null> {
    if (s.drip_id !== null) return s.drip_id;
    const drips = await repo.spamDripIds(s.id);
    if (drips.length === 0) return null;
    return drips[(await repo.firingsOf(s.id)) % drips.length]!;
  }

  /** Welcome drips: subscribers whose after_days/hours/mins since subscribing have elapsed, once each. */
  private async queueWelcome(trx: Transaction<DB>, now: Date): Promise<number> {
    const repo = new OccurrencesRepository(trx);
    let queued = 0;
    for (const s of await repo.liveWelcomeSchedules()) {
      const window = welcomeWindow(s, now);
      if (window) queued += await this.queueWelcomeBatch(trx, repo, s, window);
    }
    return queued;
  }

  /** One batch of a welcome schedule's due subscribers into its open occurrence's ledger, and their send job. */
  private async queueWelcomeBatch(
    trx: Transaction<DB>,
    repo: OccurrencesRepository,
    s: LiveWelcomeSchedule,
    window: { earliest: Date; latest: Date },
  ): Promise<number> {
    const occurrenceId = await repo.openWelcomeOccurrence(s);
    const ledgerIds = await new LedgerRepository(trx).queueWelcome(
      occurrenceId,
      { drip_id: s.drip_id!, domain_id: s.domain_id },
      window,
      FANOUT_BATCH,
    );
    if (ledgerIds.length > 0) await this.jobs.send(DELIVERY_SEND, { ledgerIds }, { trx });
    return ledgerIds.length;
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
      const repo = new OccurrencesRepository(trx);
      const drip = await repo.dripOwner(dripId);
      const occurrenceId = await repo.insertOccurrence({
        schedule_id: await repo.scheduleOfDrip(dripId, 'trigger'),
        drip_id: dripId,
        domain_id: drip.domain_id,
        client_id: drip.client_id,
        type: 'trigger',
        due_at: dueAt,
        subscriber_id: subscriberId,
      });
      await this.jobs.send(DELIVERY_FANOUT, { occurrenceId }, { trx, startAfter: dueAt });
    });
  }

  /** An instant send of a drip to its schedule's audience (or everyone), now. */
  async sendNow(dripId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new OccurrencesRepository(trx);
      const drip = await repo.dripOwner(dripId);
      const occurrenceId = await repo.insertOccurrence({
        schedule_id: await repo.scheduleOfDrip(dripId),
        drip_id: dripId,
        domain_id: drip.domain_id,
        client_id: drip.client_id,
        type: 'instant',
        due_at: new Date(),
      });
      await this.jobs.send(DELIVERY_FANOUT, { occurrenceId }, { trx });
      return occurrenceId;
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
  const repo = new OccurrencesRepository(db);
  const next = nextDispDate(await repo.schedule(scheduleId), after);
  await repo.setNextDispDate(scheduleId, next);
  return next;
}
