import { type Expression, type Insertable, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { DB, OccurrencesTable, ScheduleRow } from '../../db/schema.ts';
import { TIMED_TYPES } from './schedule-rule.ts';

const TICK_LOCK = 7_240_318_902;

export type OccurrenceRow = Selectable<OccurrencesTable>;
export type NewOccurrence = Insertable<OccurrencesTable>;

/**
 * Schedules and their occurrences as the delivery engine reads and writes them: due schedules, firings, welcome
 * occurrences, trigger and instant occurrences, and the fan-out's cursor. Constructed on the caller's transaction.
 */
export class OccurrencesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** One tick at a time across processes (a transaction-scoped advisory lock); false when another holds it. */
  async tryTickLock(): Promise<boolean> {
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${TICK_LOCK}) as ok`.execute(this.db);
    return locked.rows[0]?.ok === true;
  }

  /** Active time-driven schedules whose next_disp_date has come, oldest first. */
  dueSchedules(now: Date, limit: number): Promise<ScheduleRow[]> {
    return this.db
      .selectFrom('schedules')
      .selectAll()
      .where('is_active', '=', 1)
      .where('type', 'in', [...TIMED_TYPES])
      .where('next_disp_date', '<=', now)
      .orderBy('next_disp_date')
      .limit(limit)
      .execute();
  }

  schedule(id: number): Promise<ScheduleRow> {
    return this.db.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async setNextDispDate(scheduleId: number, next: Date | null): Promise<void> {
    await this.db.updateTable('schedules').set({ next_disp_date: next }).where('id', '=', scheduleId).execute();
  }

  async markFired(scheduleId: number, firedAt: Date, next: Date | null): Promise<void> {
    await this.db
      .updateTable('schedules')
      .set({ last_disp_date: firedAt, next_disp_date: next })
      .where('id', '=', scheduleId)
      .execute();
  }

  /** A spam schedule's drips in their turn order. */
  async spamDripIds(scheduleId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('schedule_drips')
      .select('drip_id')
      .where('schedule_id', '=', scheduleId)
      .orderBy('position')
      .orderBy('drip_id')
      .execute();
    return rows.map((r) => r.drip_id);
  }

  async firingsOf(scheduleId: number): Promise<number> {
    const row = await this.db
      .selectFrom('occurrences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A schedule's firing at `due_at`; undefined when that firing exists already (at most one per schedule and time). */
  async insertFiring(values: NewOccurrence): Promise<number | undefined> {
    const row = await this.db
      .insertInto('occurrences')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['schedule_id', 'drip_id', 'due_at']).where('subscriber_id', 'is', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The one open occurrence of a welcome schedule (keyed by its creation time), created or reopened. */
  async openWelcomeOccurrence(s: LiveWelcomeSchedule): Promise<number> {
    const row = await this.db
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
    return row.id;
  }

  async insertOccurrence(values: NewOccurrence): Promise<number> {
    const row = await this.db.insertInto('occurrences').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Welcome schedules that can send now, in drip-number order. */
  liveWelcomeSchedules() {
    return this.db
      .selectFrom('schedules as s')
      .innerJoin('drips as d', 'd.id', 's.drip_id')
      .innerJoin('domains as dom', 'dom.id', 's.domain_id')
      .innerJoin('clients as c', 'c.id', 'dom.client_id')
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
      .where('c.is_active', '=', 1)
      .orderBy('d.drip_number')
      .execute();
  }

  dripOwner(dripId: number): Promise<{ domain_id: number; client_id: number }> {
    return this.db
      .selectFrom('drips')
      .select(['domain_id', 'client_id'])
      .where('id', '=', dripId)
      .executeTakeFirstOrThrow();
  }

  /** The drip's schedule: its trigger schedule, or (for an instant send) the first of any type. */
  async scheduleOfDrip(dripId: number, type?: 'trigger'): Promise<number | null> {
    let q = this.db.selectFrom('schedules').select('id').where('drip_id', '=', dripId);
    if (type) q = q.where('type', '=', type);
    const row = await q.orderBy('id').executeTakeFirst();
    return row?.id ?? null;
  }

  occurrence(id: number): Promise<OccurrenceRow | undefined> {
    return this.db.selectFrom('occurrences').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Is everything the occurrence depends on still switched on? (drip, its group, its schedule, the website, the
   * website's client: a deactivated client sends nothing)
   */
  async stillActive(occ: { drip_id: number; schedule_id: number | null }): Promise<boolean> {
    const row = await this.db
      .selectFrom('drips as d')
      .innerJoin('domains as dom', 'dom.id', 'd.domain_id')
      .innerJoin('clients as c', 'c.id', 'dom.client_id')
      .leftJoin('drip_groups as g', 'g.id', 'd.group_id')
      .select([
        'd.is_active as drip',
        'd.deleted_at',
        'dom.is_active as domain',
        'dom.deleted_at as domain_deleted',
        'g.is_active as grp',
        'c.is_active as client',
      ])
      .where('d.id', '=', occ.drip_id)
      .executeTakeFirst();
    if (row?.drip !== 1 || row.deleted_at || row.domain !== 1 || row.domain_deleted || row.grp === 0) return false;
    if (row.client !== 1) return false;
    if (occ.schedule_id === null) return true;
    const schedule = await this.db
      .selectFrom('schedules')
      .select('is_active')
      .where('id', '=', occ.schedule_id)
      .executeTakeFirst();
    return schedule?.is_active === 1;
  }

  async cancel(id: number): Promise<void> {
    await this.db
      .updateTable('occurrences')
      .set({ status: 'cancelled', finished_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** The fan-out's progress after one batch: its cursor, batch count and, when done, its end. */
  async advance(occ: OccurrenceRow, cursor: number, batch: boolean, done: boolean): Promise<void> {
    await this.db
      .updateTable('occurrences')
      .set({
        cursor,
        batches: occ.batches + (batch ? 1 : 0),
        status: done ? 'done' : 'fanning',
        ...(done ? { finished_at: new Date() } : {}),
      })
      .where('id', '=', occ.id)
      .execute();
  }

  /** The stored audience queries of a schedule (OR-ed by the fan-out; none means everyone). */
  async audienceQueries(scheduleId: number): Promise<unknown[]> {
    const rows = await this.db
      .selectFrom('schedule_audiences as sa')
      .innerJoin('segments as s', 's.id', 'sa.segment_id')
      .select('s.query')
      .where('sa.schedule_id', '=', scheduleId)
      .execute();
    return rows.map((r) => r.query);
  }

  /** The server API's send of an `api` occurrence: its target, and its segment's query read now. */
  apiSendTarget(occurrenceId: number) {
    return this.db
      .selectFrom('api_sends as a')
      .leftJoin('segments as s', (j) => j.onRef('s.id', '=', 'a.segment_id').onRef('s.domain_id', '=', 'a.domain_id'))
      .select(['a.id', 'a.target', 's.query as segment_query'])
      .where('a.occurrence_id', '=', occurrenceId)
      .executeTakeFirst();
  }

  /** The subscribers listed on the send of an `api` occurrence, as a condition on `subscribers`. */
  apiListedSubscribers(occurrenceId: number): Expression<SqlBool> {
    return sql<boolean>`subscribers.id in (select unnest(a.subscriber_ids) from api_sends a where a.occurrence_id = ${occurrenceId})`;
  }
}

/** A welcome schedule whose drip, schedule and website are all switched on. */
export type LiveWelcomeSchedule = Awaited<ReturnType<OccurrencesRepository['liveWelcomeSchedules']>>[number];
