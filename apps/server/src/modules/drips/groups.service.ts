import { DRIP_MSG } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import { planSchedule } from '../delivery/scheduler.service.ts';
import { DripWritesRepository } from './drip-writes.repository.ts';
import { DripsRepository } from './drips.repository.ts';
import { type GroupRow, GroupsRepository } from './groups.repository.ts';

/** Recurring groups: list by website, create, attach/detach drips (drips_count follows), toggle, delete. */
export class GroupsService {
  private readonly groups: GroupsRepository;
  private readonly drips: DripsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.groups = new GroupsRepository(db);
    this.drips = new DripsRepository(db);
  }

  async byDomain(actor: Actor, domainId: number): Promise<GroupRow[]> {
    await this.domain(actor, domainId);
    return this.groups.byDomain(actor, domainId);
  }

  async create(actor: Actor, body: { domain_id: number; name?: string | undefined; drip_ids?: number[] | undefined }) {
    const domain = await this.domain(actor, body.domain_id);
    const group = await this.groups.insert({
      domain_id: domain.id,
      client_id: domain.client_id,
      name: body.name ?? null,
    });
    return body.drip_ids?.length ? this.attach(actor, group.id, body.drip_ids) : group;
  }

  async attach(actor: Actor, id: number, dripIds: number[]): Promise<GroupRow> {
    const group = await this.find(actor, id);
    const drips = await this.drips.findMany(actor, dripIds, { domainId: group.domain_id, types: ['recurring'] });
    if (drips.length !== new Set(dripIds).size) throw new ValidationError({ drip_ids: [DRIP_MSG.drips] });
    await this.db.transaction().execute(async (trx) => {
      const left = await new GroupsRepository(trx).attach(group, dripIds);
      await new DripWritesRepository(trx).recountGroups([...left, group.id]);
    });
    return this.find(actor, id);
  }

  async detach(actor: Actor, id: number, dripIds: number[]): Promise<GroupRow> {
    await this.find(actor, id);
    await this.db.transaction().execute(async (trx) => {
      await new GroupsRepository(trx).detach(id, dripIds);
      await new DripWritesRepository(trx).recountGroups([id]);
    });
    return this.find(actor, id);
  }

  async remove(actor: Actor, id: number): Promise<GroupRow> {
    const group = await this.find(actor, id);
    await this.db.transaction().execute((trx) => new GroupsRepository(trx).delete(id));
    return group;
  }

  /** The group on or off; `mode=multiple` switches its drips and their schedules too (planned again when on). */
  async toggle(actor: Actor, id: number, isActive: 0 | 1, multiple: boolean): Promise<GroupRow> {
    await this.find(actor, id);
    await this.db.transaction().execute(async (trx) => {
      const w = new DripWritesRepository(trx);
      await w.setGroupActive(id, isActive);
      if (!multiple) return;
      const timed = await w.setActive(await new GroupsRepository(trx).dripIds(id), isActive);
      for (const s of timed) await planSchedule(trx, s);
    });
    return this.find(actor, id);
  }

  /** `POST /v1/tools/update-schedules/recurring`: next_disp_date of the website's recurring drips from now. */
  async replanRecurring(actor: Actor, domainIds: number[]) {
    const results = [];
    for (const domainId of domainIds) {
      await this.domain(actor, domainId);
      const schedules = await this.groups.recurringSchedules(domainId);
      await this.db.transaction().execute(async (trx) => {
        for (const s of schedules) await planSchedule(trx, s.id);
      });
      results.push({ domain_id: domainId, drips_count: new Set(schedules.map((s) => s.drip_id)).size });
    }
    return results;
  }

  private async domain(actor: Actor, id: number) {
    const domain = await this.drips.domainInScope(actor, id);
    if (!domain) throw notFound(DRIP_MSG.domainNotFound);
    return domain;
  }

  private async find(actor: Actor, id: number): Promise<GroupRow> {
    const group = await this.groups.find(actor, id);
    if (!group) throw notFound(DRIP_MSG.groupNotFound);
    return group;
  }
}
