import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSelectedClientUid } from '@/lib/api';
import { fetchAllDomains, fetchManagedPage, fetchTags, type ManagerFilters } from './drip-tools-api';

/** Every Drip Manager and Drip Setup query lives under this key, per acting client. */
export const DRIP_TOOLS_KEY = ['drip-tools'] as const;

export function useManagedPage(
  filters: ManagerFilters,
  paging: { page: number; pageLength: number; orderBy: string; withStats?: boolean },
) {
  const [clientUid] = useSelectedClientUid();
  return useQuery({
    queryKey: [...DRIP_TOOLS_KEY, 'page', clientUid, filters, paging],
    queryFn: ({ signal }) => fetchManagedPage(filters, paging, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSetupDomains() {
  const [clientUid] = useSelectedClientUid();
  return useQuery({
    queryKey: [...DRIP_TOOLS_KEY, 'domains', clientUid],
    queryFn: ({ signal }) => fetchAllDomains(signal),
    staleTime: 60_000,
  });
}

export function useSetupTags() {
  const [clientUid] = useSelectedClientUid();
  return useQuery({
    queryKey: [...DRIP_TOOLS_KEY, 'tags', clientUid],
    queryFn: ({ signal }) => fetchTags(signal),
    staleTime: 60_000,
  });
}

/** Reloads the Drip Manager's pages (after an inline save or a delete). */
export function useRefreshManaged() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [...DRIP_TOOLS_KEY, 'page'] }), [queryClient]);
}
