import { CLIENT_HEADER, clientSummarySchema, domainSchema, paginated, wrapped } from '@pushdeck/contracts';
import { z } from 'zod';
import { api } from '@/lib/api';

export type ClientOption = z.infer<typeof clientSummarySchema>;

export const domainOptionSchema = domainSchema.pick({ id: true, website_id: true, url: true });
export type DomainOption = z.infer<typeof domainOptionSchema>;

/** GET /v1/management/clients: every client (staff client pickers). */
export async function fetchClients(signal?: AbortSignal): Promise<ClientOption[]> {
  return wrapped(z.array(clientSummarySchema)).parse(await api.get<unknown>('/v1/management/clients', { signal })).data;
}

/**
 * GET /v1/domains: the websites in scope (id, website_id, url), up to 1000. With `clientUid`, the websites of
 * that client (the header given here wins over the picked client); '' asks a staff member's every client.
 */
export async function fetchDomainOptions(clientUid?: string, signal?: AbortSignal): Promise<DomainOption[]> {
  const body = wrapped(z.array(domainOptionSchema)).parse(
    await api.get<unknown>('/v1/domains', {
      query: { select: 'id,website_id,url', order_by: 'url:asc' },
      headers: clientUid === undefined ? undefined : { [CLIENT_HEADER]: clientUid },
      signal,
    }),
  );
  return body.data;
}

/** The websites of several clients, one call each; a client whose call fails is logged and skipped (spec §8). */
export async function fetchClientsDomains(
  clientUids: readonly string[],
  signal?: AbortSignal,
): Promise<DomainOption[]> {
  const lists = await Promise.all(
    clientUids.map((uid) =>
      fetchDomainOptions(uid, signal).catch((error: unknown) => {
        console.warn(`Websites of client ${uid} could not be loaded`, error);
        return [] as DomainOption[];
      }),
    ),
  );
  const seen = new Map<number, DomainOption>();
  for (const d of lists.flat()) seen.set(d.id, d);
  return [...seen.values()].sort((a, b) => a.url.localeCompare(b.url));
}

/** How many websites are in scope (the Created Domains card): one row asked, the total read. */
export async function fetchDomainCount(signal?: AbortSignal): Promise<number> {
  const body = paginated(z.object({ id: z.number() })).parse(
    await api.get<unknown>('/v1/domains', { query: { select: 'id', paginate: true, pageLength: 1, page: 1 }, signal }),
  );
  return body.data.total;
}
