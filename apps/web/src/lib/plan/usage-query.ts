import { type Usage, usageResponseSchema } from '@pushdeck/contracts';
import { api } from '@/lib/api';
import { planUsageKey } from './plan-usage';

/**
 * The plan and usage of the signed-in user's own client (GET /v1/billing/usage), for the app layout (the near-limit
 * banner, the sidebar, the screens a plan switches off). Only a client's user has one (staff act across clients and
 * are not limited). The call is a side read: its 401 does not end the session (the session check does that), it is
 * not retried, and a failure shows nothing (the server still refuses what the plan does not allow).
 */
export function planUsageQuery(clientId: number) {
  return {
    queryKey: planUsageKey(clientId),
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<Usage> =>
      usageResponseSchema.parse(await api.get<unknown>('/v1/billing/usage', { signal, sessionExpiry: false })).data,
    staleTime: 60_000,
    retry: false,
  };
}
