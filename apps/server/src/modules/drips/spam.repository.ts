import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, ScheduleRow, SchedulesTable } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { applyListQuery, type ParsedListQuery, runPaginated } from '../../lib/query/index.ts';
import { scopeToActor } from '../../lib/tenancy.ts';

export type SpamValues = Omit<Insertable<SchedulesTable>, 'drip_id'>;
export interface ScheduleFilter {
  type?: string;
  isActive?: number;
  domainId?: number;
}

/** Schedules of the actor's scope as the spam schedules list reads them, and spam schedule writes. */
export class SpamRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped(actor: Actor) {
    return scopeToActor(this.db.selectFrom('schedules').selectAll('schedules'), actor, 'schedules.client_id');
  }

  async list(actor: Actor, parsed: ParsedListQuery, filter: ScheduleFilter) {
    let q = this.scoped(actor);
    if (filter.type !== undefined) q = q.where('schedules.type', '=', filter.type as ScheduleRow['type']);
    if (filter.isActive !== undefined) q = q.where('schedules.is_active', '=', filter.isActive);
    if (filter.domainId !== undefined) q = q.where('schedules.domain_id', '=', filter.domainId);
    if (parsed.pagination)
      return { kind: 'page' as const, ...(await runPaginated(this.db, q, parsed, { table: 'schedules' })) };
    const data = await applyListQuery(q, { ...parsed, limit: parsed.limit ?? 1000 }, { table: 'schedules' }).execute();
    return { kind: 'list' as const, data };
  }

  findSpam(actor: Actor, id: number): Promise<ScheduleRow | undefined> {
    return this.scoped(actor)
      .where('schedules.id', '=', id)
      .where('schedules.type', '=', 'spam-recurring')
      .executeTakeFirst();
  }

  async insert(values: SpamValues): Promise<number> {
    const row = await this.db.insertInto('schedules').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: SpamValues): Promise<void> {
    await this.db
      .updateTable('schedules')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** The drips the schedule sends in turn, in the given order. */
  async setDrips(scheduleId: number, dripIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('schedule_drips').where('schedule_id', '=', scheduleId).execute();
    if (dripIds.length === 0) return;
    await this.db
      .insertInto('schedule_drips')
      .values(dripIds.map((drip_id, position) => ({ schedule_id: scheduleId, drip_id, position })))
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('schedules').where('id', '=', id).execute();
  }
}
