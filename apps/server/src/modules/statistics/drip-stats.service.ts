import {
  type bestDripSchema,
  deliveryRate,
  type logCronSchema,
  type logSentSchema,
  pushCtr,
  type StatsV1Query,
  type topPushSchema,
} from '@pushdeck/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import type { DripStatsRepository, LogQuery } from './drip-stats.repository.ts';
import type { FactsRepository } from './facts.repository.ts';
import type { StatsCache } from './stats-cache.ts';
import { rawTypesOf } from './stats-sql.ts';
import type { StatsV1Service, V1Context, V1Headers } from './stats-v1.service.ts';

const BEST_CANDIDATES = 50;

const logQuery = (c: V1Context): LogQuery => ({
  scope: c.scope,
  range: c.range,
  rawTypes: c.q.drip_type ? rawTypesOf([c.q.drip_type]) : null,
  limit: c.q.limit,
  offset: c.q.offset,
});

/** getTheBestDripRequest, getTopPush, getLogSent, getLogCron. */
export class DripStatsService {
  constructor(
    private readonly v1: StatsV1Service,
    private readonly facts: FactsRepository,
    private readonly drips: DripStatsRepository,
    private readonly cache: StatsCache,
  ) {}

  /**
   * The drip with the highest push CTR in the range (ties: more clicks, then the lower id) among live drips with at
   * least one delivered push; none → an empty list.
   */
  async best(actor: Actor, q: StatsV1Query, headers: V1Headers): Promise<z.infer<typeof bestDripSchema>[]> {
    const c = await this.v1.context(actor, q, headers);
    return this.cache.getOrCompute(c.key('best'), c.ttlMs, async () => {
      const rows = await this.facts.rows({
        scope: c.scope,
        range: c.range,
        unit: 'millennium',
        rawTypes: q.drip_type ? rawTypesOf([q.drip_type]) : null,
        dripsOnly: true,
        dims: ['drip_id'],
        order: [
          { key: 'push_ctr', dir: 'desc' },
          { key: 'clicked', dir: 'desc' },
        ],
        limit: BEST_CANDIDATES,
      });
      const candidates = rows.filter((r) => r.delivered > 0);
      const details = new Map((await this.drips.drips(candidates.map((r) => r.drip_id!))).map((d) => [d.id, d]));
      for (const r of candidates) {
        const d = details.get(r.drip_id!);
        if (!d || d.deleted_at !== null) continue;
        return [
          {
            drip_id: d.id,
            domain_id: d.domain_id,
            website_id: d.website_id,
            type: d.type,
            sent: r.sent,
            delivered: r.delivered,
            clicked: r.clicked,
            push_ctr: pushCtr(r),
            title: d.title,
            body: d.body,
            icon: d.icon,
            customization: d.customization,
          },
        ];
      }
      return [];
    });
  }

  /** Drips of the range ranked by `order_by` (clicked by default), `limit`/`offset` paging. */
  async top(actor: Actor, q: StatsV1Query, headers: V1Headers): Promise<z.infer<typeof topPushSchema>[]> {
    const c = await this.v1.context(actor, q, headers);
    return this.cache.getOrCompute(c.key('top'), c.ttlMs, async () => {
      const rows = await this.facts.rows({
        scope: c.scope,
        range: c.range,
        unit: 'millennium',
        rawTypes: q.drip_type ? rawTypesOf([q.drip_type]) : null,
        dripsOnly: true,
        dims: ['drip_id', 'website_id'],
        order: [{ key: q.order_by, dir: 'desc' }],
        limit: q.limit,
        offset: q.offset,
      });
      const details = new Map((await this.drips.drips(rows.map((r) => r.drip_id!))).map((d) => [d.id, d]));
      return rows.map((r) => ({
        drip_id: r.drip_id!,
        website_id: r.website_id ?? '',
        type: details.get(r.drip_id!)?.type ?? '',
        title: details.get(r.drip_id!)?.title ?? '',
        sent: r.sent,
        delivered: r.delivered,
        clicked: r.clicked,
        push_ctr: pushCtr(r),
        delivery_rate: deliveryRate(r),
      }));
    });
  }

  async logSent(actor: Actor, q: StatsV1Query, headers: V1Headers): Promise<z.infer<typeof logSentSchema>[]> {
    const c = await this.v1.context(actor, q, headers);
    return this.cache.getOrCompute(c.key('logSent'), c.ttlMs, () => this.drips.logSent(logQuery(c)));
  }

  async logCron(actor: Actor, q: StatsV1Query, headers: V1Headers): Promise<z.infer<typeof logCronSchema>[]> {
    const c = await this.v1.context(actor, q, headers);
    return this.cache.getOrCompute(c.key('logCron'), c.ttlMs, () => this.drips.logCron(logQuery(c)));
  }
}
