import { CLIENT_HEADER, type ClientSummary } from '@pushdeck/contracts';
import type { z } from 'zod';
import { api, parseLater } from '@/lib/api';
import type { domainOptionSchema } from './stats-schemas';

// The answers' schemas load with the first call (the shell's pickers are on the first load, which has no zod: issue 17).
const schemas = () => import('./stats-schemas');

export type ClientOption = ClientSummary;

export type DomainOption = z.infer<typeof domainOptionSchema>;

/** GET /v1/management/clients: every client (staff client pickers). */
export async function fetchClients(signal?: AbortSignal): Promise<ClientOption[]> {
  return (await parseLater(api.get<unknown>('/v1/management/clients', { signal }), schemas, 'clientsResponse')).data;
}

/**
 * GET /v1/domains: the websites in scope (id, website_id, url), up to 1000. With `clientUid`, the websites of
 * that client (the header given here wins over the picked client); '' asks a staff member's every client.
 */
export async function fetchDomainOptions(clientUid?: string, signal?: AbortSignal): Promise<DomainOption[]> {
  const body = await parseLater(
    api.get<unknown>('/v1/domains', {
      query: { select: 'id,website_id,url', order_by: 'url:asc' },
      headers: clientUid === undefined ? undefined : { [CLIENT_HEADER]: clientUid },
      signal,
    }),
    schemas,
    'domainOptionsResponse',
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
  const call = api.get<unknown>('/v1/domains', {
    query: { select: 'id', paginate: true, pageLength: 1, page: 1 },
    signal,
  });
  const body = await parseLater(call, schemas, 'domainCountResponse');
  return body.data.total;
}
