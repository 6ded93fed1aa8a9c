import type { SegmentType } from '@pushdeck/contracts';

/** Query keys of audiences, segments and their subscribers; one invalidation of a root refreshes its screens. */
export const SEGMENTS_ROOT = ['segments'] as const;
export const SUBSCRIBERS_ROOT = ['subscribers'] as const;

export const audienceKeys = {
  list: (p: { domainId: number; type: SegmentType; search: string; client: string | null }) =>
    ['segments', 'list', p] as const,
  detail: (p: { domainId: number; id: number; type: SegmentType; client: string | null }) =>
    ['segments', 'detail', p] as const,
  js: (id: number, client: string | null) => ['segments', 'js', id, client] as const,
  count: (id: number, client: string | null) => ['segments', 'count', id, client] as const,
  liveCount: (domainId: number, query: string, client: string | null) =>
    ['segments', 'live-count', domainId, query, client] as const,
  segmentSubscribers: (p: { segId: number; page: number; pageLength: number; client: string | null }) =>
    ['subscribers', 'segment', p] as const,
  websiteSubscribers: (p: {
    domainId: number;
    segId: number | undefined;
    page: number;
    pageLength: number;
    client: string | null;
  }) => ['subscribers', 'website', p] as const,
};
