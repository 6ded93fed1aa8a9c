import { IMAGE_UPLOAD_TYPES, idTextSchema, MSG } from '@pushdeck/contracts';
import { z } from 'zod';

/** Path, query and form shapes of the drips routes (the bodies themselves are contracts schemas). */
const id = z.coerce.number().int().positive().max(2_147_483_647);
const NO_GROUP = new Set(['null', 'undefined', '0', '']);

/** A group id in a path; `null` (the Messages list's ungrouped drips) means no group. */
const groupId = z.string().transform((v, ctx) => {
  if (NO_GROUP.has(v)) return null;
  const parsed = idTextSchema.safeParse(v);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: 'The group must be a group id or null.' });
  return z.NEVER;
});

export { idParamsSchema as idParams } from '@pushdeck/contracts';
export const groupParams = z.object({ groupId });
export const groupDripParams = z.object({ groupId, id: idTextSchema });
export const domainGroupParams = z.object({ domainId: idTextSchema, groupId });
export const statusParams = z.object({
  domain_id: idTextSchema,
  group_id: groupId,
  status: z.enum(['0', '1'], { error: 'The status must be 0 or 1.' }).transform((s) => (s === '1' ? 1 : 0)),
});

const idList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: MSG.required })
  .transform((v, ctx) => {
    const items = (Array.isArray(v) ? v : String(v).split(',')).map((x) => String(x).trim()).filter(Boolean);
    const ids = items.map((s) => (/^\d{1,10}$/.test(s) ? Number(s) : Number.NaN));
    if (ids.length > 0 && ids.length <= 10_000 && ids.every((n) => n > 0 && n <= 2_147_483_647))
      return [...new Set(ids)];
    ctx.addIssue({ code: 'custom', message: ids.length === 0 ? MSG.required : 'The ids must be drip ids.' });
    return z.NEVER;
  });

/** Drip Manager bulk delete: multipart (or JSON) domain_id and comma-joined ids. */
export const deleteArrayBody = z.object({ domain_id: id, ids: idList });
export const byDomainQuery = z.object({ domain_id: id });
export const toggleQuery = z.object({ mode: z.string().max(20).optional() });
/** `update-schedules/recurring`: one website (domain_id) or several (domain_ids). */
export const replanBody = z
  .object({ domain_id: id.optional(), domain_ids: z.array(id).max(1000).optional() })
  .transform((b) => [...new Set([...(b.domain_id ? [b.domain_id] : []), ...(b.domain_ids ?? [])])])
  .refine((ids) => ids.length > 0, { message: MSG.required, path: ['domain_id'] });
/** uploadImage: the file arrives as a Buffer (multipart keyValues); its content is checked by the service. */
export const uploadBody = z.object({
  image: z.unknown().optional(),
  type: z.enum(IMAGE_UPLOAD_TYPES, { error: MSG.required }),
});
