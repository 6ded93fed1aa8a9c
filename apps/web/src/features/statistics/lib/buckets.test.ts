import { describe, expect, it } from 'vitest';
import { bucketKeys, fillBuckets } from './buckets';

describe('bucket keys', () => {
  it('labels hours by the local time of each UTC hour start, half-hour zones included', () => {
    const kolkata = bucketKeys(['2026-03-10', '2026-03-10'], 'hour', 'Asia/Kolkata');
    expect(kolkata).toHaveLength(24);
    expect(kolkata[0]).toBe('2026-03-10 00:30:00');
    expect(kolkata.at(-1)).toBe('2026-03-10 23:30:00');
  });

  it('has one bucket for the repeated hour of a fall-back day and none for the skipped spring hour', () => {
    const fall = bucketKeys(['2026-10-25', '2026-10-25'], 'hour', 'Europe/Kyiv');
    expect(fall).toHaveLength(24);
    expect(fall.filter((k) => k === '2026-10-25 03:00:00')).toHaveLength(1);
    const spring = bucketKeys(['2026-03-29', '2026-03-29'], 'hour', 'Europe/Kyiv');
    expect(spring).toHaveLength(23);
    expect(spring).not.toContain('2026-03-29 03:00:00');
  });

  it('starts weeks on Monday and months on the 1st', () => {
    expect(bucketKeys(['2026-11-18', '2026-11-30'], 'week', 'UTC')).toEqual([
      '2026-11-16 00:00:00',
      '2026-11-23 00:00:00',
      '2026-11-30 00:00:00',
    ]);
    expect(bucketKeys(['2026-10-15', '2026-12-01'], 'month', 'UTC')).toEqual([
      '2026-10-01 00:00:00',
      '2026-11-01 00:00:00',
      '2026-12-01 00:00:00',
    ]);
  });

  it('fills the buckets the server left out with 0', () => {
    const keys = bucketKeys(['2026-11-01', '2026-11-03'], 'day', 'UTC');
    const rows = fillBuckets(keys, ['sent'], new Map([['2026-11-02 00:00:00', { sent: 5 }]]));
    expect(rows.map((r) => r.sent)).toEqual([0, 5, 0]);
  });
});
