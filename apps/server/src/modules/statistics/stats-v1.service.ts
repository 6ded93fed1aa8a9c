import {
  moreInfoMetrics,
  PUSH_ERROR_COUNTERS,
  STAT_TYPE_FAMILY_NAMES,
  STATS_MSG,
  type StatsRow,
  type StatsV1Query,
} from '@pushdeck/contracts';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/errors.ts';
import { statisticsClock } from './clock.ts';
import type { FactRow, FactsRepository } from './facts.repository.ts';
import type { FactDimension, FactsQuery } from './facts-sql.ts';
import type { ScopeRepository } from './scope.repository.ts';
import { cacheKey, type StatsCache } from './stats-cache.ts';
import { resolveScope } from './stats-scope.ts';
import { rawTypesOf, type StatsScope } from './stats-sql.ts';
import { type LocalRange, statsRange } from './time-range.ts';

/** What the v1 calls read from headers: `cache` (seconds), `resultGroupBy`, `withFormulas`. */
export interface V1Headers {
  cacheSeconds: number;
  resultGroupBy: string | undefined;
  withFormulas: boolean;
}

export interface V1Context {
  q: StatsV1Query;
  range: LocalRange;
  scope: StatsScope;
  key: (op: string, extra?: unknown) => string;
  ttlMs: number;
}

const GROUP_DIM: Record<NonNullable<StatsV1Query['group_by']>, FactDimension> = {
  website_id: 'website_id',
  type: 'type',
  drip_id: 'drip_id',
  client_id: 'client',
};

/** The group dimension of a v1 request: group_by, or website_id when default_group_by is set without one. */
export function groupDims(q: StatsV1Query): FactDimension[] {
  if (q.group_by) return [GROUP_DIM[q.group_by]];
  return q.default_group_by ? ['website_id'] : [];
}

function groupKeys(row: FactRow, dims: readonly FactDimension[]): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  if (dims.includes('website_id')) out.website_id = row.website_id;
  if (dims.includes('client')) Object.assign(out, { client_id: row.client_id, client: row.client });
  if (dims.includes('type')) out.type = row.type;
  if (dims.includes('drip_id')) out.drip_id = row.drip_id;
  return out;
}

const pick = (row: FactRow, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, row[n as keyof FactRow] as number]));

/** `type:recurring,welcome` → ['recurring', 'welcome']; anything else is a 422. */
export function parseResultGroupBy(header: string): string[] {
  const m = /^\s*type\s*:(.+)$/.exec(header);
  const values = m
    ? m[1]!
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
  if (values.length === 0 || values.some((v) => !(STAT_TYPE_FAMILY_NAMES as string[]).includes(v))) {
    throw new ValidationError({ resultGroupBy: [STATS_MSG.unknownType] });
  }
  return [...new Set(values)];
}

/** getStatsBySubscribables, getStatsEventsByDrips, getStatsPushErrors: time series from the hourly rollups. */
export class StatsV1Service {
  constructor(
    private readonly facts: FactsRepository,
    private readonly scopes: ScopeRepository,
    private readonly cache: StatsCache,
  ) {}

  async context(actor: Actor, q: StatsV1Query, headers: V1Headers): Promise<V1Context> {
    const range = statsRange(
      { tz: q.timezone, from: q.date_start, to: q.date_finish, now: statisticsClock.now() },
      { from: 'date_start', to: 'date_finish', tz: 'timezone' },
    );
    const scope = await resolveScope(this.scopes, actor, {
      clients: [],
      domains: q.domain_ids,
      domainField: 'domain_ids',
    });
    return {
      q,
      range,
      scope,
      ttlMs: headers.cacheSeconds * 1000,
      key: (op, extra) => cacheKey({ op, q, scope, extra }),
    };
  }

  private base(c: V1Context, dims: FactDimension[]): FactsQuery {
    return { scope: c.scope, range: c.range, unit: c.q.date_trunc, rawTypes: null, dims: ['date', ...dims] };
  }

  async subscribables(actor: Actor, q: StatsV1Query, headers: V1Headers): Promise<StatsRow[]> {
    const c = await this.context(actor, q, headers);
    const dims = groupDims(q);
    return this.cache.getOrCompute(c.key('subscribables'), c.ttlMs, async () => {
      const rows = await this.facts.rows({ ...this.base(c, dims), leavers: true });
      return rows.map((r) => ({
        timestamp: r.date!,
        ...groupKeys(r, dims),
        ...pick(r, ['subscribed', 'unsubscribed', 'deactivated', 'full_unsubscribed']),
        avg_patient_days: moreInfoMetrics(r, { sumDays: r.patience_days, leavers: r.leavers }).avg_patient_days,
      }));
    });
  }

  async eventsByDrips(
    actor: Actor,
    q: StatsV1Query,
    headers: V1Headers,
  ): Promise<StatsRow[] | Record<string, StatsRow[]>> {
    const families = headers.resultGroupBy === undefined ? null : parseResultGroupBy(headers.resultGroupBy);
    const c = await this.context(actor, q, headers);
    const extra = { families, formulas: headers.withFormulas };
    return this.cache.getOrCompute(c.key('eventsByDrips', extra), c.ttlMs, async () => {
      const dims = groupDims(q);
      const query = this.base(c, families ? [...dims.filter((d) => d !== 'type'), 'type'] : dims);
      const byDrip = dims.includes('type') || dims.includes('drip_id');
      if (families) {
        const wanted = q.drip_type ? families.filter((f) => f === q.drip_type) : families;
        query.rawTypes = wanted.length ? rawTypesOf(wanted) : [];
      } else if (q.drip_type) query.rawTypes = rawTypesOf([q.drip_type]);
      if (q.drip_ids.length > 0) query.dripIds = q.drip_ids;
      query.dripsOnly = !headers.withFormulas || byDrip || families !== null || q.drip_ids.length > 0;
      query.leavers = headers.withFormulas && !query.dripsOnly && query.rawTypes === null;
      const rows = (await this.facts.rows(query)).map((r) => ({ type: r.type, row: this.eventRow(r, dims, headers) }));
      if (!families) return rows.map((r) => r.row);
      return Object.fromEntries(families.map((f) => [f, rows.filter((r) => r.type === f).map((r) => r.row)]));
    });
  }

  private eventRow(r: FactRow, dims: readonly FactDimension[], headers: V1Headers): StatsRow {
    const row: StatsRow = {
      timestamp: r.date!,
      ...groupKeys(r, dims),
      ...pick(r, ['sent', 'delivered', 'clicked', 'deactivated']),
    };
    if (!headers.withFormulas) return row;
    return {
      ...row,
      ...pick(r, ['subscribed', 'unsubscribed', 'full_unsubscribed']),
      ...moreInfoMetrics(r, { sumDays: r.patience_days, leavers: r.leavers }),
    };
  }

  async pushErrors(actor: Actor, q: StatsV1Query, headers: V1Headers): Promise<StatsRow[]> {
    const c = await this.context(actor, q, headers);
    const dims = groupDims(q);
    return this.cache.getOrCompute(c.key('pushErrors'), c.ttlMs, async () => {
      const query: FactsQuery = { ...this.base(c, dims), dripsOnly: true };
      if (q.drip_ids.length > 0) query.dripIds = q.drip_ids;
      if (q.drip_type) query.rawTypes = rawTypesOf([q.drip_type]);
      const rows = await this.facts.rows(query);
      return rows.map((r) => ({ timestamp: r.date!, ...groupKeys(r, dims), ...pick(r, PUSH_ERROR_COUNTERS) }));
    });
  }
}
