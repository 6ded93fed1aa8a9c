import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesBetween } from './next-occurrence.ts';
import { parseLocalDate, parseTime } from './parse.ts';
import { at, recurring } from './test-fixtures.ts';
import {
  type OneTimeRule,
  type RecurringRule,
  SCHEDULE_DATES_MESSAGE,
  type ScheduleRule,
  ScheduleRuleError,
} from './types.ts';

function errorOf(rule: ScheduleRule): ScheduleRuleError {
  try {
    nextOccurrence(rule, at('2026-01-01T00:00:00Z'));
  } catch (error) {
    if (error instanceof ScheduleRuleError) return error;
    throw error;
  }
  throw new Error('expected a ScheduleRuleError');
}

const bad = (overrides: Record<string, unknown>) => recurring(overrides as Partial<RecurringRule>);

describe('rule validation', () => {
  it.each([
    ['timezone', bad({ timezone: 'Mars/Olympus' }), 'Unknown time zone "Mars/Olympus".'],
    ['timezone', bad({ timezone: '+02:00' }), 'Unknown time zone "+02:00".'],
    ['timezone', bad({ timezone: '' }), 'Unknown time zone "".'],
    ['time', bad({ time: '24:00' }), 'Time must be HH:MM or HH:MM:SS (24-hour), got "24:00".'],
    ['time', bad({ time: '9:00' }), 'Time must be HH:MM or HH:MM:SS (24-hour), got "9:00".'],
    ['time', bad({ time: '09:60' }), 'Time must be HH:MM or HH:MM:SS (24-hour), got "09:60".'],
    ['time', bad({ time: '09:00:61' }), 'Time must be HH:MM or HH:MM:SS (24-hour), got "09:00:61".'],
    [
      'dateStart',
      bad({ dateStart: '2026-02-30' }),
      'Date must be an existing YYYY-MM-DD or YYYY-MM-DD HH:MM[:SS], got "2026-02-30".',
    ],
    [
      'dateEnd',
      bad({ dateEnd: '01/02/2026' }),
      'Date must be an existing YYYY-MM-DD or YYYY-MM-DD HH:MM[:SS], got "01/02/2026".',
    ],
    ['dateStart', bad({ dateStart: '2026-01-01 25:00' }), 'Time must be HH:MM or HH:MM:SS (24-hour), got "25:00".'],
    ['dateEnd', bad({ dateStart: '2026-05-10', dateEnd: '2026-05-09' }), SCHEDULE_DATES_MESSAGE],
    ['dateEnd', bad({ dateStart: '2026-05-10 12:00', dateEnd: '2026-05-10 11:59:59' }), SCHEDULE_DATES_MESSAGE],
    ['frequency', bad({ frequency: 'fortnightly' }), 'Unknown frequency "fortnightly".'],
    ['frequency', bad({ frequency: 'minutely' }), 'Frequency "minutely" is only allowed for spam-recurring schedules.'],
    ['daysOfWeek', bad({ daysOfWeek: ['monday', 'funday'] }), 'Unknown day of the week "funday".'],
    ['daysOfWeek', bad({ daysOfWeek: 'monday' }), 'Days of the week must be a list of day names.'],
    ['dateStart', bad({ frequency: 'monthly' }), 'A monthly schedule needs a start date.'],
    ['dateStart', bad({ frequency: 'yearly' }), 'A yearly schedule needs a start date.'],
    [
      'dateStart',
      bad({ frequency: 'weekly' }),
      'A weekly schedule needs a start date or a subset of the days of the week.',
    ],
    ['type', bad({ type: 'sometimes' }), 'Unknown schedule type "sometimes".'],
  ])('%s: %s', (field, rule, message) => {
    const error = errorOf(rule);
    expect(error.message).toBe(message);
    expect(error.field).toBe(field);
  });

  it('exports the spec text for inconsistent dates', () => {
    expect(SCHEDULE_DATES_MESSAGE).toBe('Fill the schedule dates properly!');
  });

  it('accepts a one-day range and a date-only end equal to a timed start', () => {
    expect(() =>
      nextOccurrence(recurring({ dateStart: '2026-05-10', dateEnd: '2026-05-10' }), at('2026-01-01')),
    ).not.toThrow();
    expect(() =>
      nextOccurrence(recurring({ dateStart: '2026-05-10 18:00', dateEnd: '2026-05-10' }), at('2026-01-01')),
    ).not.toThrow();
  });

  it.each([
    ['chooseTime', { type: 'one', chooseTime: [] }, 'Choose at least one send time.'],
    [
      'chooseTime.0.timezone',
      { type: 'one', chooseTime: [{ date_start: '2026-01-01', time: '10:00', timezone: 'X/Y' }] },
      'Unknown time zone "X/Y".',
    ],
    [
      'chooseTime.1.date_start',
      {
        type: 'multiple',
        chooseTime: [
          { date_start: '2026-01-01', time: '10:00', timezone: 'UTC' },
          { date_start: '2026-01-01 10:00', time: '10:00', timezone: 'UTC' },
        ],
      },
      'Date must be YYYY-MM-DD, got "2026-01-01 10:00".',
    ],
    [
      'chooseTime.0.time',
      { type: 'one', chooseTime: [{ date_start: '2026-01-01', time: 'noon', timezone: 'UTC' }] },
      'Time must be HH:MM or HH:MM:SS (24-hour), got "noon".',
    ],
  ])('one-time %s', (field, rule, message) => {
    const error = errorOf(rule as OneTimeRule);
    expect(error.message).toBe(message);
    expect(error.field).toBe(field);
  });

  it('rejects invalid instants and limits', () => {
    expect(() => nextOccurrence(recurring(), new Date('nope'))).toThrow('after must be a valid Date.');
    expect(() => occurrencesBetween(recurring(), at('2026-01-01'), at('2026-02-01'), -1)).toThrow(
      'limit must be a non-negative integer.',
    );
  });
});

describe('parsers', () => {
  it('parseTime accepts HH:MM and HH:MM:SS', () => {
    expect(parseTime('07:05')).toEqual({ hour: 7, minute: 5, second: 0 });
    expect(parseTime('23:59:59')).toEqual({ hour: 23, minute: 59, second: 59 });
  });

  it('parseLocalDate accepts a date with or without a time', () => {
    expect(parseLocalDate('2024-02-29')).toEqual({
      year: 2024,
      month: 2,
      day: 29,
      hour: 0,
      minute: 0,
      second: 0,
      hasTime: false,
    });
    expect(parseLocalDate('2026-12-31 18:30:15')).toMatchObject({
      day: 31,
      hour: 18,
      minute: 30,
      second: 15,
      hasTime: true,
    });
    expect(() => parseLocalDate('2025-02-29')).toThrow(ScheduleRuleError);
  });
});
