import type { SegmentType } from '@pushdeck/contracts';

/** Audience or Segment mode: "a path containing 'audience' switches to Audience mode" (spec part 1 §2). */
export function modeOf(pathname: string): SegmentType {
  return pathname.includes('audience') ? 'audience' : 'segment';
}

export const MODE_TEXT = {
  audience: {
    list: 'Audience Creator',
    listPath: 'audience-creator',
    all: 'All Audience',
    noun: 'audience',
    title: 'Audience',
  },
  segment: {
    list: 'Manual Segmentation',
    listPath: 'manual-segmentation',
    all: 'All Segments',
    noun: 'segment',
    title: 'Segment',
  },
} as const satisfies Record<SegmentType, Record<string, string>>;

/** A route's numeric param as a positive integer, else undefined. */
export function routeId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}
