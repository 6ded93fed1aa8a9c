import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  clampRange,
  dateToIso,
  defaultRange,
  isoToDate,
  lastPeriodRange,
  parseIsoDay,
  previousPeriod,
  type StatsScreen,
  statsWindow,
  weekStart,
  zoneToday,
} from './stats-dates';

describe('statistics dates', () => {
  const now = new Date('2026-12-31T23:30:00Z');

  it("takes today in the chosen zone (the server's 'today'), and two calendar months back, day clamped", () => {
    expect(zoneToday('UTC', now)).toBe('2026-12-31');
    expect(zoneToday('Europe/Kyiv', now)).toBe('2027-01-01');
    expect(statsWindow('UTC', now)).toEqual({ min: '2026-10-31', max: '2026-12-31' });
    expect(statsWindow('America/New_York', new Date('2026-04-30T12:00:00Z'))).toEqual({
      min: '2026-02-28',
      max: '2026-04-30',
    });
  });

  it('defaults to last week to yesterday (Performance: yesterday) and keeps ranges in the window', () => {
    const window = { min: '2026-10-31', max: '2026-12-31' };
    const screens: StatsScreen[] = ['dashboard', 'more-info', 'compare', 'data-explorer', 'server-performance'];
    // one default everywhere, More Info included: whole days up to yesterday, never today
    for (const screen of screens) expect(defaultRange(screen, window), screen).toEqual(['2026-12-24', '2026-12-30']);
    expect(defaultRange('performance', window)).toEqual(['2026-12-30', '2026-12-30']);
    expect(clampRange(['2026-10-01', '2027-01-05'], window)).toEqual(['2026-10-31', '2026-12-31']);
  });

  it("gives More Info's Day, Week and Month as whole days ending yesterday; Week is the default", () => {
    const window = { min: '2026-01-31', max: '2026-03-31' };
    expect(lastPeriodRange('day', window)).toEqual(['2026-03-30', '2026-03-30']);
    expect(lastPeriodRange('week', window)).toEqual(['2026-03-24', '2026-03-30']);
    expect(lastPeriodRange('month', window)).toEqual(['2026-02-28', '2026-03-30']);
    expect(lastPeriodRange('week', window)).toEqual(defaultRange('more-info', window));
    // a window shorter than the period is cut at its start
    expect(lastPeriodRange('month', { min: '2026-03-20', max: '2026-03-31' })).toEqual(['2026-03-20', '2026-03-30']);
  });

  it('finds the previous period of the same length, cut at the window start', () => {
    expect(previousPeriod(['2026-12-25', '2026-12-31'], '2026-10-31')).toEqual(['2026-12-18', '2026-12-24']);
    expect(previousPeriod(['2026-11-30', '2026-12-31'], '2026-10-31')).toEqual(['2026-10-31', '2026-11-29']);
    expect(previousPeriod(['2026-10-31', '2026-12-31'], '2026-10-31')).toBeNull();
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
  });

  it('adds days and months on the calendar: month ends clamped, years crossed, leap days kept', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    // the DST change of 2026-10-25 in Europe is no shorter or longer a day here
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -2)).toBe('2025-11-15');
    expect(addMonths('2028-04-29', -2)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 14)).toBe('2028-01-30');
  });

  it('reads local dates to and from date-picker Dates, and refuses impossible dates', () => {
    const d = isoToDate('2026-11-05');
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 10, 5, 0]);
    expect(dateToIso(d)).toBe('2026-11-05');
    expect(dateToIso(new Date(2027, 0, 9, 23, 59))).toBe('2027-01-09');
    expect(parseIsoDay('2028-02-29')).toBe('2028-02-29');
    expect(parseIsoDay('2026-02-29')).toBeNull();
    expect(parseIsoDay('2026-13-01')).toBeNull();
    expect(parseIsoDay('26-01-01')).toBeNull();
    expect(parseIsoDay(null)).toBeNull();
  });

  it("falls back to the browser's today for an unknown zone", () => {
    const local = new Date(2026, 5, 15, 12);
    expect(zoneToday('Not/AZone', local)).toBe('2026-06-15');
    expect(zoneToday('Pacific/Kiritimati', new Date('2026-06-15T12:00:00Z'))).toBe('2026-06-16');
  });
});
