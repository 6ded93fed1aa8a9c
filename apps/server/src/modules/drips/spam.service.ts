import { DRIP_MSG, type SpamScheduleWrite } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB, ScheduleRow } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import { parseListQuery } from '../../lib/query/index.ts';
import { planSchedule } from '../delivery/scheduler.service.ts';
import { addError, type Errors, mergeErrors, scheduleErrors } from './drip-checks.ts';
import { SCHEDULE_LIST_SPEC } from './drip-list-spec.ts';
import { SAVE_MSG } from './drip-prepare.ts';
import { DripSchedulesRepository, type ScheduleWithRelations } from './drip-schedules.repository.ts';
import { DripWritesRepository } from './drip-writes.repository.ts';
import { DripsRepository } from './drips.repository.ts';
import { type ScheduleFilter, SpamRepository } from './spam.repository.ts';

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const intOrUndefined = (v: string | undefined, key: string): number | undefined => {
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,9}$/.test(v)) throw new ValidationError({ [key]: [`${key} must be an integer.`] });
  return Number(v);
};

/** Spam schedules (spam-recurring): several recurring drips of a website sent in turn to its audiences. */
export class SpamService {
  private readonly spam: SpamRepository;
  private readonly drips: DripsRepository;
  private readonly schedules: DripSchedulesRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.spam = new SpamRepository(db);
    this.drips = new DripsRepository(db);
    this.schedules = new DripSchedulesRepository(db);
  }

  /** `GET /v1/schedules/get`: where[…] or the shorthands active, domain(_id), type; with drips and audiences. */
  async list(actor: Actor, rawQuery: Record<string, unknown>) {
    const parsed = parseListQuery(rawQuery, SCHEDULE_LIST_SPEC);
    const { extra } = parsed;
    const filter: ScheduleFilter = {};
    const type = one(extra.type);
    const active = intOrUndefined(one(extra.active), 'active');
    const domainId = intOrUndefined(one(extra.domain_id) ?? one(extra.domain), 'domain_id');
    if (type) filter.type = type;
    if (active !== undefined) filter.isActive = active;
    if (domainId !== undefined) filter.domainId = domainId;
    const result = await this.spam.list(actor, parsed, filter);
    return { ...result, data: await this.withRelations(result.data) };
  }

  /** `POST /v1/schedules/createOrUpdateSpam`: creates (no id) or rewrites a spam schedule, planned at once. */
  async save(actor: Actor, body: SpamScheduleWrite) {
    const domain = await this.drips.domainInScope(actor, body.domain_id);
    if (!domain) throw notFound(DRIP_MSG.domainNotFound);
    const existing = body.id === undefined ? undefined : await this.spam.findSpam(actor, body.id);
    if (body.id !== undefined && !existing) throw notFound(DRIP_MSG.scheduleNotFound);
    const errors: Errors = {};
    if (existing && existing.domain_id !== domain.id) addError(errors, 'domain_id', SAVE_MSG.domainFixed);
    const drips = await this.drips.findMany(actor, body.drips, { domainId: domain.id, types: ['recurring'] });
    if (drips.length !== new Set(body.drips).size) addError(errors, 'drips', DRIP_MSG.drips);
    const known = await this.drips.segmentsOf(domain.id, body.audiences);
    if (body.audiences.some((a) => !known.has(a))) addError(errors, 'audiences', DRIP_MSG.audiences);
    const values = {
      domain_id: domain.id,
      client_id: domain.client_id,
      type: 'spam-recurring' as const,
      name: body.name,
      frequency: body.frequency,
      time: body.time,
      timezone: body.timezone,
      date_start: body.date_start,
      date_end: body.date_end,
      days_of_week: body.days_of_week,
      is_active: body.is_active ?? existing?.is_active ?? 1,
    };
    mergeErrors(errors, '', scheduleErrors('recurring', values, ['spam-recurring']));
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = new SpamRepository(trx);
      const scheduleId = existing ? existing.id : await repo.insert(values);
      if (existing) await repo.update(existing.id, values);
      await repo.setDrips(scheduleId, [...new Set(body.drips)]);
      await new DripWritesRepository(trx).setAudiences(scheduleId, body.audiences);
      await planSchedule(trx, scheduleId);
      return scheduleId;
    });
    const saved = await this.spam.findSpam(actor, id);
    return { created: !existing, schedule: (await this.withRelations([saved!]))[0]! };
  }

  /** `DELETE /v1/schedules/{id}`: a spam schedule goes away with its drip list and audiences. */
  async remove(actor: Actor, id: number): Promise<ScheduleRow> {
    const schedule = await this.spam.findSpam(actor, id);
    if (!schedule) throw notFound(DRIP_MSG.scheduleNotFound);
    await this.spam.delete(id);
    return schedule;
  }

  private async withRelations(rows: ScheduleRow[]): Promise<ScheduleWithRelations[]> {
    const ids = rows.map((r) => r.id);
    const audiences = await this.schedules.audiencesOf(ids);
    const drips = await this.schedules.dripsOf(ids);
    return rows.map((r) => ({ ...r, audiences: audiences.get(r.id) ?? [], drips: drips.get(r.id) ?? [] }));
  }
}
