import { z } from 'zod';
import { MSG } from './messages.ts';

/** The error body of every non-2xx answer (DESIGN.md, API conventions). */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Wraps a payload the way the spec reads it: `response.data.data`. */
export const wrapped = <T extends z.ZodType>(inner: T) => z.object({ data: inner });

/** A paginated list as the spec reads it: `data.data.data` + `data.data.total`. */
export const paginated = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.object({
      data: z.array(row),
      total: z.number().int(),
      page: z.number().int(),
      pageLength: z.number().int(),
    }),
  });

export { CLIENT_HEADER, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './http-names.ts';

/** The largest id a row can have (PostgreSQL int4). */
export const ID_MAX = 2_147_483_647;

/**
 * An id in a path or query: plain decimal digits, 1 to 2147483647. Forms that Number() would read as an id
 * ('0x2', '2e0', ' 2', '+2', '02', '2.0') are not ids: one resource, one URL.
 */
export const idTextSchema = z
  .string({ error: MSG.invalidId })
  .regex(/^[1-9][0-9]{0,9}$/, MSG.invalidId)
  .transform(Number)
  .refine((n) => n <= ID_MAX, MSG.invalidId);

/** `/…/{id}` of every route. */
export const idParamsSchema = z.object({ id: idTextSchema });
