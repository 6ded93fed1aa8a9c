import type { Kysely } from 'kysely';
import type { DB, ScheduleRow } from '../../db/schema.ts';

export interface AudienceRef {
  id: number;
  domain_id: number;
  name: string;
  type: string;
  query: unknown;
}

export type ScheduleWithRelations = ScheduleRow & {
  audiences?: AudienceRef[];
  drips?: { id: number; title: string; is_active: number }[];
};

/** Reads schedules with their audiences (and a spam schedule's drips) for answers. */
export class DripSchedulesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Each drip's schedules, oldest first; with audiences when asked. */
  async ofDrips(dripIds: readonly number[], withAudiences: boolean): Promise<Map<number, ScheduleWithRelations[]>> {
    const out = new Map<number, ScheduleWithRelations[]>();
    if (dripIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('schedules')
      .selectAll()
      .where('drip_id', 'in', [...new Set(dripIds)])
      .orderBy('id')
      .execute();
    const audiences = withAudiences ? await this.audiencesOf(rows.map((r) => r.id)) : undefined;
    for (const r of rows) {
      const list = out.get(r.drip_id!) ?? [];
      list.push(audiences ? { ...r, audiences: audiences.get(r.id) ?? [] } : r);
      out.set(r.drip_id!, list);
    }
    return out;
  }

  async audiencesOf(scheduleIds: readonly number[]): Promise<Map<number, AudienceRef[]>> {
    const out = new Map<number, AudienceRef[]>();
    if (scheduleIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('schedule_audiences as sa')
      .innerJoin('segments as s', 's.id', 'sa.segment_id')
      .select(['sa.schedule_id', 's.id', 's.domain_id', 's.name', 's.type', 's.query'])
      .where('sa.schedule_id', 'in', [...scheduleIds])
      .orderBy('s.id')
      .execute();
    for (const { schedule_id, ...a } of rows) out.set(schedule_id, [...(out.get(schedule_id) ?? []), a]);
    return out;
  }

  /** The drips a spam schedule sends in turn, in order. */
  async dripsOf(
    scheduleIds: readonly number[],
  ): Promise<Map<number, { id: number; title: string; is_active: number }[]>> {
    const out = new Map<number, { id: number; title: string; is_active: number }[]>();
    if (scheduleIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('schedule_drips as sd')
      .innerJoin('drips as d', 'd.id', 'sd.drip_id')
      .select(['sd.schedule_id', 'd.id', 'd.title', 'd.is_active'])
      .where('sd.schedule_id', 'in', [...scheduleIds])
      .where('d.deleted_at', 'is', null)
      .orderBy('sd.position')
      .orderBy('d.id')
      .execute();
    for (const { schedule_id, ...d } of rows) out.set(schedule_id, [...(out.get(schedule_id) ?? []), d]);
    return out;
  }
}
