/** Proleptic-Gregorian civil-date arithmetic (no time zones involved). */
import type { IsoWeekday } from './types.ts';

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export interface WallTime extends CivilDate {
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Milliseconds since the epoch of `wall` read as if it were UTC. */
export function wallToEpochMs(wall: WallTime): number {
  const ms = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  if (wall.year >= 0 && wall.year < 100) {
    // Date.UTC maps years 0…99 to 1900…1999.
    const d = new Date(ms);
    d.setUTCFullYear(wall.year);
    return d.getTime();
  }
  return ms;
}

export function epochDays(date: CivilDate): number {
  return Math.floor(wallToEpochMs({ ...date, hour: 0, minute: 0, second: 0 }) / DAY_MS);
}

export function fromEpochDays(days: number): CivilDate {
  const d = new Date(days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addDays(date: CivilDate, n: number): CivilDate {
  return fromEpochDays(epochDays(date) + n);
}

/** 1970-01-01 was a Thursday (ISO 4). */
export function isoWeekday(date: CivilDate): IsoWeekday {
  return (((((epochDays(date) + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}

/** Year and month `n` months after (year, month). */
export function addMonths(year: number, month: number, n: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** `day` clamped to the month's last day (Jan 31 → Feb 28/29, Feb 29 → Feb 28 in non-leap years). */
export function clampedDate(year: number, month: number, day: number): CivilDate {
  return { year, month, day: Math.min(day, daysInMonth(year, month)) };
}
