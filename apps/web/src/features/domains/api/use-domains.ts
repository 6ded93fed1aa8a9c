import type { DomainUpdate } from '@pushdeck/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import { DOMAINS_ROOT, domainKeys } from './domain-keys';
import {
  changeDomainTags,
  createDomain,
  type DomainListQuery,
  fetchDomain,
  fetchDomainPage,
  updateDomain,
} from './domains-api';

/** The website of a route's `:id` (undefined id: nothing is asked). */
export function useDomain(id: number | undefined) {
  return useQuery({
    queryKey: domainKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchDomain(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

function useInvalidateDomains() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DOMAINS_ROOT });
}

export function useUpdateDomain(id: number) {
  const invalidate = useInvalidateDomains();
  return useMutation({
    mutationFn: (patch: Omit<DomainUpdate, 'fcm_conf' | 'id'>) => updateDomain(id, patch),
    onSuccess: invalidate,
  });
}

export function useCreateDomain() {
  const invalidate = useInvalidateDomains();
  return useMutation({ mutationFn: createDomain, onSuccess: invalidate });
}

export function useDomainPage(query: DomainListQuery) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: domainKeys.list({ ...query, client }),
    queryFn: ({ signal }) => fetchDomainPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChangeDomainTags(id: number) {
  const invalidate = useInvalidateDomains();
  return useMutation({
    mutationFn: ({ action, tagIds }: { action: 'addTags' | 'removeTags'; tagIds: number[] }) =>
      changeDomainTags(id, action, tagIds),
    onSuccess: invalidate,
  });
}
