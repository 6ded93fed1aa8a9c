import type { AudienceQuery, SegmentType } from '@pushdeck/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import { audienceKeys, SEGMENTS_ROOT } from './audience-keys';
import {
  countAudience,
  countSegment,
  createSegment,
  deleteSegment,
  fetchJsSegment,
  fetchSegment,
  fetchSegments,
  type SegmentDraft,
  type SegmentListQuery,
  updateSegment,
} from './segments-api';

export function useSegments(query: SegmentListQuery) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: audienceKeys.list({ ...query, client }),
    queryFn: ({ signal }) => fetchSegments(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSegment(domainId: number, id: number, type: SegmentType) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: audienceKeys.detail({ domainId, id, type, client }),
    queryFn: ({ signal }) => fetchSegment(domainId, id, type, signal),
    enabled: domainId > 0 && id > 0,
  });
}

export function useJsSegment(id: number | undefined) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: audienceKeys.js(id ?? 0, client),
    queryFn: ({ signal }) => fetchJsSegment(id ?? 0, signal),
    enabled: id !== undefined,
    // The editor starts from what is stored now, not from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** A stored segment's count (one row of the Audience Creator table). */
export function useSegmentCount(id: number) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: audienceKeys.count(id, client),
    queryFn: ({ signal }) => countSegment(id, signal),
    staleTime: 30_000,
  });
}

/** The builder's live count; `query` undefined while the conditions are incomplete (nothing is asked). */
export function useLiveCount(domainId: number, query: AudienceQuery | undefined) {
  const [client] = useSelectedClientUid();
  const text = query ? JSON.stringify(query) : '';
  return useQuery({
    queryKey: audienceKeys.liveCount(domainId, text, client),
    queryFn: ({ signal }) => countAudience(domainId, query ?? { filters: [] }, signal),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

function useInvalidateSegments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SEGMENTS_ROOT });
}

export function useSaveSegment(domainId: number, id: number | undefined) {
  const invalidate = useInvalidateSegments();
  return useMutation({
    mutationFn: (draft: SegmentDraft) => (id === undefined ? createSegment(domainId, draft) : updateSegment(id, draft)),
    onSuccess: invalidate,
  });
}

export function useDeleteSegment() {
  const invalidate = useInvalidateSegments();
  return useMutation({ mutationFn: deleteSegment, onSuccess: invalidate });
}
