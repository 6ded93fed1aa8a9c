import { type PlanFeature, type Usage, type UserInfo, usageResponseSchema } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The plan and usage of the signed-in user's own client (GET /v1/billing/usage), read by the app layout (the
 * near-limit banner, the sidebar) and by the route guard of plan features. Only a client's user has one (staff act
 * across clients and are not limited). The call is a side read: its 401 does not end the session (the session check
 * does that), it is not retried, and a failure shows nothing (the server still refuses what the plan does not allow).
 */
export function planUsageQuery(clientId: number | null) {
  return {
    queryKey: ['billing', 'usage', 'own', clientId] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<Usage> =>
      usageResponseSchema.parse(await api.get<unknown>('/v1/billing/usage', { signal, sessionExpiry: false })).data,
    staleTime: 60_000,
    retry: false,
  };
}

/** The usage of the user's client, or undefined (staff, still loading, or the call failed). */
export function usePlanUsage(user: Pick<UserInfo, 'client_id'> | null | undefined): Usage | undefined {
  const clientId = user?.client_id ?? null;
  const query = useQuery({ ...planUsageQuery(clientId), enabled: clientId !== null });
  return clientId === null ? undefined : query.data;
}

/** Whether the plan switches the feature off (a feature missing from the plan's object is on). */
export function featureOff(usage: Usage | undefined, feature: PlanFeature): boolean {
  return usage?.plan?.features[feature] === false;
}
