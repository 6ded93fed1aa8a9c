import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesBetween } from './next-occurrence.ts';
import { at, gaps, isoList, recurring } from './test-fixtures.ts';
import type { RecurringRule } from './types.ts';
import { zonedWallTime } from './zoned-time.ts';

const spam = (overrides: Partial<RecurringRule>) =>
  recurring({ type: 'spam-recurring', time: '00:00:00', ...overrides });

describe('fixed-interval spam frequencies step in absolute time', () => {
  it('minutely keeps exact 60 s steps through the New York fall-back (01:xx local happens twice)', () => {
    const rule = spam({ frequency: 'minutely', timezone: 'America/New_York', dateStart: '2026-11-01 01:00' });
    const firings = occurrencesBetween(rule, at('2026-11-01T00:00:00Z'), at('2026-11-01T07:00:00Z'));
    expect(firings[0]?.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(firings).toHaveLength(121);
    expect(new Set(gaps(firings))).toEqual(new Set([60_000]));
    const wallAt0630 = zonedWallTime(at('2026-11-01T06:30:00Z'), 'America/New_York');
    expect(isoList(firings)).toContain('2026-11-01T06:30:00.000Z');
    expect(wallAt0630).toMatchObject({ hour: 1, minute: 30 });
  });

  it('hourly steps one real hour, so the repeated local hour fires twice and the skipped one never', () => {
    const fall = spam({ frequency: 'hourly', timezone: 'America/New_York', dateStart: '2026-11-01 00:00' });
    const firings = occurrencesBetween(fall, at('2026-11-01T00:00:00Z'), at('2026-11-01T07:00:00Z'));
    expect(isoList(firings)).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
    expect(firings.map((d) => zonedWallTime(d, 'America/New_York').hour)).toEqual([0, 1, 1, 2]);
  });

  it('secondly fires 3600 times in any real hour, including the Kyiv spring-forward hour', () => {
    const rule = spam({ frequency: 'secondly', timezone: 'Europe/Kyiv', dateStart: '2026-03-29' });
    const firings = occurrencesBetween(rule, at('2026-03-29T00:30:00Z'), at('2026-03-29T01:30:00Z'));
    expect(firings).toHaveLength(3600);
    expect(new Set(gaps(firings))).toEqual(new Set([1000]));
  });

  it('incessant repeats every duration (anchored at dateStart), ignoring the wall clock', () => {
    const rule = spam({
      frequency: 'incessant',
      time: '00:25:00',
      timezone: 'Europe/Kyiv',
      dateStart: '2026-03-29 02:10',
    });
    const firings = occurrencesBetween(rule, at('2026-03-28T00:00:00Z'), at('2026-03-29T02:00:00Z'));
    expect(isoList(firings)).toEqual([
      '2026-03-29T00:10:00.000Z',
      '2026-03-29T00:35:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:25:00.000Z',
      '2026-03-29T01:50:00.000Z',
    ]);
    expect(
      next(spam({ frequency: 'incessant', time: '00:00:00', dateStart: '2026-01-01' }), '2026-01-01T00:00:00.500Z'),
    ).toBe('2026-01-01T00:00:01.000Z');
  });

  it('without dateStart the series is aligned to the epoch (whole UTC minutes)', () => {
    expect(next(spam({ frequency: 'minutely' }), '2026-01-01T10:15:42.123Z')).toBe('2026-01-01T10:16:00.000Z');
  });
});

function next(rule: RecurringRule, after: string): string | undefined {
  return nextOccurrence(rule, at(after))?.toISOString();
}

describe('spam restricted to days of the week and to the date range', () => {
  // 2026-03-29 (Kyiv spring-forward, a 23-hour day) is a Sunday.
  const rule = spam({
    frequency: 'minutely',
    timezone: 'Europe/Kyiv',
    dateStart: '2026-03-27 10:00:30',
    daysOfWeek: ['sunday'],
  });

  it('jumps to the first step of the next allowed local day and stays on it', () => {
    expect(next(rule, '2026-03-27T00:00:00Z')).toBe('2026-03-28T22:00:30.000Z');
    const sunday = occurrencesBetween(rule, at('2026-03-27T00:00:00Z'), at('2026-03-29T21:00:00Z'));
    expect(sunday).toHaveLength(23 * 60);
    expect(new Set(gaps(sunday))).toEqual(new Set([60_000]));
    expect(sunday.at(-1)?.toISOString()).toBe('2026-03-29T20:59:30.000Z');
    expect(next(rule, '2026-03-29T20:59:30Z')).toBe('2026-04-04T21:00:30.000Z');
  });

  it('stops at dateEnd', () => {
    const ending = { ...rule, dateEnd: '2026-03-29 00:02:30' };
    expect(isoList(occurrencesBetween(ending, at('2026-03-20T00:00:00Z'), at('2026-04-30T00:00:00Z')))).toEqual([
      '2026-03-28T22:00:30.000Z',
      '2026-03-28T22:01:30.000Z',
      '2026-03-28T22:02:30.000Z',
    ]);
  });

  it('finds the next allowed day without stepping through every second', () => {
    const secondly = spam({ frequency: 'secondly', timezone: 'Asia/Kolkata', daysOfWeek: ['monday'] });
    const started = performance.now();
    for (let i = 0; i < 200; i++)
      nextOccurrence(secondly, new Date(Date.parse('2026-05-05T00:00:00Z') + i * 3_600_000));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(next(secondly, '2026-05-05T00:00:00Z')).toBe('2026-05-10T18:30:00.000Z');
  });

  it('daily spam fires at the wall time, like a recurring schedule', () => {
    const daily = spam({ frequency: 'daily', time: '09:00:00', timezone: 'Asia/Kolkata', daysOfWeek: ['monday'] });
    expect(next(daily, '2026-05-05T00:00:00Z')).toBe('2026-05-11T03:30:00.000Z');
  });
});
