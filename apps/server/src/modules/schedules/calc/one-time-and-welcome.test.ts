import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesBetween, welcomeDueAt } from './next-occurrence.ts';
import { at, isoList } from './test-fixtures.ts';
import { type OneTimeRule, ScheduleRuleError } from './types.ts';

describe('one and multiple', () => {
  const rule: OneTimeRule = {
    type: 'multiple',
    chooseTime: [
      { date_start: '2026-06-01', time: '05:00', timezone: 'UTC' },
      { date_start: '2026-06-01', time: '09:00', timezone: 'Asia/Kathmandu' },
      { date_start: '2026-05-31', time: '23:30', timezone: 'America/New_York' },
    ],
  };

  it('picks the earliest entry strictly after the instant, each in its own zone', () => {
    expect(nextOccurrence(rule, at('2026-06-01T00:00:00Z'))?.toISOString()).toBe('2026-06-01T03:15:00.000Z');
    expect(nextOccurrence(rule, at('2026-06-01T03:15:00Z'))?.toISOString()).toBe('2026-06-01T03:30:00.000Z');
    expect(nextOccurrence(rule, at('2026-06-01T03:30:00Z'))?.toISOString()).toBe('2026-06-01T05:00:00.000Z');
    expect(isoList(occurrencesBetween(rule, at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z')))).toEqual([
      '2026-06-01T03:15:00.000Z',
      '2026-06-01T03:30:00.000Z',
      '2026-06-01T05:00:00.000Z',
    ]);
  });

  it('returns null once every entry is past', () => {
    expect(nextOccurrence(rule, at('2026-06-01T05:00:00Z'))).toBeNull();
    const one: OneTimeRule = {
      type: 'one',
      chooseTime: [{ date_start: '2020-01-01', time: '10:00', timezone: 'UTC' }],
    };
    expect(nextOccurrence(one, at('2026-01-01T00:00:00Z'))).toBeNull();
  });

  it('moves an entry inside a DST gap to the end of the gap', () => {
    const one: OneTimeRule = {
      type: 'one',
      chooseTime: [{ date_start: '2026-03-08', time: '02:30', timezone: 'America/New_York' }],
    };
    expect(nextOccurrence(one, at('2026-01-01T00:00:00Z'))?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe('welcomeDueAt', () => {
  it('adds days (24 h each), hours and minutes in absolute time', () => {
    const subscribed = at('2026-03-28T12:00:00Z');
    expect(welcomeDueAt(subscribed, { afterDays: 1, afterHours: 2, afterMins: 30 }).toISOString()).toBe(
      '2026-03-29T14:30:00.000Z',
    );
    expect(welcomeDueAt(subscribed, { afterDays: 0, afterHours: 0, afterMins: 0 }).toISOString()).toBe(
      '2026-03-28T12:00:00.000Z',
    );
    expect(welcomeDueAt(subscribed, { afterDays: 0, afterHours: 0, afterMins: 1500 }).toISOString()).toBe(
      '2026-03-29T13:00:00.000Z',
    );
  });

  it.each([
    ['afterDays', { afterDays: -1, afterHours: 0, afterMins: 0 }],
    ['afterHours', { afterDays: 0, afterHours: 1.5, afterMins: 0 }],
    ['afterMins', { afterDays: 0, afterHours: 0, afterMins: Number.NaN }],
  ])('rejects a bad %s', (field, offset) => {
    expect(() => welcomeDueAt(at('2026-01-01T00:00:00Z'), offset)).toThrow(
      new ScheduleRuleError(field, `${field} must be a non-negative integer.`),
    );
  });

  it('rejects an invalid subscription date', () => {
    expect(() => welcomeDueAt(new Date(Number.NaN), { afterDays: 0, afterHours: 0, afterMins: 0 })).toThrow(
      ScheduleRuleError,
    );
  });
});
