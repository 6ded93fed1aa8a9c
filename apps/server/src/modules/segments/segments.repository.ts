import type { AudienceQuery, SegmentType } from '@pushdeck/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { applyListQuery, type ListQuerySpec, type ParsedListQuery } from '../../lib/query/index.ts';
import { scopeToActor } from '../../lib/tenancy.ts';
import type { Actor } from '../../plugins/types.ts';

/** `GET /api/v1/segments/get` parameters (part 2 §7). */
export const SEGMENT_LIST_SPEC: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    domain_id: { type: 'int' },
    name: { type: 'string' },
    type: { type: 'string' },
    is_system: { type: 'int' },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
  },
  defaultOrder: [{ field: 'id', dir: 'desc' }],
  maxLimit: 1000,
};

const COLUMNS = [
  'segments.id',
  'segments.domain_id',
  'segments.name',
  'segments.type',
  'segments.is_system',
  'segments.query',
  'segments.created_at',
  'segments.updated_at',
] as const;

/**
 * The first key of the per-website advisory lock held while audiences are made (the second is the website id):
 * creating, editing and Drip Setup's missing audiences wait for each other on one website.
 */
export const AUDIENCE_LOCK = 7_230_401;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ScheduleUse {
  id: number;
  title: string;
  is_active: number;
}

export class SegmentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped(actor: Actor, db: Kysely<DB> | Transaction<DB> = this.db) {
    return scopeToActor(db.selectFrom('segments').select(COLUMNS), actor, 'segments.client_id');
  }

  list(actor: Actor, parsed: ParsedListQuery) {
    let q = this.scoped(actor);
    if (parsed.search) q = q.where('segments.name', 'ilike', `%${escapeLike(parsed.search)}%`);
    const windowed = parsed.pagination || parsed.limit !== undefined ? parsed : { ...parsed, limit: 1000 };
    return applyListQuery(q, windowed, { table: 'segments' }).execute();
  }

  find(actor: Actor, id: number) {
    return this.scoped(actor).where('segments.id', '=', id).executeTakeFirst();
  }

  /** The website's segments of one name (the existence check compares their queries). */
  named(actor: Actor, domainId: number, name: string, db: Kysely<DB> | Transaction<DB> = this.db) {
    return this.scoped(actor, db)
      .where('segments.domain_id', '=', domainId)
      .where('segments.name', '=', name)
      .orderBy('segments.id')
      .execute();
  }

  /** Holds, until the transaction ends, the right to make or change audiences on this website. */
  async lockWebsite(trx: Kysely<DB> | Transaction<DB>, domainId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${AUDIENCE_LOCK}, ${domainId})`.execute(trx);
  }

  insert(
    row: { domain_id: number; client_id: number; name: string; type: SegmentType; query: AudienceQuery },
    db: Kysely<DB> | Transaction<DB> = this.db,
  ) {
    return db
      .insertInto('segments')
      .values({ ...row, query: JSON.stringify(row.query) })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    patch: { name?: string; type?: SegmentType; query?: AudienceQuery },
    db: Kysely<DB> | Transaction<DB> = this.db,
  ): Promise<void> {
    const { query, ...rest } = patch;
    await db
      .updateTable('segments')
      .set({ ...rest, ...(query ? { query: JSON.stringify(query) } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .where('is_system', '=', 0)
      .execute();
  }

  /** Schedules that send to this segment, with a title for messages (the drip's, else the schedule's or group's). */
  schedulesUsing(trx: Transaction<DB>, segmentId: number): Promise<ScheduleUse[]> {
    return trx
      .selectFrom('schedule_audiences as sa')
      .innerJoin('schedules as s', 's.id', 'sa.schedule_id')
      .leftJoin('drips as d', 'd.id', 's.drip_id')
      .leftJoin('drip_groups as g', 'g.id', 's.group_id')
      .select((eb) => [
        's.id',
        's.is_active',
        eb.fn.coalesce('d.title', 's.name', 'g.name', eb.cast<string>('s.type', 'text')).as('title'),
      ])
      .where('sa.segment_id', '=', segmentId)
      .orderBy('s.id')
      .forShare('s')
      .execute();
  }

  /**
   * Runs `fn` with the segment locked against concurrent edits (and the schedules using it read `for share`,
   * so none is activated between the check and the delete).
   */
  inTransaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  lock(trx: Transaction<DB>, actor: Actor, id: number) {
    return this.scoped(actor, trx).where('segments.id', '=', id).forUpdate('segments').executeTakeFirst();
  }

  async delete(trx: Transaction<DB>, id: number): Promise<void> {
    await trx.deleteFrom('segments').where('id', '=', id).where('is_system', '=', 0).execute();
  }
}
