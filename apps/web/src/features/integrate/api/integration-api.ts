import { wrapped } from '@pushdeck/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';

/** The two files a website installs (spec part 1 §7, Files). */
export type SiteFileName = 'pushmine' | 'sw_pm';

/**
 * What the integration screens read from GET /v1/domains/{id}. `last_subscribed_at` tells whether subscriptions
 * arrive: absent means the server does not report it (the check says so), null means none arrived yet.
 */
const integrationDomainSchema = z.object({
  id: z.number().int(),
  website_id: z.string(),
  url: z.string(),
  last_subscribed_at: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type IntegrationDomain = z.infer<typeof integrationDomainSchema>;

const showResponse = wrapped(z.array(integrationDomainSchema));

export class WebsiteNotFoundError extends Error {}

async function fetchIntegrationDomain(id: number, signal: AbortSignal): Promise<IntegrationDomain> {
  const domain = showResponse.parse(await api.get<unknown>(`/v1/domains/${id}`, { signal })).data[0];
  if (!domain) throw new WebsiteNotFoundError('Website not found.');
  return domain;
}

/** How often the check asks again while it waits for the first subscription. */
export const SUBSCRIPTION_POLL_MS = 15_000;

/** The website for the integration screens; polls while no subscription has arrived yet. */
export function useIntegrationDomain(id: number | undefined) {
  return useQuery({
    // Under 'domains' so the domains feature's invalidations refresh it; its own leaf so the shapes never mix.
    queryKey: ['domains', 'detail', id ?? 0, 'integration'],
    queryFn: ({ signal }) => fetchIntegrationDomain(id ?? 0, signal),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.last_subscribed_at === null ? SUBSCRIPTION_POLL_MS : false),
  });
}

/** POST /v1/files/generateJavaScriptFileByDomain?filename=…&website_id=… → saved as `{filename}.js`. */
export async function downloadSiteFile(websiteId: string, filename: SiteFileName): Promise<void> {
  const blob = await api.post<Blob>('/v1/files/generateJavaScriptFileByDomain', {
    query: { filename, website_id: websiteId },
    responseType: 'blob',
  });
  saveBlob(blob, `${filename}.js`);
}

export function useDownloadSiteFile(websiteId: string) {
  return useMutation({ mutationFn: (filename: SiteFileName) => downloadSiteFile(websiteId, filename) });
}

const apiBaseSchema = z.object({
  data: z.object({ api_base: z.string(), source: z.enum(['master_connection', 'instance']) }),
});

/** GET /v1/files/apiBase: what the website's scripts call (its master API connection, else this instance). */
export async function fetchApiBase(websiteId: string, signal?: AbortSignal) {
  return apiBaseSchema.parse(await api.get<unknown>('/v1/files/apiBase', { signal, query: { website_id: websiteId } }))
    .data;
}

export function useApiBase(websiteId: string) {
  return useQuery({
    queryKey: ['integration', 'api-base', websiteId],
    queryFn: ({ signal }) => fetchApiBase(websiteId, signal),
  });
}
