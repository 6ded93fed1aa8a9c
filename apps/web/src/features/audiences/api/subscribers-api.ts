import {
  type SubscriberListRow,
  type SubscriberUpdate,
  subscriberPageSchema,
  subscriberRowSchema,
  wrapped,
} from '@pushdeck/contracts';
import { api } from '@/lib/api';
import { SUBSCRIBER_TIMEOUT_MS } from './segments-api';

const pageAnswer = wrapped(subscriberPageSchema);

export interface SubscriberPageQuery {
  page: number;
  pageLength: number;
}

const paging = (q: SubscriberPageQuery) => ({
  paginate: true,
  pageLength: q.pageLength,
  page: q.page,
  order_by: 'id:desc',
});

/** GET /v1/segments/{id}/subscribers: one page of a segment's subscribers, newest first (spec part 2 §7). */
export async function fetchSegmentSubscribers(segId: number, q: SubscriberPageQuery, signal?: AbortSignal) {
  const body = await api.get<unknown>(`/v1/segments/${segId}/subscribers`, {
    signal,
    query: paging(q),
    timeoutMs: SUBSCRIBER_TIMEOUT_MS,
  });
  return pageAnswer.parse(body).data;
}

/** GET /v1/subscribers: a website's subscribers (More Info Subs), narrowed to a segment when `segId` is given. */
export async function fetchWebsiteSubscribers(
  domainId: number,
  segId: number | undefined,
  q: SubscriberPageQuery,
  signal?: AbortSignal,
) {
  const body = await api.get<unknown>('/v1/subscribers', {
    signal,
    query: { 'where[domain_id]': domainId, seg_id: segId, ...paging(q) },
    timeoutMs: SUBSCRIBER_TIMEOUT_MS,
  });
  return pageAnswer.parse(body).data;
}

/** PUT /v1/subscribers/{id}: the inline edit of subscription_url or last_url_visited. */
export async function updateSubscriber(id: number, patch: SubscriberUpdate): Promise<SubscriberListRow> {
  return wrapped(subscriberRowSchema).parse(await api.put<unknown>(`/v1/subscribers/${id}`, { body: patch })).data;
}
