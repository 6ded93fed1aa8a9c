import { type DripKind, type DripStats, pushCtr } from '@pushdeck/contracts';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB, DripRow } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  applySelect,
  conditionSql,
  type ListResult,
  likePattern,
  listColumns,
  type ParsedListQuery,
  type RelationCondition,
  runList,
} from '../../lib/query/index.ts';
import { scopeToActor } from '../../lib/tenancy.ts';
import { DRIP_LIST_DEFAULT_LIMIT, DRIP_LIST_SPEC } from './drip-list-spec.ts';

/**
 * A drip row with its JSON columns read as objects (the database keeps them as jsonb objects); never an `api` send's
 * drip (this repository does not read those).
 */
export type DripRecord = Omit<DripRow, 'customization' | 'meta' | 'type'> & {
  type: DripKind;
  customization: Record<string, unknown>;
  meta: Record<string, unknown>;
};
export type DripListResult = ListResult<Partial<DripRecord>>;

/** Which drips of a type a group call means: a group's, or (group null) the website's ungrouped ones. */
export interface GroupSelector {
  type: DripKind;
  groupId: number | null;
  domainId?: number;
}

/** The drip list's search: the text in a drip's title, body or trigger event (also the Messages export's). */
export const dripSearch = (search: string) => {
  const p = likePattern(search);
  return (eb: ExpressionBuilder<DB, 'drips'>) =>
    eb.or([eb('drips.title', 'ilike', p), eb('drips.body', 'ilike', p), eb('drips.event', 'ilike', p)]);
};

/**
 * A send-time filter (`whereRelation[schedules][time]`) matches the time however it was stored: '09:00' and
 * '09:00:00' are the same time.
 */
function sameTime(c: RelationCondition): RelationCondition {
  if (c.relation !== 'schedules' || c.field !== 'time' || c.op === 'is null') return c;
  const values = (c.op === '=' ? [c.value] : c.value).flatMap((v) => {
    const m = /^(\d{2}:\d{2})(?::00)?$/.exec(String(v));
    return m ? [m[1]!, `${m[1]}:00`] : [v];
  });
  return { ...c, op: 'in', value: values };
}

/** Drips of the actor's scope; deleted drips (deleted_at) are invisible everywhere. */
export class DripsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Sends of the server API (type `api`) are drips that hold a message, never listed or edited as drips. */
  private live(actor: Actor) {
    return scopeToActor(
      this.db.selectFrom('drips').where('drips.deleted_at', 'is', null).where('drips.type', '!=', 'api'),
      actor,
      'drips.client_id',
    );
  }

  async list(actor: Actor, type: DripKind, parsed: ParsedListQuery): Promise<DripListResult> {
    let q = this.live(actor).where('drips.type', '=', type);
    if (parsed.search) q = q.where(dripSearch(parsed.search));
    for (const c of parsed.whereRelation.map(sameTime)) {
      q = q.where(({ exists, selectFrom }) => {
        const schedules = selectFrom('schedules as s').select(sql`1`.as('one')).whereRef('s.drip_id', '=', 'drips.id');
        return exists(
          c.relation === 'schedules'
            ? schedules.where(conditionSql(c, 's'))
            : schedules.innerJoin('schedule_audiences as sa', 'sa.schedule_id', 's.id').where(conditionSql(c, 'sa')),
        );
      });
    }
    if (parsed.groupBy?.field === 'group_id') {
      // the group's first drip stands for it; an ungrouped drip (group_id null) finds no mate and stays
      q = q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('drips as mate')
              .select(sql`1`.as('one'))
              .whereRef('mate.group_id', '=', 'drips.group_id')
              .whereRef('mate.type', '=', 'drips.type')
              .where('mate.deleted_at', 'is', null)
              .where(sql<boolean>`(mate.drip_number, mate.id) < (drips.drip_number, drips.id)`),
          ),
        ),
      );
    }
    const selected = applySelect(q, listColumns(parsed, DRIP_LIST_SPEC), { table: 'drips' });
    return runList(this.db, selected, parsed, { table: 'drips', defaultLimit: DRIP_LIST_DEFAULT_LIMIT });
  }

  findLive(actor: Actor, id: number): Promise<DripRecord | undefined> {
    return this.live(actor).selectAll('drips').where('drips.id', '=', id).$castTo<DripRecord>().executeTakeFirst();
  }

  /** Live drips in scope among `ids`, optionally of one website and types. */
  findMany(
    actor: Actor,
    ids: readonly number[],
    filter: { domainId?: number; types?: DripKind[] } = {},
  ): Promise<DripRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    let q = this.live(actor)
      .selectAll('drips')
      .where('drips.id', 'in', [...ids]);
    if (filter.domainId !== undefined) q = q.where('drips.domain_id', '=', filter.domainId);
    if (filter.types) q = q.where('drips.type', 'in', filter.types);
    return q.orderBy('drips.id').$castTo<DripRecord>().execute();
  }

  /** Live drips of a type in a group (or the ungrouped ones of a website). */
  inGroup(actor: Actor, sel: GroupSelector): Promise<DripRecord[]> {
    let q = this.live(actor).selectAll('drips').where('drips.type', '=', sel.type).$castTo<DripRecord>();
    q = sel.groupId === null ? q.where('drips.group_id', 'is', null) : q.where('drips.group_id', '=', sel.groupId);
    if (sel.domainId !== undefined) q = q.where('drips.domain_id', '=', sel.domainId);
    return q.orderBy('drips.drip_number').orderBy('drips.id').execute();
  }

  /** A live website in the actor's scope, with the client it belongs to. */
  domainInScope(actor: Actor, id: number) {
    return scopeToActor(
      this.db.selectFrom('domains').select(['domains.id', 'domains.client_id']).where('domains.deleted_at', 'is', null),
      actor,
      'domains.client_id',
    )
      .where('domains.id', '=', id)
      .executeTakeFirst();
  }

  /** Whether a live trigger of the website already listens to `event` (other than `exceptId`). */
  async eventTaken(domainId: number, event: string, exceptId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('drips')
      .select('id')
      .where('domain_id', '=', domainId)
      .where('type', '=', 'trigger')
      .where('event', '=', event)
      .where('deleted_at', 'is', null);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Segment ids among `ids` that are audiences of the website. */
  async segmentsOf(domainId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('segments')
      .select('id')
      .where('domain_id', '=', domainId)
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /**
   * All-time sent, delivered and clicked per drip, summed from the hourly rollups (`stats_hourly`, the only table that
   * keeps drips apart) in ONE query for a whole list: each drip's rows are read through the rollups' primary key
   * (domain_id, drip_id, type, hour). Drips outside the actor's client are never read; drips without rows are absent.
   */
  async statsOf(actor: Actor, ids: readonly number[]): Promise<Map<number, DripStats>> {
    if (ids.length === 0) return new Map();
    const rows = await scopeToActor(
      this.db
        .selectFrom('drips as d')
        .innerJoin('stats_hourly as s', (j) =>
          j.onRef('s.domain_id', '=', 'd.domain_id').onRef('s.drip_id', '=', 'd.id'),
        )
        .select([
          'd.id',
          sql<string>`sum(s.sent)`.as('sent'),
          sql<string>`sum(s.delivered)`.as('delivered'),
          sql<string>`sum(s.clicked)`.as('clicked'),
        ])
        .where('d.id', 'in', [...ids])
        .groupBy('d.id'),
      actor,
      'd.client_id',
    ).execute();
    return new Map(
      rows.map((r) => {
        const c = { sent: Number(r.sent), delivered: Number(r.delivered), clicked: Number(r.clicked) };
        return [r.id, { ...c, push_ctr: pushCtr(c) }];
      }),
    );
  }

  /** A group of the website in scope (for items naming a group_id). */
  groupOf(actor: Actor, groupId: number) {
    return scopeToActor(this.db.selectFrom('drip_groups').selectAll(), actor, 'drip_groups.client_id')
      .where('drip_groups.id', '=', groupId)
      .executeTakeFirst();
  }
}
