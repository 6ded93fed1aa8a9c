import {
  ACTIONS,
  DRIP_MSG,
  type DripKind,
  type DripListType,
  type DripScheduleInput,
  RECURRING_SCHEDULE_TYPES,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB, ScheduleRow } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import { parseListQuery } from '../../lib/query/index.ts';
import { TIMED_TYPES } from '../delivery/schedule-rule.ts';
import { planSchedule } from '../delivery/scheduler.service.ts';
import { type Errors, mergeErrors, scheduleErrors, scheduleValuesFor } from './drip-checks.ts';
import { DRIP_LIST_SPEC } from './drip-list-spec.ts';
import { DripSchedulesRepository } from './drip-schedules.repository.ts';
import { DripWritesRepository } from './drip-writes.repository.ts';
import { assertMay, editPermission } from './drips.policy.ts';
import { type DripRecord, DripsRepository, type GroupSelector } from './drips.repository.ts';
import { withSchedules } from './with-schedules.ts';
import { withStats } from './with-stats.ts';

const isTimed = (type: string) => (TIMED_TYPES as readonly string[]).includes(type);
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Lists, deletes, status switches and group-wide schedule changes of drips. */
export class DripsService {
  private readonly drips: DripsRepository;
  private readonly schedules: DripSchedulesRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.drips = new DripsRepository(db);
    this.schedules = new DripSchedulesRepository(db);
  }

  /**
   * `GET /v1/drips/{type}/get`: the list-query parameters; `with[schedules(.audiences)]=*` embeds schedules,
   * `with[stats]=*` each drip's all-time statistics (one rollup query for the whole page).
   */
  async list(actor: Actor, type: DripListType, rawQuery: Record<string, unknown>) {
    const parsed = parseListQuery(rawQuery, DRIP_LIST_SPEC);
    if (parsed.limit === 0) throw new ValidationError({ limit: ['limit must be at least 1.'] });
    const result = await this.drips.list(actor, type, parsed);
    let rows: Partial<DripRecord>[] = result.rows;
    if (parsed.with.some((w) => w.startsWith('schedules')))
      rows = await withSchedules(this.schedules, rows, parsed.with.includes('schedules.audiences'));
    if (parsed.with.includes('stats')) {
      assertMay(actor, ACTIONS['drips.stats']);
      rows = await withStats(this.drips, actor, rows);
    }
    return { ...result, rows };
  }

  /** `DELETE /v1/drips/{id}`: soft delete; nothing more is sent for it. */
  async remove(actor: Actor, id: number): Promise<DripRecord> {
    const drip = await this.drips.findLive(actor, id);
    if (!drip) throw notFound(DRIP_MSG.notFound);
    assertMay(actor, editPermission(drip.type));
    await this.db.transaction().execute((trx) => new DripWritesRepository(trx).softDelete([id]));
    return { ...drip, deleted_at: new Date() };
  }

  /** `DELETE /v1/drips/{type}/delete/{groupId}/{id}`: one drip of that group (group null: an ungrouped one). */
  async removeInGroup(actor: Actor, sel: GroupSelector, id: number): Promise<DripRecord> {
    const drip = await this.drips.findLive(actor, id);
    if (!drip || drip.type !== sel.type || drip.group_id !== sel.groupId) throw notFound(DRIP_MSG.notFound);
    await this.db.transaction().execute((trx) => new DripWritesRepository(trx).softDelete([id]));
    return { ...drip, deleted_at: new Date() };
  }

  /** `DELETE /v1/drips/{type}/delete/{groupId}`: every drip of that type in the group. */
  async removeGroupDrips(actor: Actor, type: DripKind, groupId: number | null): Promise<{ ids: number[] }> {
    if (groupId === null || !(await this.drips.groupOf(actor, groupId))) throw notFound(DRIP_MSG.groupNotFound);
    const ids = (await this.drips.inGroup(actor, { type, groupId })).map((d) => d.id);
    return { ids: await this.db.transaction().execute((trx) => new DripWritesRepository(trx).softDelete(ids)) };
  }

  /** `POST /v1/drips/deleteArray`: welcome and recurring drips of one website (Drip Manager bulk delete). */
  async removeMany(actor: Actor, domainId: number, ids: number[]): Promise<{ ids: number[] }> {
    if (!(await this.drips.domainInScope(actor, domainId))) throw notFound(DRIP_MSG.domainNotFound);
    const found = await this.drips.findMany(actor, ids, { domainId, types: ['welcome', 'recurring'] });
    const deleted = await this.db
      .transaction()
      .execute((trx) => new DripWritesRepository(trx).softDelete(found.map((d) => d.id)));
    return { ids: deleted };
  }

  /** `POST /v1/drips/{type}/updateStatus/{domain}/{group}/{status}`: the group (and its drips, schedules) on or off. */
  async updateStatus(actor: Actor, sel: GroupSelector & { domainId: number }, status: 0 | 1) {
    const drips = await this.groupDrips(actor, sel);
    await this.db.transaction().execute(async (trx) => {
      const w = new DripWritesRepository(trx);
      if (sel.groupId !== null) await w.setGroupActive(sel.groupId, status);
      const timed = await w.setActive(
        drips.map((d) => d.id),
        status,
      );
      for (const id of timed) await planSchedule(trx, id);
    });
    return this.drips.findMany(
      actor,
      drips.map((d) => d.id),
    );
  }

  /** `POST /v1/drips/{type}/updateScheduleByGroup/{domain}/{group}`: the given schedule fields for every drip. */
  async updateScheduleByGroup(actor: Actor, sel: GroupSelector & { domainId: number }, body: DripScheduleInput) {
    const drips = await this.groupDrips(actor, sel);
    const current = await this.schedules.ofDrips(
      drips.map((d) => d.id),
      false,
    );
    const { audiences, ...fields } = body;
    if (audiences && audiences.length > 0) {
      const known = await this.drips.segmentsOf(sel.domainId, audiences);
      if (audiences.some((a) => !known.has(a))) throw new ValidationError({ audiences: [DRIP_MSG.audiences] });
    }
    const errors: Errors = {};
    const planned = drips.map((d) => {
      const merged = { ...inputOf(current.get(d.id)?.[0]), ...defined(fields) } as DripScheduleInput;
      const values = scheduleValuesFor(sel.type as DripListType, merged, d.is_active as 0 | 1);
      mergeErrors(errors, '', scheduleErrors(sel.type as DripListType, values, RECURRING_SCHEDULE_TYPES));
      return { drip: d, values };
    });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    await this.db.transaction().execute(async (trx) => {
      const w = new DripWritesRepository(trx);
      for (const { drip, values } of planned) {
        const id = await w.saveSchedule(drip, values);
        if (audiences) await w.setAudiences(id, audiences);
        if (isTimed(values.type)) await planSchedule(trx, id);
      }
    });
    return withSchedules(
      this.schedules,
      await this.drips.findMany(
        actor,
        drips.map((d) => d.id),
      ),
      true,
    );
  }

  private async groupDrips(actor: Actor, sel: GroupSelector & { domainId: number }): Promise<DripRecord[]> {
    if (!(await this.drips.domainInScope(actor, sel.domainId))) throw notFound(DRIP_MSG.domainNotFound);
    if (sel.groupId !== null) {
      const group = await this.drips.groupOf(actor, sel.groupId);
      if (group?.domain_id !== sel.domainId) throw notFound(DRIP_MSG.groupNotFound);
    }
    return this.drips.inGroup(actor, sel);
  }
}

/** A stored schedule read back as editor input (so a group update changes only the fields it names). */
function inputOf(s: ScheduleRow | undefined): Partial<DripScheduleInput> {
  if (!s) return {};
  return defined({
    type: s.type,
    name: s.name ?? undefined,
    frequency: (s.frequency ?? undefined) as DripScheduleInput['frequency'],
    time: s.time ?? undefined,
    timezone: s.timezone,
    date_start: s.date_start ?? undefined,
    date_end: s.date_end ?? undefined,
    days_of_week: s.days_of_week,
    after_days: s.after_days,
    after_hours: s.after_hours,
    after_mins: s.after_mins,
    from_when: s.from_when,
    choose_time: Array.isArray(s.choose_time) ? (s.choose_time as DripScheduleInput['choose_time']) : undefined,
    is_active: s.is_active as 0 | 1,
  });
}
