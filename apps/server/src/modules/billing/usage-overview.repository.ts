import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  applySelect,
  type ListQuerySpec,
  type ListResult,
  likePattern,
  type ParsedListQuery,
  runList,
  selectedColumns,
} from '../../lib/query/index.ts';
import { monthlySendsSql } from './quota.repository.ts';

/** What `GET /v1/billing/overview` accepts: search (name or uid), order_by on the figures, paging. */
export const USAGE_OVERVIEW_SPEC: ListQuerySpec = {
  fields: {
    client_id: { type: 'int' },
    client_uid: { type: 'string' },
    name: { type: 'string' },
    is_active: { type: 'int' },
    plan_id: { type: 'int' },
    plan_name: { type: 'string', filterable: false },
    timezone: { type: 'string', filterable: false, sortable: false },
    month: { type: 'string', filterable: false, sortable: false },
    sends: { type: 'int', filterable: false },
    sends_limit: { type: 'int', filterable: false, sortable: false },
    active_subscribers: { type: 'int', filterable: false },
    subscribers_limit: { type: 'int', filterable: false, sortable: false },
    websites: { type: 'int', filterable: false },
    websites_limit: { type: 'int', filterable: false, sortable: false },
    percent: { type: 'int', filterable: false },
  },
  maxPageLength: 100,
};

export interface UsageOverviewRow {
  client_id: number;
  client_uid: string;
  name: string;
  is_active: number;
  plan_id: number | null;
  plan_name: string | null;
  timezone: string;
  month: string;
  sends: number | string;
  sends_limit: number | null;
  active_subscribers: number | string;
  subscribers_limit: number | null;
  websites: number | string;
  websites_limit: number | null;
  percent: number | string | null;
}

/** A quota's share used in percent, SQL (null: unlimited; a limit of 0 is full). */
const share = (used: string, limit: string) =>
  sql`case when ${sql.ref(limit)} is null then null when ${sql.ref(limit)} = 0 then 100
    else ${sql.ref(used)} * 100.0 / ${sql.ref(limit)} end`;

/**
 * Every client's plan and this month's usage for staff (docs/billing.md "Staff"): the same figures as each
 * client's Billing (monthlySendsSql, the active subscribers, the live websites), one row per client.
 */
export class UsageOverviewRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Clients with their figures, before paging, sorting and search. */
  private figures(search: string | undefined) {
    let q = this.db
      .selectFrom('clients as c')
      .leftJoin('plans as p', 'p.id', 'c.plan_id')
      .select(['c.id as client_id', 'c.client_uid', 'c.name', 'c.is_active', 'c.plan_id', 'p.name as plan_name'])
      .select(['c.timezone', 'p.monthly_sends as sends_limit', 'p.active_subscribers as subscribers_limit'])
      .select('p.websites as websites_limit')
      .select([
        sql<string>`to_char(now() at time zone c.timezone, 'YYYY-MM')`.as('month'),
        monthlySendsSql(sql.ref('c.id'), sql.ref('c.timezone')).as('sends'),
        sql<number>`(select count(*) from subscribers s where s.client_id = c.id and s.is_active = 1)`.as(
          'active_subscribers',
        ),
        sql<number>`(select count(*) from domains d where d.client_id = c.id and d.deleted_at is null)`.as('websites'),
      ]);
    if (search) {
      const p = likePattern(search);
      q = q.where((eb) => eb.or([eb('c.name', 'ilike', p), eb('c.client_uid', 'ilike', p)]));
    }
    return q;
  }

  /** One page (or window) of clients; `percent` is the highest share of a quota used. */
  page(parsed: ParsedListQuery): Promise<ListResult<UsageOverviewRow>> {
    const percent = sql<number | null>`round(greatest(${share('f.sends', 'f.sends_limit')},
      ${share('f.active_subscribers', 'f.subscribers_limit')}, ${share('f.websites', 'f.websites_limit')}), 1)`;
    const withShare = this.db
      .selectFrom(this.figures(parsed.search).as('f'))
      .selectAll('f')
      .select([percent.as('percent'), sql<number>`coalesce(${percent}, -1)`.as('percent_order')]);
    // a stable order for paging: the request's (a client without quotas below every share), then the name and the id
    const orderBy = [
      ...parsed.orderBy.map((o) => (o.field === 'percent' ? { ...o, column: 'percent_order' } : o)),
      ...(parsed.orderBy.some((o) => o.field === 'name')
        ? []
        : [{ field: 'name', column: 'name', dir: 'asc' as const }]),
      { field: 'client_id', column: 'client_id', dir: 'asc' as const },
    ];
    // every field, whatever `select` asked: the answer has one shape (usageOverviewResponseSchema)
    const q = applySelect(this.db.selectFrom(withShare.as('u')), selectedColumns({}, USAGE_OVERVIEW_SPEC), {
      table: 'u',
    });
    return runList<UsageOverviewRow, DB, never, unknown>(this.db, q as never, { ...parsed, orderBy }, { table: 'u' });
  }

  /** The clients matching the search, and their figures summed. */
  async totals(search: string | undefined) {
    const r = await this.db
      .selectFrom(this.figures(search).as('f'))
      .select((eb) => [
        eb.fn.countAll<string>().as('clients'),
        eb.fn.sum<string>('f.sends').as('sends'),
        eb.fn.sum<string>('f.active_subscribers').as('active_subscribers'),
        eb.fn.sum<string>('f.websites').as('websites'),
      ])
      .executeTakeFirstOrThrow();
    return {
      clients: Number(r.clients),
      sends: Number(r.sends ?? 0),
      active_subscribers: Number(r.active_subscribers ?? 0),
      websites: Number(r.websites ?? 0),
    };
  }
}
