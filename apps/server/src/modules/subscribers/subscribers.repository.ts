import type { SubscriberUpdate } from '@pushdeck/contracts';
import { CompiledQuery, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { applyFilters } from '../../lib/query/index.ts';
import { scopeToActor } from '../../lib/tenancy.ts';
import { COUNT_BUDGET_MS, type SubscriberSet } from './subscriber-set.ts';

/** The subscriber table's columns that live on the row (website_id comes from the domain). */
const COLUMNS = [
  'subscribers.id',
  'subscribers.subscribable_id',
  'subscribers.device',
  'subscribers.os',
  'subscribers.browser',
  'subscribers.resolution',
  'subscribers.location',
  'subscribers.language',
  'subscribers.timezone',
  'subscribers.updated_at',
  'subscribers.subscription_url',
  'subscribers.last_url_visited',
  'subscribers.last_drip_number',
  'subscribers.ip',
] as const;

const isQueryCanceled = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '57014';

type PlanRow = { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string };

export class SubscribersRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly countBudgetMs = COUNT_BUDGET_MS,
  ) {}

  /**
   * The set's rows. `is_active` is a literal so the partial index subscribers_domain_active (domain_id, id)
   * where is_active = 1 serves the id order, the keyset walk and an index-only count. Tenancy comes from the
   * website: a set's domain was looked up in the actor's scope (SubscribersService.setOf), and a subscriber's
   * client is its website's; a client_id condition here would only cost the index-only count.
   */
  private matching(set: SubscriberSet) {
    let q = this.db
      .selectFrom('subscribers')
      .where('subscribers.domain_id', '=', set.domainId)
      .where(sql<SqlBool>`${sql.ref('subscribers.is_active')} = ${sql.lit(set.active)}`);
    if (set.audience) q = q.where(set.audience);
    return applyFilters(q, { where: [...(set.where ?? [])] }, { table: 'subscribers' });
  }

  /**
   * One numbered page, by id. The offset walks ids only (a deferred join): without an audience that is an
   * index-only scan of subscribers_domain_active, and only the page's own rows are read from the table.
   */
  page(set: SubscriberSet, window: { offset: number; limit: number; dir: 'asc' | 'desc' }) {
    const ids = this.matching(set)
      .select('subscribers.id')
      .orderBy('subscribers.id', window.dir)
      .limit(window.limit)
      .offset(window.offset);
    return this.db
      .selectFrom('subscribers')
      .select(COLUMNS)
      .where('subscribers.id', 'in', ids)
      .orderBy('subscribers.id', window.dir)
      .execute();
  }

  /** Keyset walk, newest first: the next `limit` rows with an id below `beforeId` (null: from the newest). */
  before(set: SubscriberSet, beforeId: number | null, limit: number) {
    let q = this.matching(set).select(COLUMNS);
    if (beforeId !== null) q = q.where('subscribers.id', '<', beforeId);
    return q.orderBy('subscribers.id', 'desc').limit(limit).execute();
  }

  /**
   * Exact count within the time budget (statement_timeout inside its own transaction); a count that would take
   * longer answers the planner's row estimate instead, flagged as such.
   */
  async count(set: SubscriberSet): Promise<{ total: number; estimate: boolean }> {
    const rows = this.matching(set).select(sql<number>`1`.as('one'));
    try {
      return await this.db.transaction().execute(async (trx) => {
        await sql`select set_config('statement_timeout', ${String(this.countBudgetMs)}, true)`.execute(trx);
        const r = await sql<{ total: string | number }>`select count(*) as total from (${rows}) as matching`.execute(
          trx,
        );
        return { total: Number(r.rows[0]?.total ?? 0), estimate: false };
      });
    } catch (e) {
      if (!isQueryCanceled(e)) throw e;
    }
    const compiled = rows.compile();
    const plan = await this.db.executeQuery<PlanRow>(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    const raw = plan.rows[0]?.['QUERY PLAN'];
    const parsed = typeof raw === 'string' ? (JSON.parse(raw) as Exclude<PlanRow['QUERY PLAN'], string>) : raw;
    return { total: Math.max(0, Math.round(parsed?.[0]?.Plan['Plan Rows'] ?? 0)), estimate: true };
  }

  /** One subscriber of the actor's client, with its website's public id. */
  find(actor: Actor, id: number) {
    return scopeToActor(
      this.db
        .selectFrom('subscribers')
        .innerJoin('domains', 'domains.id', 'subscribers.domain_id')
        .select([...COLUMNS, 'domains.website_id'])
        .where('subscribers.id', '=', id),
      actor,
      'subscribers.client_id',
    ).executeTakeFirst();
  }

  /** Sets the given page URLs; false when the subscriber is not the actor's client's. */
  async updateUrls(actor: Actor, id: number, patch: SubscriberUpdate): Promise<boolean> {
    const set: { updated_at: Date; subscription_url?: string | null; last_url_visited?: string | null } = {
      updated_at: new Date(),
    };
    if (patch.subscription_url !== undefined) set.subscription_url = patch.subscription_url;
    if (patch.last_url_visited !== undefined) set.last_url_visited = patch.last_url_visited;
    const r = await scopeToActor(
      this.db.updateTable('subscribers').set(set).where('subscribers.id', '=', id),
      actor,
      'subscribers.client_id',
    ).executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }
}
