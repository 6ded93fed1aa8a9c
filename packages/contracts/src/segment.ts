/**
 * Audiences and segments (spec part 1 §3 Audience/segment; part 2 §3, §7 Segments / audiences): what is stored,
 * what the console writes, and the count and existence calls. The query model itself is `audience.ts`.
 */
import { z } from 'zod';
import { ID_MAX } from './api.ts';
import { audienceQuerySchema } from './audience.ts';
import { MSG } from './messages.ts';
import { timestampSchema } from './subscriber.ts';

export const SEGMENT_TYPES = ['audience', 'segment'] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];
export const SEGMENT_NAME_MAX = 255;

export const SEGMENT_MSG = {
  systemLocked: 'System audiences cannot be edited or deleted.',
  domainNotFound: 'Website not found.',
  domainFixed: 'The website of an audience cannot be changed.',
  websiteOrDomain: 'Give website_id or domain_id.',
  nothingToUpdate: 'Give name, type or query.',
  /** A second audience (or segment) of the same name and query on one website. */
  duplicate: (type: SegmentType) =>
    `${type === 'audience' ? 'An audience' : 'A segment'} with this name and the same query already exists on this website. Open it, or change the name or the query.`,
  /** Refusing to delete an audience that an active schedule sends to. */
  inUse: (type: SegmentType, schedules: readonly { id: number; title: string }[]) => {
    const one = schedules.length === 1;
    const list = schedules.map((s) => `"${s.title}" (#${s.id})`).join(', ');
    return `This ${type} is used by the active schedule${one ? '' : 's'} of ${list}. Deactivate or change ${one ? 'it' : 'them'} first.`;
  },
} as const;

/**
 * A stored query as it is read back (validated when it was written; `audienceQuerySchema` holds the rules).
 * Kept loose so an answer never fails on a query stored by an older version.
 */
export const storedAudienceQuerySchema = z.object({ filters: z.array(z.record(z.string(), z.unknown())) });

export const segmentSchema = z.object({
  id: z.number().int(),
  domain_id: z.number().int(),
  name: z.string(),
  type: z.enum(SEGMENT_TYPES),
  is_system: z.number().int(),
  query: storedAudienceQuerySchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Segment = z.infer<typeof segmentSchema>;

/** GET /api/v1/segments/get_js_seg/{id}: the segment as the client-side filter builder loads it. */
export const jsSegmentSchema = segmentSchema.pick({ id: true, name: true, type: true, query: true });
export type JsSegment = z.infer<typeof jsSegmentSchema>;

const name = z.string().trim().min(1, 'Required.').max(SEGMENT_NAME_MAX);
const domainId = z.coerce.number().int().positive().max(ID_MAX, MSG.invalidId);

/** POST /api/v1/segments. */
export const segmentCreateSchema = z.object({
  name,
  type: z.enum(SEGMENT_TYPES).default('audience'),
  domain_id: domainId,
  query: audienceQuerySchema,
});
export type SegmentCreate = z.infer<typeof segmentCreateSchema>;

/** PUT /api/v1/segments/{id}: any of name, type, query; domain_id may be repeated but not changed. */
export const segmentUpdateSchema = z
  .object({
    name: name.optional(),
    type: z.enum(SEGMENT_TYPES).optional(),
    domain_id: domainId.optional(),
    query: audienceQuerySchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.type !== undefined || b.query !== undefined, {
    message: SEGMENT_MSG.nothingToUpdate,
  });
export type SegmentUpdate = z.infer<typeof segmentUpdateSchema>;

/** POST /api/v1/segments/count: how many active subscribers of one website match a query (the live count). */
export const segmentCountSchema = z
  .object({
    website_id: z.string().trim().min(1).max(64).optional(),
    domain_id: domainId.optional(),
    query: audienceQuerySchema,
  })
  .refine((b) => b.website_id !== undefined || b.domain_id !== undefined, {
    message: SEGMENT_MSG.websiteOrDomain,
    path: ['website_id'],
  });
export type SegmentCount = z.infer<typeof segmentCountSchema>;

/** POST /api/v1/segments/exists: is there an audience of this name and query on the target website? */
export const segmentExistsSchema = z.object({ name, query: audienceQuerySchema, domain_id: domainId });
export type SegmentExistsBody = z.infer<typeof segmentExistsSchema>;
export const segmentExistsResultSchema = z.object({ exists: z.boolean(), id: z.number().int().optional() });

/** DELETE /api/v1/segments/{id}: inactive schedules that lost this audience are named, never changed silently. */
export const segmentDeletedSchema = z.object({
  id: z.number().int(),
  detached_schedule_ids: z.array(z.number().int()),
});
