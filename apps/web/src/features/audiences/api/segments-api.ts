import {
  type AudienceQuery,
  type JsSegment,
  jsSegmentSchema,
  LIMITS,
  type Segment,
  type SegmentType,
  segmentDeletedSchema,
  segmentSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api } from '@/lib/api';

/** Subscriber lists answer within the spec's request time-out (part 2 §7, §9). */
export const SUBSCRIBER_TIMEOUT_MS = 10_000;

const segmentList = wrapped(z.array(segmentSchema));
const countAnswer = z.object({ data: z.number().int(), is_estimate: z.boolean() });
export type CountAnswer = z.infer<typeof countAnswer>;

export interface SegmentListQuery {
  domainId: number;
  type: SegmentType;
  search: string;
}

/**
 * GET /v1/segments/get: a website's audiences (or segments), newest first, without system ones, in pages of 1000
 * repeated while a full page comes back (spec part 2 §4, §7).
 */
export async function fetchSegments(query: SegmentListQuery, signal?: AbortSignal): Promise<Segment[]> {
  const size = LIMITS.bulkPageSize;
  const rows: Segment[] = [];
  for (let offset = 0; ; offset += size) {
    const body = segmentList.parse(
      await api.get<unknown>('/v1/segments/get', {
        signal,
        query: {
          'where[domain_id]': query.domainId,
          'where[type]': query.type,
          'where[is_system]': 0,
          search: query.search.trim() || undefined,
          order_by: 'id:desc',
          limit: size,
          offset,
        },
      }),
    );
    rows.push(...body.data);
    if (body.data.length < size) return rows;
  }
}

/** The detail screen's segment: GET /v1/segments/get with where[id], where[domain_id], where[type]; data.data[0]. */
export async function fetchSegment(
  domainId: number,
  id: number,
  type: SegmentType,
  signal?: AbortSignal,
): Promise<Segment | null> {
  const body = segmentList.parse(
    await api.get<unknown>('/v1/segments/get', {
      signal,
      query: { order_by: 'id:desc', 'where[id]': id, 'where[domain_id]': domainId, 'where[type]': type },
    }),
  );
  return body.data[0] ?? null;
}

/** GET /v1/segments/get_js_seg/{id}: what the filter builder edits. */
export async function fetchJsSegment(id: number, signal?: AbortSignal): Promise<JsSegment> {
  return wrapped(jsSegmentSchema).parse(await api.get<unknown>(`/v1/segments/get_js_seg/${id}`, { signal })).data;
}

export interface SegmentDraft {
  name: string;
  type: SegmentType;
  query: AudienceQuery;
}

export async function createSegment(domainId: number, draft: SegmentDraft): Promise<Segment> {
  const body = await api.post<unknown>('/v1/segments', { body: { ...draft, domain_id: domainId } });
  return wrapped(segmentSchema).parse(body).data;
}

export async function updateSegment(id: number, draft: SegmentDraft): Promise<Segment> {
  return wrapped(segmentSchema).parse(await api.put<unknown>(`/v1/segments/${id}`, { body: draft })).data;
}

export async function deleteSegment(id: number) {
  return wrapped(segmentDeletedSchema).parse(await api.delete<unknown>(`/v1/segments/${id}`)).data;
}

/** POST /v1/segments/count: how many active subscribers of the website match the query (the live count). */
export async function countAudience(domainId: number, query: AudienceQuery, signal?: AbortSignal) {
  return countAnswer.parse(
    await api.post<unknown>('/v1/segments/count', {
      signal,
      body: { domain_id: domainId, query },
      timeoutMs: SUBSCRIBER_TIMEOUT_MS,
    }),
  );
}

/** POST /v1/segments/executeQueryField/{id}?count=true: a stored segment's count. */
export async function countSegment(id: number, signal?: AbortSignal) {
  return countAnswer.parse(
    await api.post<unknown>(`/v1/segments/executeQueryField/${id}`, {
      signal,
      query: { count: true },
      timeoutMs: SUBSCRIBER_TIMEOUT_MS,
    }),
  );
}
