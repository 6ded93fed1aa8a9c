import type { Actor } from '../../lib/actor.ts';
import type { SegmentLookup } from '../subscribers/segment-lookup.ts';
import { storedAudienceSql } from './segment-audience.ts';
import type { SegmentsRepository } from './segments.repository.ts';

/** The subscriber module's view of a segment: its website and its audience as SQL. */
export function segmentLookup(segments: SegmentsRepository): SegmentLookup {
  return {
    async find(actor: Actor, id: number) {
      const segment = await segments.find(actor, id);
      return segment ? { domainId: segment.domain_id, audience: storedAudienceSql(segment.query) } : undefined;
    },
  };
}
