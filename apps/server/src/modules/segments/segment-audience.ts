import { type AudienceQuery, audienceQuerySchema } from '@pushdeck/contracts';
import { type Expression, type SqlBool, sql } from 'kysely';
import { compileAudience } from './query/index.ts';

/** A query to SQL over `subscribers`. */
export const audienceSql = (query: AudienceQuery): Expression<SqlBool> =>
  compileAudience(query, { table: 'subscribers' });

/** A stored query to SQL; one that no longer validates matches nobody rather than everybody (as fan-out does). */
export function storedAudienceSql(stored: unknown): Expression<SqlBool> {
  const parsed = audienceQuerySchema.safeParse(stored);
  return parsed.success ? audienceSql(parsed.data) : sql<SqlBool>`false`;
}
