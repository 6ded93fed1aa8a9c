import { clientSummarySchema, domainSchema, wrapped } from '@pushdeck/contracts';
import { z } from 'zod';

// The signed-in shell's answers, loaded alongside its first calls (parseLater): the first load has no zod (issue 17).

/** GET /v1/clients/current: the client of the account staff are in (the impersonation banner). */
export const currentClientResponse = wrapped(clientSummarySchema);

/** The fields the website picker reads from GET /api/v1/domains. */
export const pickerDomainSchema = domainSchema.pick({ id: true, url: true });
export const pickerDomainsResponse = wrapped(z.array(pickerDomainSchema));
