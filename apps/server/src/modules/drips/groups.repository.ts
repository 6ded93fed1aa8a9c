import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, DripGroupsTable } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { scopeToActor } from '../../lib/tenancy.ts';

export type GroupRow = Selectable<DripGroupsTable>;

/** Recurring groups of the actor's scope. */
export class GroupsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped(actor: Actor) {
    return scopeToActor(this.db.selectFrom('drip_groups').selectAll(), actor, 'drip_groups.client_id');
  }

  byDomain(actor: Actor, domainId: number): Promise<GroupRow[]> {
    return this.scoped(actor).where('drip_groups.domain_id', '=', domainId).orderBy('drip_groups.id').execute();
  }

  find(actor: Actor, id: number): Promise<GroupRow | undefined> {
    return this.scoped(actor).where('drip_groups.id', '=', id).executeTakeFirst();
  }

  insert(values: { domain_id: number; client_id: number; name: string | null }): Promise<GroupRow> {
    return this.db.insertInto('drip_groups').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** Puts live recurring drips of the group's website into it; returns the groups they left. */
  async attach(group: GroupRow, dripIds: readonly number[]): Promise<(number | null)[]> {
    const moved = await this.db
      .selectFrom('drips')
      .select('group_id')
      .where('id', 'in', [...dripIds])
      .execute();
    await this.db
      .updateTable('drips')
      .set({ group_id: group.id, updated_at: sql<Date>`now()` })
      .where('id', 'in', [...dripIds])
      .execute();
    return moved.map((m) => m.group_id);
  }

  async detach(groupId: number, dripIds: readonly number[]): Promise<void> {
    await this.db
      .updateTable('drips')
      .set({ group_id: null, updated_at: sql<Date>`now()` })
      .where('group_id', '=', groupId)
      .where('id', 'in', [...dripIds])
      .execute();
  }

  /** Deletes the group; its drips stay, ungrouped. */
  async delete(groupId: number): Promise<void> {
    await this.db.updateTable('drips').set({ group_id: null }).where('group_id', '=', groupId).execute();
    await this.db.deleteFrom('drip_groups').where('id', '=', groupId).execute();
  }

  /** Live drip ids of a group. */
  async dripIds(groupId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('drips')
      .select('id')
      .where('group_id', '=', groupId)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Time-driven schedules of a website's live recurring drips, for re-planning. */
  async recurringSchedules(domainId: number): Promise<{ id: number; drip_id: number | null }[]> {
    return this.db
      .selectFrom('schedules as s')
      .innerJoin('drips as d', 'd.id', 's.drip_id')
      .select(['s.id', 's.drip_id'])
      .where('s.domain_id', '=', domainId)
      .where('d.type', '=', 'recurring')
      .where('d.deleted_at', 'is', null)
      .where('s.type', 'in', ['recurring', 'tail-recurring', 'one', 'multiple'])
      .orderBy('s.id')
      .execute();
  }
}
