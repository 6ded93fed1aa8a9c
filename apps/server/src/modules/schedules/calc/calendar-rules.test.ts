import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesBetween } from './next-occurrence.ts';
import { at, isoList, recurring } from './test-fixtures.ts';
import { zonedWallTime } from './zoned-time.ts';

const next = (rule: Parameters<typeof nextOccurrence>[0], after: string) =>
  nextOccurrence(rule, at(after))?.toISOString();

describe('daily', () => {
  it('keeps 09:00 local in Europe/Kyiv across both 2026 DST changes (the UTC instant moves by an hour)', () => {
    const rule = recurring({ time: '09:00', timezone: 'Europe/Kyiv' });
    expect(isoList(occurrencesBetween(rule, at('2026-03-27T12:00:00Z'), at('2026-03-30T12:00:00Z')))).toEqual([
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-03-30T06:00:00.000Z',
    ]);
    expect(isoList(occurrencesBetween(rule, at('2026-10-23T12:00:00Z'), at('2026-10-26T12:00:00Z')))).toEqual([
      '2026-10-24T06:00:00.000Z',
      '2026-10-25T07:00:00.000Z',
      '2026-10-26T07:00:00.000Z',
    ]);
  });

  it('fires a wall time inside the New York spring-forward gap at 03:00 EDT', () => {
    const rule = recurring({ time: '02:30', timezone: 'America/New_York' });
    expect(next(rule, '2026-03-07T12:00:00Z')).toBe('2026-03-08T07:00:00.000Z');
    expect(next(rule, '2026-03-08T07:00:00Z')).toBe('2026-03-09T06:30:00.000Z');
  });

  it('fires an ambiguous fall-back wall time once, at the first instance, one firing per day', () => {
    const rule = recurring({ time: '01:30', timezone: 'America/New_York' });
    expect(next(rule, '2026-11-01T00:00:00Z')).toBe('2026-11-01T05:30:00.000Z');
    expect(next(rule, '2026-11-01T05:30:00Z')).toBe('2026-11-02T06:30:00.000Z');
    expect(isoList(occurrencesBetween(rule, at('2026-10-31T00:00:00Z'), at('2026-11-03T00:00:00Z')))).toEqual([
      '2026-10-31T05:30:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
    const spring = occurrencesBetween(rule, at('2026-03-07T00:00:00Z'), at('2026-03-10T00:00:00Z'));
    expect(isoList(spring)).toEqual([
      '2026-03-07T06:30:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-09T05:30:00.000Z',
    ]);
  });

  it('handles half-hour and 45-minute zones', () => {
    expect(next(recurring({ time: '09:00', timezone: 'Asia/Kolkata' }), '2026-05-01T00:00:00Z')).toBe(
      '2026-05-01T03:30:00.000Z',
    );
    expect(next(recurring({ time: '09:00', timezone: 'Asia/Kolkata' }), '2026-05-01T03:30:00Z')).toBe(
      '2026-05-02T03:30:00.000Z',
    );
    expect(next(recurring({ time: '00:10', timezone: 'Asia/Kathmandu' }), '2026-05-01T00:00:00Z')).toBe(
      '2026-05-01T18:25:00.000Z',
    );
  });

  it('fires only on allowed days of the week', () => {
    const rule = recurring({ time: '08:15:30', daysOfWeek: ['saturday', 'sunday'] });
    // 2026-05-01 is a Friday.
    expect(isoList(occurrencesBetween(rule, at('2026-05-01T00:00:00Z'), at('2026-05-10T23:00:00Z')))).toEqual([
      '2026-05-02T08:15:30.000Z',
      '2026-05-03T08:15:30.000Z',
      '2026-05-09T08:15:30.000Z',
      '2026-05-10T08:15:30.000Z',
    ]);
  });

  it('counts one firing per day over 31 days, also over a DST month', () => {
    const kyiv = recurring({ time: '03:30', timezone: 'Europe/Kyiv' });
    const march = occurrencesBetween(kyiv, at('2026-02-28T22:00:00Z'), at('2026-03-31T21:00:00Z'));
    expect(march).toHaveLength(31);
    expect(march.map((d) => zonedWallTime(d, 'Europe/Kyiv').day)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    // 03:30 does not exist on 2026-03-29 in Kyiv: it fires at 04:00 local.
    expect(march[28]?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(march.every((d, i) => i === 0 || d > (march[i - 1] ?? d))).toBe(true);
    const july = occurrencesBetween(recurring(), at('2026-07-01T00:00:00Z'), at('2026-08-01T00:00:00Z'));
    expect(july).toHaveLength(31);
  });

  it('returns at most `limit` firings, the earliest ones', () => {
    const firings = occurrencesBetween(recurring(), at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), 3);
    expect(isoList(firings)).toEqual([
      '2026-01-01T09:00:00.000Z',
      '2026-01-02T09:00:00.000Z',
      '2026-01-03T09:00:00.000Z',
    ]);
    expect(occurrencesBetween(recurring(), at('2026-01-02T00:00:00Z'), at('2026-01-01T00:00:00Z'))).toEqual([]);
  });
});

describe('weekly', () => {
  it('fires on the weekday of dateStart when all days (or none) are listed', () => {
    // 2026-01-07 is a Wednesday.
    const rule = recurring({ frequency: 'weekly', time: '10:00', dateStart: '2026-01-07' });
    const expected = ['2026-01-07T10:00:00.000Z', '2026-01-14T10:00:00.000Z', '2026-01-21T10:00:00.000Z'];
    expect(isoList(occurrencesBetween(rule, at('2025-12-01T00:00:00Z'), at('2026-01-25T00:00:00Z')))).toEqual(expected);
    const allDays = {
      ...rule,
      daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    };
    expect(
      isoList(occurrencesBetween(allDays as typeof rule, at('2025-12-01T00:00:00Z'), at('2026-01-25T00:00:00Z'))),
    ).toEqual(expected);
  });

  it('fires on each listed day when a subset of the week is given', () => {
    const rule = recurring({
      frequency: 'weekly',
      time: '18:00',
      timezone: 'America/New_York',
      dateStart: '2026-01-07',
      daysOfWeek: ['monday', 'friday'],
    });
    expect(isoList(occurrencesBetween(rule, at('2026-01-01T00:00:00Z'), at('2026-01-20T00:00:00Z')))).toEqual([
      '2026-01-09T23:00:00.000Z',
      '2026-01-12T23:00:00.000Z',
      '2026-01-16T23:00:00.000Z',
      '2026-01-19T23:00:00.000Z',
    ]);
    const noStart = recurring({ frequency: 'weekly', time: '06:00', daysOfWeek: ['sunday'] });
    expect(next(noStart, '2026-05-01T00:00:00Z')).toBe('2026-05-03T06:00:00.000Z');
  });
});

describe('monthly and yearly', () => {
  it('monthly on the 31st clamps to the last day of shorter months (Feb 28, and Feb 29 in a leap year)', () => {
    const rule = recurring({ frequency: 'monthly', time: '12:00', dateStart: '2026-01-31' });
    expect(isoList(occurrencesBetween(rule, at('2026-01-01T00:00:00Z'), at('2026-05-01T00:00:00Z')))).toEqual([
      '2026-01-31T12:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
      '2026-03-31T12:00:00.000Z',
      '2026-04-30T12:00:00.000Z',
    ]);
    expect(next(rule, '2028-02-01T00:00:00Z')).toBe('2028-02-29T12:00:00.000Z');
  });

  it('yearly on Feb 29 fires on Feb 28 in non-leap years', () => {
    const rule = recurring({ frequency: 'yearly', time: '07:45', timezone: 'Asia/Kathmandu', dateStart: '2024-02-29' });
    expect(isoList(occurrencesBetween(rule, at('2024-01-01T00:00:00Z'), at('2028-12-31T00:00:00Z')))).toEqual([
      '2024-02-29T02:00:00.000Z',
      '2025-02-28T02:00:00.000Z',
      '2026-02-28T02:00:00.000Z',
      '2027-02-28T02:00:00.000Z',
      '2028-02-29T02:00:00.000Z',
    ]);
  });
});

describe('dateStart and dateEnd bounds', () => {
  const rule = recurring({ time: '23:30', timezone: 'Europe/Kyiv', dateStart: '2026-05-10', dateEnd: '2026-05-12' });

  it('fires from dateStart through the inclusive end date, then never again', () => {
    expect(isoList(occurrencesBetween(rule, at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z')))).toEqual([
      '2026-05-10T20:30:00.000Z',
      '2026-05-11T20:30:00.000Z',
      '2026-05-12T20:30:00.000Z',
    ]);
    expect(nextOccurrence(rule, at('2026-05-12T20:30:00Z'))).toBeNull();
  });

  it('honours a time on dateStart and dateEnd', () => {
    const timed = recurring({ time: '09:00', dateStart: '2026-05-10 09:00:01', dateEnd: '2026-05-12 09:00' });
    expect(isoList(occurrencesBetween(timed, at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z')))).toEqual([
      '2026-05-11T09:00:00.000Z',
      '2026-05-12T09:00:00.000Z',
    ]);
    expect(nextOccurrence({ ...timed, dateEnd: '2026-05-12 08:59:59' }, at('2026-05-11T09:00:00Z'))).toBeNull();
    expect(next({ ...timed, dateStart: '2026-05-10 09:00' }, '2026-01-01T00:00:00Z')).toBe('2026-05-10T09:00:00.000Z');
  });
});
