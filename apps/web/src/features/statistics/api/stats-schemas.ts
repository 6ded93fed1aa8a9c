import {
  bestDripSchema,
  clientSummarySchema,
  dashboardTotalsResponseSchema,
  domainSchema,
  paginated,
  statsEventsResponseSchema,
  statsRowsResponseSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';

// The answers of the statistics and picker calls, loaded alongside the first call that needs them (parseLater): the
// dashboard's first load has no zod (issue 17).

export { dashboardTotalsResponseSchema, statsEventsResponseSchema, statsRowsResponseSchema };

export const bestDripsResponse = wrapped(z.array(bestDripSchema));

export const clientsResponse = wrapped(z.array(clientSummarySchema));

export const domainOptionSchema = domainSchema.pick({ id: true, website_id: true, url: true });
export const domainOptionsResponse = wrapped(z.array(domainOptionSchema));

/** One row asked, the total read (the Created Domains card). */
export const domainCountResponse = paginated(z.object({ id: z.number() }));
