import { audienceQuerySchema } from '@pushdeck/contracts';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { compileAudience } from '../segments/query/compile-audience.ts';
import { NotificationsRepository } from './notifications.repository.ts';

/** A segment's stored query as an audience; one that no longer validates matches nobody (as the fan-out reads it). */
export function segmentAudience(query: unknown): Expression<SqlBool> {
  const parsed = audienceQuerySchema.safeParse(query);
  return parsed.success ? compileAudience(parsed.data, { table: 'subscribers' }) : sql<boolean>`false`;
}

/**
 * Whom an `api` occurrence fans out to: the subscribers listed on its send (resolved when it was posted), its
 * segment as it reads at send time (a segment deleted since matches nobody), or every active subscriber.
 */
export async function apiSendAudience(db: Kysely<DB>, occurrenceId: number): Promise<Expression<SqlBool>> {
  const repo = new NotificationsRepository(db);
  const send = await repo.targetOf(occurrenceId);
  if (!send) return sql<boolean>`false`;
  if (send.target === 'subscribers') return repo.listedSubscribers(occurrenceId);
  if (send.target === 'segment')
    return send.segment_query === null ? sql<boolean>`false` : segmentAudience(send.segment_query);
  return sql<boolean>`true`;
}
