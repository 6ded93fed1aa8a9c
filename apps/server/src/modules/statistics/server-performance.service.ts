import {
  activePerHour,
  perUniqueDrip,
  SERVER_PERFORMANCE_COLUMNS,
  type ServerPerformanceBody,
  STAT_COUNTER_NAMES,
  STATS_CACHE_DEFAULTS,
  STATS_LIMITS,
  type StatsTableResponse,
  type StatsV2Query,
} from '@pushdeck/contracts';
import { sql } from 'kysely';
import type { Actor } from '../../lib/actor.ts';
import type { ActiveCount, ActiveSubscribersRepository, ActiveWindow } from './active-subscribers.repository.ts';
import { statisticsClock } from './clock.ts';
import { type ColumnCatalog, type ColumnPlan, planColumns, shapeRow } from './columns.ts';
import { totalsRow } from './explorer.service.ts';
import type { FactRow, FactsRepository } from './facts.repository.ts';
import { DRIP_COUNTS, type FactsQuery } from './facts-sql.ts';
import type { ScopeRepository } from './scope.repository.ts';
import { cacheKey, type StatsCache } from './stats-cache.ts';
import { resolveScope } from './stats-scope.ts';
import { rawTypesOf } from './stats-sql.ts';
import { dayDataEnd, HOUR_MS, type LocalRange, statsRange } from './time-range.ts';

const CATALOG: ColumnCatalog = {
  groups: { campaign_uid: 'website_id', client_uid: 'client', date: 'date', type: 'type' },
  attached: {},
  defaults: SERVER_PERFORMANCE_COLUMNS,
  extras: STAT_COUNTER_NAMES,
};

const perDrip = (per: string) =>
  sql`(case when ${sql.ref(`g.count_drips_per_${per}_by_sent`)} = 0 then 0 else g.sent / ${sql.ref(`g.count_drips_per_${per}_by_sent`)} end)`;
const ORDER_EXPRESSIONS = { sent_per_hour_by_uniq_drips: perDrip('hour'), sent_per_day_by_uniq_drips: perDrip('day') };
const SORT_KEYS = [...DRIP_COUNTS.filter((k) => k !== 'last_hour'), ...Object.keys(ORDER_EXPRESSIONS)];

/** Server Performance: per website, client, date and type — scheduling, sending, audience and activity columns. */
export class ServerPerformanceService {
  constructor(
    private readonly facts: FactsRepository,
    private readonly scopes: ScopeRepository,
    private readonly active: ActiveSubscribersRepository,
    private readonly cache: StatsCache,
  ) {}

  async page(actor: Actor, body: ServerPerformanceBody, query: StatsV2Query): Promise<StatsTableResponse> {
    const plan = planColumns(CATALOG, {
      groups: body.groups,
      columns: body.columns,
      orders: body.orders,
      extraSortKeys: SORT_KEYS,
    });
    const now = statisticsClock.now();
    const range = statsRange(
      { tz: body.timezone, from: body.filters.date_start, to: body.filters.date_end, now },
      { from: 'filters.date_start', to: 'filters.date_end', tz: 'timezone' },
    );
    const scope = await resolveScope(this.scopes, actor, {
      clients: body.filters.client_uid,
      domains: body.filters.campaign_uid,
      domainField: 'filters.campaign_uid',
    });
    const { paginate, pageLength, page } = query;
    const key = cacheKey({ op: 'serverPerformance', body, paging: { paginate, pageLength, page }, scope });
    const ttl = (query.cache ?? STATS_CACHE_DEFAULTS.serverPerfMinutes) * 60_000;
    return this.cache.getOrCompute(key, ttl, async () => {
      const facts: FactsQuery = {
        scope,
        range,
        unit: body.date_trunc,
        rawTypes: rawTypesOf(body.filters.type),
        occurrences: true,
        dims: plan.dims,
        dripCounts: true,
        orderExpressions: ORDER_EXPRESSIONS,
        order: plan.order,
        limit: paginate ? pageLength : STATS_LIMITS.unpaginatedRows,
        offset: paginate ? (page - 1) * pageLength : 0,
      };
      const { rows, totals: summed } = await this.facts.page(facts);
      const totals = totalsRow(summed);
      const windows = [...rows, totals].map((r) => this.window(plan, r, range, body.date_trunc, now));
      const counts = await this.active.count(scope, facts.rawTypes, windows);
      const shape = (r: FactRow, a: ActiveCount | undefined) => shapeRow(plan, r, (name) => columnOf(name, r, a));
      return {
        data: rows.map((r, i) => shape(r, counts[i])),
        meta: { total: summed.total, totals: shape(totals, counts.at(-1)) },
      };
    });
  }

  /** The 72 hours that end with the row's bucket (capped at now); a row without a date ends with the range. */
  private window(plan: ColumnPlan, r: FactRow, range: LocalRange, unit: 'hour' | 'day', now: Date): ActiveWindow {
    let end: number;
    if (r.date === null) end = dayDataEnd(range.to, range.tz).getTime();
    else if (unit === 'hour') end = (r.extra.last_hour ?? 0) * 1000 + HOUR_MS;
    else end = dayDataEnd(r.date.slice(0, 10), range.tz).getTime();
    return {
      domainId: plan.dims.includes('website_id') ? r.domain_id : null,
      family: plan.dims.includes('type') ? r.type : null,
      end: new Date(Math.min(end, now.getTime())),
    };
  }
}

function columnOf(name: string, r: FactRow, a: ActiveCount | undefined): number | undefined {
  switch (name) {
    case 'count_setup_drips_per_day':
    case 'count_setup_drips_per_hour':
    case 'count_drips_per_day_by_sent':
    case 'count_drips_per_hour_by_sent':
      return r.extra[name] ?? 0;
    case 'sent_per_hour_by_uniq_drips':
      return perUniqueDrip(r.sent, r.extra.count_drips_per_hour_by_sent ?? 0);
    case 'sent_per_day_by_uniq_drips':
      return perUniqueDrip(r.sent, r.extra.count_drips_per_day_by_sent ?? 0);
    case 'active_subs_last_3_days':
      return a?.active ?? 0;
    case 'active_subs_by_hour_last_3_days':
      return activePerHour(a?.subscriberHours ?? 0);
    default:
      return undefined;
  }
}
