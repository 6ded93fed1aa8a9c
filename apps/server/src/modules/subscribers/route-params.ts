import { z } from 'zod';

/** Path ids: positive 32-bit integers (anything else is a 422, never a database error). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Laravel-style list parameters, validated by the shared list-query parser against each resource's allow-list. */
export const listQuerystring = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
