import type { DripKind } from '@pushdeck/contracts';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { DB, DripRow, DripsTable, ScheduleRow, SchedulesTable } from '../../db/schema.ts';
import { TIMED_TYPES } from '../delivery/schedule-rule.ts';

export type NewDrip = Insertable<DripsTable>;
export type DripPatch = Updateable<DripsTable>;
export type ScheduleValues = Omit<Insertable<SchedulesTable>, 'domain_id' | 'client_id' | 'drip_id'>;

const now = () => sql<Date>`now()`;

/**
 * Writes of drips, their schedules, audiences and group counters. Constructed on a transaction by the services so
 * that a whole call commits or nothing does; callers have checked scope before.
 */
export class DripWritesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  insertDrip(values: NewDrip): Promise<DripRow> {
    return this.db.insertInto('drips').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateDrip(id: number, patch: DripPatch): Promise<DripRow> {
    return this.db
      .updateTable('drips')
      .set({ ...patch, updated_at: now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Welcome drips are sent in drip_number order; new drips go last. */
  async nextDripNumber(domainId: number, type: DripKind): Promise<number> {
    const row = await this.db
      .selectFrom('drips')
      .select((eb) => eb.fn.max('drip_number').as('n'))
      .where('domain_id', '=', domainId)
      .where('type', '=', type)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  firstScheduleOf(dripId: number): Promise<ScheduleRow | undefined> {
    return this.db.selectFrom('schedules').selectAll().where('drip_id', '=', dripId).orderBy('id').executeTakeFirst();
  }

  /** Creates or rewrites the drip's (first) schedule; returns its id. */
  async saveSchedule(drip: Pick<DripRow, 'id' | 'domain_id' | 'client_id'>, values: ScheduleValues): Promise<number> {
    const current = await this.firstScheduleOf(drip.id);
    if (current) {
      await this.db
        .updateTable('schedules')
        .set({ ...values, updated_at: now() })
        .where('id', '=', current.id)
        .execute();
      return current.id;
    }
    const row = await this.db
      .insertInto('schedules')
      .values({ ...values, drip_id: drip.id, domain_id: drip.domain_id, client_id: drip.client_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces a schedule's audiences. */
  async setAudiences(scheduleId: number, segmentIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('schedule_audiences').where('schedule_id', '=', scheduleId).execute();
    if (segmentIds.length === 0) return;
    await this.db
      .insertInto('schedule_audiences')
      .values(segmentIds.map((segment_id) => ({ schedule_id: scheduleId, segment_id })))
      .execute();
  }

  /**
   * Soft delete: deleted_at set, their schedules switched off and unplanned, and they leave every spam schedule,
   * so nothing is sent for them any more (the fan-out also refuses deleted drips).
   */
  async softDelete(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('drips')
      .set({ deleted_at: now(), updated_at: now() })
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .returning(['id', 'group_id'])
      .execute();
    const deleted = rows.map((r) => r.id);
    if (deleted.length === 0) return [];
    await this.db
      .updateTable('schedules')
      .set({ is_active: 0, next_disp_date: null, updated_at: now() })
      .where('drip_id', 'in', deleted)
      .execute();
    await this.db.deleteFrom('schedule_drips').where('drip_id', 'in', deleted).execute();
    await this.recountGroups(rows.map((r) => r.group_id));
    return deleted;
  }

  /** Switches drips and their own schedules on or off; returns the time-driven schedules to plan again. */
  async setActive(ids: readonly number[], isActive: 0 | 1): Promise<number[]> {
    if (ids.length === 0) return [];
    await this.db
      .updateTable('drips')
      .set({ is_active: isActive, updated_at: now() })
      .where('id', 'in', [...ids])
      .execute();
    const schedules = await this.db
      .updateTable('schedules')
      .set({ is_active: isActive, updated_at: now() })
      .where('drip_id', 'in', [...ids])
      .returning(['id', 'type'])
      .execute();
    return schedules.filter((s) => (TIMED_TYPES as readonly string[]).includes(s.type)).map((s) => s.id);
  }

  /** drips_count follows the live drips of each group. */
  async recountGroups(groupIds: readonly (number | null)[]): Promise<void> {
    const ids = [...new Set(groupIds.filter((g): g is number => g !== null))];
    if (ids.length === 0) return;
    await this.db
      .updateTable('drip_groups')
      .set({
        drips_count: sql<number>`(select count(*) from drips d where d.group_id = drip_groups.id and d.deleted_at is null)`,
        updated_at: now(),
      })
      .where('id', 'in', ids)
      .execute();
  }

  async setGroupActive(groupId: number, isActive: 0 | 1): Promise<void> {
    await this.db
      .updateTable('drip_groups')
      .set({ is_active: isActive, updated_at: now() })
      .where('id', '=', groupId)
      .execute();
  }
}
