import {
  type ApiKey,
  apiKeySchema,
  type CreateApiKeyBody,
  type CreatedApiKey,
  clientSummarySchema,
  createdApiKeySchema,
  domainSchema,
  wrapped,
} from '@pushdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, useSelectedClientUid } from '@/lib/api';

export const API_KEYS_KEY = ['api-keys'] as const;

const keysResponse = wrapped(z.array(apiKeySchema));
const createdResponse = wrapped(createdApiKeySchema);
const keyWebsite = domainSchema.pick({ id: true, url: true });
export type KeyWebsite = z.infer<typeof keyWebsite>;
const websitesResponse = wrapped(z.array(keyWebsite));
const clientsResponse = wrapped(z.array(clientSummarySchema));

/** GET /v1/api-keys: the acting client's keys, live first (staff with no client picked: every client's). */
export async function fetchApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return keysResponse.parse(await api.get<unknown>('/v1/api-keys', { signal })).data;
}

/** POST /v1/api-keys: the answer holds the key itself, this once. */
export async function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return createdResponse.parse(await api.post<unknown>('/v1/api-keys', { body })).data;
}

/** DELETE /v1/api-keys/{id}: revoked (its next call is refused); the row stays, listed as revoked. */
export async function revokeApiKey(id: number): Promise<void> {
  await api.delete<unknown>(`/v1/api-keys/${id}`);
}

/** The keys of the acting client: keyed by the picked client, whose header changes the answer. */
export function useApiKeys() {
  const [clientUid] = useSelectedClientUid();
  return useQuery({ queryKey: [...API_KEYS_KEY, clientUid], queryFn: ({ signal }) => fetchApiKeys(signal) });
}

/**
 * The websites in scope (the client's; staff with no client picked: every client's), for the key's website names and
 * the create dialog's website choice.
 */
export function useKeyWebsites() {
  const [clientUid] = useSelectedClientUid();
  return useQuery({
    queryKey: ['domains', 'api-keys', clientUid],
    queryFn: async ({ signal }) =>
      websitesResponse.parse(
        await api.get<unknown>('/v1/domains', { query: { select: 'id,url', order_by: 'url:asc' }, signal }),
      ).data,
  });
}

/** Every client, for staff picking the client whose keys they manage. */
export function useKeyClients() {
  return useQuery({
    queryKey: ['api-key-clients'],
    queryFn: async ({ signal }) =>
      clientsResponse.parse(await api.get<unknown>('/v1/management/clients', { signal })).data,
  });
}

function useInvalidateKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
}

/** Creates a key; the answer (which holds the key) is not kept in the mutation cache once the dialog lets it go. */
export function useCreateApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({ mutationFn: createApiKey, onSuccess: invalidate, gcTime: 0 });
}

/** Revokes a key: its row turns Revoked at once (then the list is asked again, for the server's time). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_answer, id) => {
      const now = new Date().toISOString();
      queryClient.setQueriesData<ApiKey[]>({ queryKey: API_KEYS_KEY }, (keys) =>
        keys?.map((key) => (key.id === id ? { ...key, revoked_at: key.revoked_at ?? now } : key)),
      );
      return invalidate();
    },
  });
}
