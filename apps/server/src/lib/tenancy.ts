import { sql } from 'kysely';
import type { Actor } from './actor.ts';

interface Whereable<Q> {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's where() overloads are generic over the query's tables
  where(...args: any[]): Q;
}

/**
 * Scopes a tenant query to the client the actor works for. Staff with no client chosen see all clients;
 * anyone else without a client sees nothing. Every repository that reads tenant data goes through this.
 */
export function scopeToActor<Q extends Whereable<Q>>(query: Q, actor: Actor, clientColumn: string): Q {
  if (actor.clientId !== null) return query.where(sql.ref(clientColumn), '=', actor.clientId);
  if (actor.user.isStaff) return query;
  return query.where(sql<boolean>`false`);
}
