import { z } from 'zod';

/** Path ids: plain decimal ids from 1 to 2147483647 (anything else is a 422, never a database error). */
export { idParamsSchema as idParams } from '@pushdeck/contracts';

/** Laravel-style list parameters, validated by the shared list-query parser against each resource's allow-list. */
export const listQuerystring = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
