import {
  DRIP_LIST_TYPES,
  DRIP_MSG,
  type DripListType,
  type DripSetup,
  type DripWrite,
  dripWriteSchema,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import { TIMED_TYPES } from '../delivery/schedule-rule.ts';
import { planSchedule } from '../delivery/scheduler.service.ts';
import { isUniqueViolation } from '../domains/db-errors.ts';
import { type Errors, parseOrThrow } from './drip-checks.ts';
import { type PreparedDrip, prepareDrip } from './drip-prepare.ts';
import { DripSchedulesRepository } from './drip-schedules.repository.ts';
import { SetupAudiences } from './drip-setup-audiences.ts';
import { DripWritesRepository } from './drip-writes.repository.ts';
import { assertMay, createPermission, editPermission } from './drips.policy.ts';
import { DripsRepository } from './drips.repository.ts';
import { withSchedules } from './with-schedules.ts';

const isTimed = (type: string) => (TIMED_TYPES as readonly string[]).includes(type);
const eventTaken = () => new ValidationError({ event: [DRIP_MSG.eventTaken] });

/**
 * Creating and changing drips with their schedule and audiences: createOrUpdate (a list, all or nothing),
 * the trigger creator's POST and the editors' PUT. Every time-driven schedule written is planned at once.
 */
export class DripSaveService {
  private readonly drips: DripsRepository;
  private readonly schedules: DripSchedulesRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.drips = new DripsRepository(db);
    this.schedules = new DripSchedulesRepository(db);
  }

  /** Items with an id are updated, the others created; `created` tells whether anything was created (201). */
  async saveList(actor: Actor, type: DripListType, items: DripWrite[], opts: { replaceUrlButtons: boolean }) {
    if (items.some((i) => i.id !== undefined)) assertMay(actor, editPermission(type));
    if (items.some((i) => i.id === undefined)) assertMay(actor, createPermission(type));
    const ctx = {
      actor,
      type,
      drips: this.drips,
      replaceUrlButtons: opts.replaceUrlButtons,
      events: new Set<string>(),
    };
    const errors: Errors = {};
    const prepared: PreparedDrip[] = [];
    for (const [i, item] of items.entries()) prepared.push(await prepareDrip(ctx, item, `${i}.`, errors));
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const ids = await this.write(type, async () => prepared);
    return { created: prepared.some((p) => !p.existing), drips: await this.reload(actor, ids) };
  }

  /** `POST /v1/drips`: one drip (the trigger creator; type defaults to trigger). */
  async create(actor: Actor, body: Record<string, unknown>) {
    const type = listType(body.type ?? 'trigger');
    assertMay(actor, createPermission(type));
    const item = parseOrThrow(dripWriteSchema({ type }), { ...body, id: undefined });
    return (await this.saveOne(actor, type, item))[0]!;
  }

  /** `PUT /v1/drips/{id}`: the whole drip as the editor holds it (trigger editor: url and message required). */
  async update(actor: Actor, id: number, body: Record<string, unknown>) {
    const existing = await this.drips.findLive(actor, id);
    const type = (DRIP_LIST_TYPES as readonly string[]).includes(existing?.type ?? '')
      ? listType(existing?.type)
      : null;
    if (!existing || !type) throw notFound(DRIP_MSG.notFound);
    assertMay(actor, editPermission(type));
    const input = { ...body, id, domain_id: body.domain_id ?? existing.domain_id };
    const item = parseOrThrow(dripWriteSchema({ type, editor: type === 'trigger' }), input);
    return (await this.saveOne(actor, type, item))[0]!;
  }

  private async saveOne(actor: Actor, type: DripListType, item: DripWrite) {
    const ctx = { actor, type, drips: this.drips, replaceUrlButtons: false, events: new Set<string>() };
    const errors: Errors = {};
    const prepared = await prepareDrip(ctx, item, '', errors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return this.reload(actor, await this.write(type, async () => [prepared]));
  }

  /**
   * Drip Setup: a new recurring drip on the audience's website and the same drip (schedule, status; no group) on every
   * other chosen website with that website's audience of the same name, made with the same query where missing. Every
   * website is checked first (another client's: 404) and everything is written in one transaction, or nothing.
   */
  async setup(actor: Actor, { drip, domain_ids }: DripSetup) {
    if (drip.id !== undefined) throw new ValidationError({ 'drip.id': [DRIP_MSG.setupNew] });
    const ctx = {
      actor,
      type: 'recurring' as const,
      drips: this.drips,
      replaceUrlButtons: false,
      events: new Set<string>(),
    };
    const errors: Errors = {};
    const primary = await prepareDrip(ctx, drip, 'drip.', errors);
    const others: PreparedDrip['domain'][] = [];
    for (const id of domain_ids.filter((d) => d !== primary.domain.id)) {
      const site = await this.drips.domainInScope(actor, id);
      if (!site) throw notFound(DRIP_MSG.domainNotFound);
      others.push(site);
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const ids = await this.write('recurring', async (trx) => {
      const audiences = new SetupAudiences(trx, actor);
      const sources = await audiences.sources(primary.audiences ?? []);
      if (sources.length > 0) await audiences.lockWebsites(others.map((d) => d.id));
      const copies: PreparedDrip[] = [];
      for (const domain of others) {
        const fields = { ...primary.fields, group_id: undefined, drip_number: undefined };
        copies.push({ ...primary, domain, fields, audiences: await audiences.on(domain, sources) });
      }
      return [primary, ...copies];
    });
    return this.reload(actor, ids);
  }

  /** Writes what `prepare` gives (run inside the transaction, so it may write too) all or nothing; the drip ids. */
  private async write(type: DripListType, prepare: (trx: Kysely<DB>) => Promise<PreparedDrip[]>): Promise<number[]> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const p of await prepare(trx)) ids.push(await writeOne(trx, type, p));
        return ids;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw eventTaken();
      throw error;
    }
  }

  private async reload(actor: Actor, ids: number[]) {
    const rows = await this.drips.findMany(actor, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return withSchedules(
      this.schedules,
      ids.map((id) => byId.get(id)!),
      true,
    );
  }
}

function listType(value: unknown): DripListType {
  if ((DRIP_LIST_TYPES as readonly unknown[]).includes(value)) return value as DripListType;
  throw new ValidationError({ type: ['The type must be welcome, recurring or trigger.'] });
}

/** Writes one checked item in the call's transaction; returns the drip id. */
async function writeOne(trx: Kysely<DB>, type: DripListType, p: PreparedDrip): Promise<number> {
  const w = new DripWritesRepository(trx);
  const { fields: f } = p;
  const values = {
    title: f.title,
    body: f.body,
    url: f.url,
    icon: f.icon,
    event: f.event,
    customization: JSON.stringify(f.customization),
    meta: JSON.stringify(f.meta),
    ...(f.is_active !== undefined ? { is_active: f.is_active } : {}),
    ...(f.group_id !== undefined ? { group_id: f.group_id } : {}),
    ...(f.drip_number !== undefined ? { drip_number: f.drip_number } : {}),
  };
  const drip = p.existing
    ? await w.updateDrip(p.existing.id, values)
    : await w.insertDrip({
        ...values,
        domain_id: p.domain.id,
        client_id: p.domain.client_id,
        type,
        drip_number: f.drip_number ?? (await w.nextDripNumber(p.domain.id, type)),
      });
  const toPlan: number[] = [];
  if (p.schedule) {
    const scheduleId = await w.saveSchedule(drip, p.schedule);
    if (isTimed(p.schedule.type)) toPlan.push(scheduleId);
    if (p.audiences) await w.setAudiences(scheduleId, p.audiences);
  } else {
    if (f.is_active !== undefined) toPlan.push(...(await w.setActive([drip.id], f.is_active)));
    const current = p.audiences ? await w.firstScheduleOf(drip.id) : undefined;
    if (current && p.audiences) await w.setAudiences(current.id, p.audiences);
  }
  await w.recountGroups([p.existing?.group_id ?? null, drip.group_id]);
  for (const id of toPlan) await planSchedule(trx, id);
  return drip.id;
}
