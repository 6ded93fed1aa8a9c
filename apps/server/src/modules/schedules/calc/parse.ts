/** Parsing and validation of the string fields of a schedule rule. */
import { type CivilDate, daysInMonth, type WallTime } from './calendar.ts';
import { DAY_NAMES, type IsoWeekday, ScheduleRuleError } from './types.ts';

export interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

export interface LocalDate extends WallTime {
  /** False for a date-only value ('YYYY-MM-DD'), whose time fields are then 0. */
  hasTime: boolean;
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/;

/** 'HH:MM' or 'HH:MM:SS', 24-hour (00:00:00 … 23:59:59). */
export function parseTime(value: unknown, field = 'time'): TimeOfDay {
  const m = typeof value === 'string' ? TIME.exec(value) : null;
  const hour = Number(m?.[1]);
  const minute = Number(m?.[2]);
  const second = Number(m?.[3] ?? 0);
  if (!m || hour > 23 || minute > 59 || second > 59) {
    throw new ScheduleRuleError(field, `Time must be HH:MM or HH:MM:SS (24-hour), got "${String(value)}".`);
  }
  return { hour, minute, second };
}

/** A local 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM[:SS]' (a 'T' separator is accepted too); the date must exist. */
export function parseLocalDate(value: unknown, field = 'date'): LocalDate {
  const m = typeof value === 'string' ? DATE.exec(value) : null;
  const date = m ? checkedDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  if (!m || !date) {
    throw new ScheduleRuleError(
      field,
      `Date must be an existing YYYY-MM-DD or YYYY-MM-DD HH:MM[:SS], got "${String(value)}".`,
    );
  }
  if (m[4] === undefined) return { ...date, hour: 0, minute: 0, second: 0, hasTime: false };
  return { ...date, ...parseTime(m[4], field), hasTime: true };
}

/** A date-only 'YYYY-MM-DD'. */
export function parseDateOnly(value: unknown, field = 'date'): CivilDate {
  const parsed = parseLocalDate(value, field);
  if (parsed.hasTime) throw new ScheduleRuleError(field, `Date must be YYYY-MM-DD, got "${String(value)}".`);
  return { year: parsed.year, month: parsed.month, day: parsed.day };
}

function checkedDate(year: number, month: number, day: number): CivilDate | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Day names (case-insensitive) to a set of ISO weekdays; an empty list means all seven. */
export function parseDaysOfWeek(value: unknown, field = 'daysOfWeek'): Set<IsoWeekday> {
  if (!Array.isArray(value)) throw new ScheduleRuleError(field, 'Days of the week must be a list of day names.');
  const days = new Set<IsoWeekday>();
  for (const name of value) {
    const index = typeof name === 'string' ? DAY_NAMES.indexOf(name.toLowerCase() as (typeof DAY_NAMES)[number]) : -1;
    if (index < 0) throw new ScheduleRuleError(field, `Unknown day of the week "${String(name)}".`);
    days.add((index + 1) as IsoWeekday);
  }
  if (days.size === 0) for (let d = 1; d <= 7; d++) days.add(d as IsoWeekday);
  return days;
}
