import type { Usage, UserInfo } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';

/** The cache key of the client's own usage; usage-query.ts reads it (loaded with the layout's plan watcher). */
export const planUsageKey = (clientId: number | null) => ['billing', 'usage', 'own', clientId] as const;

export interface PlanUsage {
  /** Whether the user belongs to a client (staff act across clients and have no plan). */
  applies: boolean;
  /** The first read is under way. */
  pending: boolean;
  /** The usage, once read (undefined while pending, for staff, or when the call failed). */
  usage: Usage | undefined;
}

/**
 * The plan and usage of the user's own client as the cache holds them: the app layout's plan watcher (loaded apart,
 * for a client's users only) reads them; this never fetches, so the layout carries no schema code.
 */
export function usePlanUsage(user: Pick<UserInfo, 'client_id'> | null | undefined): PlanUsage {
  const clientId = user?.client_id ?? null;
  const query = useQuery<Usage>({ queryKey: planUsageKey(clientId), enabled: false });
  if (clientId === null) return { applies: false, pending: false, usage: undefined };
  return { applies: true, pending: query.status === 'pending', usage: query.data };
}
