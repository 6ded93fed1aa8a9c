import type { SubscriberListRow, SubscriberPage, SubscriberUpdate } from '@pushdeck/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import { audienceKeys, SEGMENTS_ROOT, SUBSCRIBERS_ROOT } from './audience-keys';
import {
  fetchSegmentSubscribers,
  fetchWebsiteSubscribers,
  type SubscriberPageQuery,
  updateSubscriber,
} from './subscribers-api';

export function useSegmentSubscribers(segId: number, q: SubscriberPageQuery) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: audienceKeys.segmentSubscribers({ segId, ...q, client }),
    queryFn: ({ signal }) => fetchSegmentSubscribers(segId, q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWebsiteSubscribers(domainId: number, segId: number | undefined, q: SubscriberPageQuery) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: audienceKeys.websiteSubscribers({ domainId, segId, ...q, client }),
    queryFn: ({ signal }) => fetchWebsiteSubscribers(domainId, segId, q, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The inline URL edit. The edited row is replaced in every cached page at once (so the table does not jump while
 * pages reload), then the lists and counts are refreshed: an edit may move a subscriber in or out of an audience.
 */
export function useUpdateSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: SubscriberUpdate }) => updateSubscriber(id, patch),
    onSuccess: (row: SubscriberListRow) => {
      queryClient.setQueriesData<SubscriberPage>({ queryKey: SUBSCRIBERS_ROOT }, (page) =>
        page ? { ...page, data: page.data.map((r) => (r.id === row.id ? row : r)) } : page,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: SUBSCRIBERS_ROOT }),
        queryClient.invalidateQueries({ queryKey: [...SEGMENTS_ROOT, 'count'] }),
      ]);
    },
  });
}
