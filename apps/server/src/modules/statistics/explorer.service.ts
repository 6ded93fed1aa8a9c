import {
  CUSTOM_EXPORT_COLUMNS,
  type CustomExportBody,
  type DataExplorerBody,
  EXPLORER_COLUMNS,
  EXPLORER_EXTRA_COLUMNS,
  STAT_COUNTER_NAMES,
  STATS_CACHE_DEFAULTS,
  STATS_LIMITS,
  type StatsTableResponse,
  type StatsV2Query,
  type TopStatsBody,
} from '@pushdeck/contracts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/errors.ts';
import { statisticsClock } from './clock.ts';
import { type ColumnCatalog, type ColumnPlan, planColumns, shapeRow } from './columns.ts';
import type { FactRow, FactsRepository, FactTotals } from './facts.repository.ts';
import type { FactsQuery } from './facts-sql.ts';
import type { ScopeRepository } from './scope.repository.ts';
import { cacheKey, type StatsCache } from './stats-cache.ts';
import { resolveScope } from './stats-scope.ts';
import { rawTypesOf } from './stats-sql.ts';
import { statsRange } from './time-range.ts';

const EXPLORER_CATALOG: ColumnCatalog = {
  groups: { website_id: 'website_id', client: 'client', date: 'date', type: 'type', drip_id: 'drip_id' },
  attached: { url: 'website_id', client_id: 'client', client_uid: 'client' },
  defaults: EXPLORER_COLUMNS,
  extras: [...EXPLORER_EXTRA_COLUMNS, ...STAT_COUNTER_NAMES],
};

const TOP_CATALOG: ColumnCatalog = { ...EXPLORER_CATALOG, defaults: ['sent', 'delivered', 'clicked'] };

export interface TopKind {
  by: 'client' | 'website_id';
  family: 'recurring' | 'welcome';
}

/** Totals as a row without dimension values. */
export function totalsRow(t: FactTotals): FactRow {
  return {
    ...t,
    date: null,
    domain_id: null,
    website_id: null,
    url: null,
    client_id: null,
    client: null,
    client_uid: null,
    type: null,
    drip_id: null,
  };
}

/** Data Explorer and the Performance report's top tables: grouped rollups with paging and a 'With Totals' row. */
export class ExplorerService {
  constructor(
    private readonly facts: FactsRepository,
    private readonly scopes: ScopeRepository,
    private readonly cache: StatsCache,
  ) {}

  dataExplorer(actor: Actor, body: DataExplorerBody, query: StatsV2Query): Promise<StatsTableResponse> {
    const plan = planColumns(EXPLORER_CATALOG, { groups: body.groups, columns: body.columns, orders: body.orders });
    return this.run(actor, 'explorer', body, query, plan, {
      families: body.filters.type,
      clients: body.filters.client_id,
      ttlMinutes: query.cache ?? STATS_CACHE_DEFAULTS.explorerMinutes,
    });
  }

  top(actor: Actor, kind: TopKind, body: TopStatsBody, query: StatsV2Query): Promise<StatsTableResponse> {
    if (kind.by === 'client' && !actor.user.isStaff) throw forbidden();
    const columns = {
      ...body.columns,
      include: [...body.columns.include, kind.by === 'client' ? 'client_uid' : 'url'],
    };
    const plan = planColumns(TOP_CATALOG, {
      groups: [kind.by, ...body.groups],
      columns,
      orders: body.orders,
      defaultOrder: [{ key: 'sent', dir: 'desc' }],
    });
    return this.run(actor, `top:${kind.by}:${kind.family}`, body, query, plan, {
      families: [kind.family],
      clients: body.filters.client_id,
      ttlMinutes: query.cache ?? STATS_CACHE_DEFAULTS.topMinutes,
    });
  }

  /**
   * The Files screen's Custom Export (issue #14): the chosen data type's counters per period and per drip, website or
   * type, over a range up to STATS_LIMITS.exportMonthsBack months back, in the request's zone. One page of rows.
   */
  async customExport(
    actor: Actor,
    body: CustomExportBody,
    paging: { page: number; pageLength: number },
  ): Promise<StatsTableResponse> {
    const catalog: ColumnCatalog = { ...EXPLORER_CATALOG, defaults: CUSTOM_EXPORT_COLUMNS[body.data_type] };
    const plan = planColumns(catalog, {
      groups: ['date', body.group_by],
      columns: { map: {}, exclude: [], include: [], expand: [] },
      orders: [{ date: 'asc' }, { [body.group_by]: 'asc' }],
    });
    const range = statsRange(
      {
        tz: body.timezone,
        from: body.date_start,
        to: body.date_end,
        now: statisticsClock.now(),
        monthsBack: STATS_LIMITS.exportMonthsBack,
      },
      { from: 'date_start', to: 'date_end', tz: 'timezone' },
    );
    const scope = await resolveScope(this.scopes, actor, {
      clients: [],
      domains: body.website_id,
      domainField: 'website_id',
    });
    const { rows, totals } = await this.facts.page({
      scope,
      range,
      unit: body.date_trunc,
      rawTypes: null,
      dims: plan.dims,
      order: plan.order,
      limit: paging.pageLength,
      offset: (paging.page - 1) * paging.pageLength,
    });
    return {
      data: rows.map((r) => shapeRow(plan, r)),
      meta: { total: totals.total, totals: shapeRow(plan, totalsRow(totals)) },
    };
  }

  private async run(
    actor: Actor,
    op: string,
    body: DataExplorerBody | TopStatsBody,
    query: StatsV2Query,
    plan: ColumnPlan,
    opts: { families: readonly string[]; clients: readonly string[]; ttlMinutes: number },
  ): Promise<StatsTableResponse> {
    const range = statsRange(
      { tz: body.timezone, from: body.filters.date_start, to: body.filters.date_end, now: statisticsClock.now() },
      { from: 'filters.date_start', to: 'filters.date_end', tz: 'timezone' },
    );
    const scope = await resolveScope(this.scopes, actor, {
      clients: opts.clients,
      domains: body.filters.website_id,
      domainField: 'filters.website_id',
    });
    const { paginate, pageLength, page } = query;
    const key = cacheKey({ op, body, paging: { paginate, pageLength, page }, scope });
    return this.cache.getOrCompute(key, opts.ttlMinutes * 60_000, async () => {
      const facts: FactsQuery = {
        scope,
        range,
        unit: body.date_trunc,
        rawTypes: rawTypesOf(opts.families),
        leavers: plan.needsPatience,
        dims: plan.dims,
        order: plan.order,
        limit: paginate ? pageLength : STATS_LIMITS.unpaginatedRows,
        offset: paginate ? (page - 1) * pageLength : 0,
      };
      const { rows, totals } = await this.facts.page(facts);
      return {
        data: rows.map((r) => shapeRow(plan, r)),
        meta: { total: totals.total, totals: shapeRow(plan, totalsRow(totals)) },
      };
    });
  }
}
