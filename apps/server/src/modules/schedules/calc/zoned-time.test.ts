import { describe, expect, it } from 'vitest';
import { at } from './test-fixtures.ts';
import { ScheduleRuleError } from './types.ts';
import { instantFromWall, isValidTimeZone, offsetAt, zonedWallTime } from './zoned-time.ts';

const wall = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => ({
  year: y,
  month: mo,
  day: d,
  hour: h,
  minute: mi,
  second: s,
});

describe('zonedWallTime', () => {
  it('reads the wall clock and ISO weekday in a zone', () => {
    expect(zonedWallTime(at('2026-03-08T07:00:00Z'), 'America/New_York')).toEqual({
      ...wall(2026, 3, 8, 3, 0),
      weekday: 7,
    });
    expect(zonedWallTime(at('2026-01-01T00:00:00Z'), 'Asia/Kathmandu')).toEqual({
      ...wall(2026, 1, 1, 5, 45),
      weekday: 4,
    });
    expect(zonedWallTime(at('2025-12-31T23:59:59Z'), 'Asia/Kolkata').hour).toBe(5);
  });

  it('reports midnight as hour 0, not 24', () => {
    expect(zonedWallTime(at('2026-06-01T00:00:00Z'), 'UTC').hour).toBe(0);
  });
});

describe('instantFromWall', () => {
  it('converts unambiguous wall times, including half- and 45-minute zones', () => {
    expect(instantFromWall(wall(2026, 7, 1, 9, 0), 'Europe/Kyiv').toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(instantFromWall(wall(2026, 1, 1, 9, 0), 'Europe/Kyiv').toISOString()).toBe('2026-01-01T07:00:00.000Z');
    expect(instantFromWall(wall(2026, 7, 1, 9, 0), 'Asia/Kolkata').toISOString()).toBe('2026-07-01T03:30:00.000Z');
    expect(instantFromWall(wall(2026, 7, 1, 9, 0), 'Asia/Kathmandu').toISOString()).toBe('2026-07-01T03:15:00.000Z');
  });

  it('resolves a spring-forward gap by the requested rule', () => {
    const gap = wall(2026, 3, 8, 2, 30);
    expect(instantFromWall(gap, 'America/New_York', 'gap-forward').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(instantFromWall(gap, 'America/New_York', 'earlier').toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(instantFromWall(gap, 'America/New_York', 'later').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantFromWall(wall(2026, 3, 29, 3, 15), 'Europe/Kyiv').toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('resolves a whole skipped day (Pacific/Apia, 2011-12-30) to the end of the gap', () => {
    expect(instantFromWall(wall(2011, 12, 30, 9, 0), 'Pacific/Apia').toISOString()).toBe('2011-12-30T10:00:00.000Z');
    expect(zonedWallTime(at('2011-12-30T10:00:00Z'), 'Pacific/Apia')).toMatchObject(wall(2011, 12, 31, 0, 0));
  });

  it('resolves a fall-back ambiguity to the first instance unless asked for the later one', () => {
    const twice = wall(2026, 11, 1, 1, 30);
    expect(instantFromWall(twice, 'America/New_York', 'gap-forward').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(instantFromWall(twice, 'America/New_York', 'earlier').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(instantFromWall(twice, 'America/New_York', 'later').toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('carries milliseconds and round-trips with zonedWallTime', () => {
    const instant = instantFromWall({ ...wall(2026, 10, 25, 23, 59, 59), millisecond: 999 }, 'Europe/Kyiv');
    expect(instant.toISOString()).toBe('2026-10-25T21:59:59.999Z');
    expect(zonedWallTime(instant, 'Europe/Kyiv')).toMatchObject(wall(2026, 10, 25, 23, 59, 59));
  });

  it('throws ScheduleRuleError for an unknown zone', () => {
    expect(() => instantFromWall(wall(2026, 1, 1, 0, 0), 'Mars/Olympus')).toThrow(ScheduleRuleError);
    expect(() => zonedWallTime(at('2026-01-01T00:00:00Z'), 'Mars/Olympus')).toThrow(
      'Unknown time zone "Mars/Olympus".',
    );
  });
});

describe('offsetAt', () => {
  it('gives the UTC offset in ms on both sides of a transition', () => {
    expect(offsetAt(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Kyiv')).toBe(2 * 3_600_000);
    expect(offsetAt(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Kyiv')).toBe(3 * 3_600_000);
    expect(offsetAt(Date.parse('2026-03-29T01:00:00Z'), 'Asia/Kathmandu')).toBe(345 * 60_000);
  });
});

describe('isValidTimeZone', () => {
  it.each(['UTC', 'Europe/Kyiv', 'Europe/Kiev', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'])(
    'accepts %s',
    (tz) => {
      expect(isValidTimeZone(tz)).toBe(true);
    },
  );

  it.each(['', 'Mars/Olympus', '+02:00', '-05:00', 'Z', 'Europe/', 42, null])('rejects %s', (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
  });
});
