import { type AudienceQuery, audienceQuerySchema } from '@pushdeck/contracts';
import { audienceSignature } from './query/index.ts';

/** Whether a stored query means the same audience as `query` (equal canonical signatures; see audience-signature). */
export function sameAudience(stored: unknown, query: AudienceQuery): boolean {
  const parsed = audienceQuerySchema.safeParse(stored);
  return parsed.success && audienceSignature(parsed.data) === audienceSignature(query);
}

/** Whether two queries (stored or sent) mean the same audience; a query that no longer parses matches nothing. */
export function sameStoredAudience(a: unknown, b: unknown): boolean {
  const parsed = audienceQuerySchema.safeParse(b);
  return parsed.success && sameAudience(a, parsed.data);
}
