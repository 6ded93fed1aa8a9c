import { z } from 'zod';

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

/** Header that staff use to act for a client (its client_uid). */
export const CLIENT_HEADER = 'client';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'pushdeck_session';
