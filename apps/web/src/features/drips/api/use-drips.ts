import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryParams } from '@/lib/api';
import {
  type EditableType,
  fetchAudiences,
  fetchDomainUrl,
  fetchDrip,
  fetchDripList,
  fetchDripPage,
  fetchGroups,
  fetchSpamPage,
} from './drips-api';

/** Query keys: every drips screen reads under DRIPS_KEY, so one invalidation refreshes lists, groups and editors. */
export const DRIPS_KEY = ['drips'] as const;
export const dripKeys = {
  page: (type: EditableType, query: QueryParams) => [...DRIPS_KEY, type, 'page', query] as const,
  list: (type: EditableType, query: QueryParams) => [...DRIPS_KEY, type, 'list', query] as const,
  one: (type: EditableType, domainId: number, id: number) => [...DRIPS_KEY, type, 'one', domainId, id] as const,
  groups: (domainId: number) => [...DRIPS_KEY, 'groups', domainId] as const,
  spam: (domainId: number, query: QueryParams) => [...DRIPS_KEY, 'spam', domainId, query] as const,
};

export function useDripPage(type: EditableType, query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: dripKeys.page(type, query),
    queryFn: ({ signal }) => fetchDripPage(type, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDripList(type: EditableType, query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: dripKeys.list(type, query),
    queryFn: ({ signal }) => fetchDripList(type, query, signal),
    enabled,
  });
}

export function useDrip(type: EditableType, domainId: number | undefined, id: number | undefined) {
  return useQuery({
    queryKey: dripKeys.one(type, domainId ?? 0, id ?? 0),
    queryFn: ({ signal }) => fetchDrip(type, domainId!, id!, signal),
    enabled: domainId !== undefined && id !== undefined,
    staleTime: 0,
  });
}

export function useGroups(domainId: number | undefined) {
  return useQuery({
    queryKey: dripKeys.groups(domainId ?? 0),
    queryFn: ({ signal }) => fetchGroups(domainId!, signal),
    enabled: domainId !== undefined,
  });
}

export function useSpamPage(domainId: number | undefined, query: QueryParams) {
  return useQuery({
    queryKey: dripKeys.spam(domainId ?? 0, query),
    queryFn: ({ signal }) => fetchSpamPage(domainId!, query, signal),
    enabled: domainId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAudiences(domainId: number | undefined) {
  return useQuery({
    queryKey: ['drips-audiences', domainId ?? 0],
    queryFn: ({ signal }) => fetchAudiences(domainId!, signal),
    enabled: domainId !== undefined,
  });
}

export function useDomainUrl(domainId: number | undefined) {
  return useQuery({
    queryKey: ['drips-domain-url', domainId ?? 0],
    queryFn: ({ signal }) => fetchDomainUrl(domainId!, signal),
    enabled: domainId !== undefined,
    staleTime: 60_000,
  });
}

/** A write of the drips screens; refreshes every drips query when it succeeds. */
export function useDripsMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DRIPS_KEY }),
  });
}
