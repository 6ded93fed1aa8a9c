import type { Expression, SqlBool } from 'kysely';
import type { Actor } from '../../lib/actor.ts';
import type { WhereCondition } from '../../lib/query/index.ts';

/**
 * Which subscribers a page, count or export covers: one website's subscribers in the actor's client, active ones
 * (what a campaign reaches) unless the dead list is asked for, narrowed by an audience and allow-listed filters.
 */
export interface SubscriberSet {
  actor: Actor;
  /** A website the actor may see: only SubscribersService.setOf makes sets, after a scoped lookup. */
  domainId: number;
  /** The website's public id: the subscriber table's Website Id column. */
  websiteId: string;
  /** is_active: 1 (default everywhere) or 0 (the dead list). */
  active: 0 | 1;
  /** A compiled audience query over `subscribers` (segments/query). */
  audience?: Expression<SqlBool>;
  /** `where[…]` conditions from the list-query parser (allow-listed fields only). */
  where?: readonly WhereCondition[];
}

/** Beyond this, a count gives way to the planner's estimate (the spec's request timeout is 10 s). */
export const COUNT_BUDGET_MS = 4000;
/** Keyset batch size for exports. */
export const EXPORT_BATCH = 1000;
