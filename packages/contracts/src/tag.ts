import { z } from 'zod';
import { MSG } from './messages.ts';

/** Tag types (part 1 §3, §9): the four cards of the Tags Manager. */
export const TAG_TYPES = ['geo', 'adult', 'category', 'server'] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const TAG_NAME_MAX = 100;

export const TAG_MSG = {
  exists: 'This tag already exists.',
  type: `The type must be one of ${TAG_TYPES.join(', ')}.`,
  nameMax: `The name may not be longer than ${TAG_NAME_MAX} characters.`,
  notFound: 'Tag not found.',
  unknownTags: 'The selected tags are invalid.',
  invalidChar: 'The name contains an invalid character.',
  idMismatch: 'The id does not match the tag being updated.',
  /** A client changing a tag staff share with everyone. */
  shared: 'This tag is shared by the staff: only they can change it. Create a tag of your own instead.',
} as const;

/**
 * A tag (also the items of a domain's `domain_tags`). `client_id` null: a global tag staff manage, which everyone
 * sees and may put on their websites; otherwise the tag of that client, which only that client (and staff) see.
 */
export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TAG_TYPES),
  client_id: z.number().int().nullable().optional(),
});
export type Tag = z.infer<typeof tagSchema>;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const tagName = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(TAG_NAME_MAX, TAG_MSG.nameMax)
  .refine((s) => !s.includes('\u0000'), TAG_MSG.invalidChar);

const tagType = z.enum(TAG_TYPES, { error: (issue) => (isBlank(issue.input) ? MSG.required : TAG_MSG.type) });

/** Create a tag: `POST /v1/tags` with name and type (query params as the spec sends them, or a JSON body). */
export const tagWriteSchema = z.object({ name: tagName, type: tagType });
export type TagWrite = z.infer<typeof tagWriteSchema>;

/** Update a tag: `PUT /v1/tags/{id}` with name (type optional; id optional, must match the path). */
export const tagUpdateSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: tagName,
  type: z.preprocess((v) => (isBlank(v) ? undefined : v), tagType.optional()),
});
export type TagUpdate = z.infer<typeof tagUpdateSchema>;

/** What a tag write may carry in its query string or body before validation (all optional strings). */
export const tagWriteInputSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string().optional(),
  type: z.string().optional(),
});
