import type { Expression, SqlBool } from 'kysely';
import type { Actor } from '../../lib/actor.ts';

/**
 * What the subscriber lists need of an audience (segment), without depending on the segments module (which depends on
 * this one): its website and its stored query as SQL. The segments module implements it (segments/segment-lookup.ts);
 * src/services.ts wires the two.
 */
export interface SegmentLookup {
  /** The segment in the actor's scope, or undefined. */
  find(actor: Actor, id: number): Promise<{ domainId: number; audience: Expression<SqlBool> } | undefined>;
}
