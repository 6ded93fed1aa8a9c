/** Validates a schedule rule once and turns it into a fast `next(afterMs)` function. */
import { addDays, isoWeekday } from './calendar.ts';
import { makeCalendarNext } from './calendar-next.ts';
import { intervalStepMs, makeIntervalNext } from './interval-next.ts';
import { type LocalDate, parseDateOnly, parseDaysOfWeek, parseLocalDate, parseTime } from './parse.ts';
import {
  CALENDAR_FREQUENCIES,
  type CalendarFrequency,
  FREQUENCIES,
  type Frequency,
  type IsoWeekday,
  type OneTimeRule,
  type RecurringRule,
  SCHEDULE_DATES_MESSAGE,
  type ScheduleRule,
  ScheduleRuleError,
} from './types.ts';
import { assertTimeZone, epochFromWall } from './zoned-time.ts';

export interface CompiledSchedule {
  /** First firing (epoch ms) strictly after `afterMs`, or null when none remains. */
  next(afterMs: number): number | null;
}

/** Throws ScheduleRuleError for any invalid field; compile once and reuse when evaluating many instants. */
export function compileSchedule(rule: ScheduleRule): CompiledSchedule {
  if (typeof rule !== 'object' || rule === null) throw new ScheduleRuleError('type', 'Schedule rule is missing.');
  switch (rule.type) {
    case 'one':
    case 'multiple':
      return compileOneTime(rule);
    case 'recurring':
    case 'tail-recurring':
    case 'spam-recurring':
      return compileRecurring(rule);
    default:
      throw new ScheduleRuleError('type', `Unknown schedule type "${String((rule as { type: unknown }).type)}".`);
  }
}

function compileOneTime(rule: OneTimeRule): CompiledSchedule {
  if (!Array.isArray(rule.chooseTime) || rule.chooseTime.length === 0) {
    throw new ScheduleRuleError('chooseTime', 'Choose at least one send time.');
  }
  const instants = rule.chooseTime
    .map((entry, i) => {
      const field = `chooseTime.${i}`;
      if (typeof entry !== 'object' || entry === null) throw new ScheduleRuleError(field, 'Send time is missing.');
      assertTimeZone(entry.timezone, `${field}.timezone`);
      const date = parseDateOnly(entry.date_start, `${field}.date_start`);
      const time = parseTime(entry.time, `${field}.time`);
      return epochFromWall({ ...date, ...time }, entry.timezone, 'gap-forward');
    })
    .sort((a, b) => a - b);
  return { next: (afterMs) => instants.find((t) => t > afterMs) ?? null };
}

function isCalendar(frequency: Frequency): frequency is CalendarFrequency {
  return (CALENDAR_FREQUENCIES as readonly string[]).includes(frequency);
}

function checkFrequency(rule: RecurringRule): Frequency {
  const { frequency, type } = rule;
  if (!(FREQUENCIES as readonly unknown[]).includes(frequency)) {
    throw new ScheduleRuleError('frequency', `Unknown frequency "${String(frequency)}".`);
  }
  if (type !== 'spam-recurring' && !isCalendar(frequency)) {
    throw new ScheduleRuleError('frequency', `Frequency "${frequency}" is only allowed for spam-recurring schedules.`);
  }
  return frequency;
}

function compileRecurring(rule: RecurringRule): CompiledSchedule {
  const frequency = checkFrequency(rule);
  const { timezone } = rule;
  assertTimeZone(timezone);
  const time = parseTime(rule.time);
  const days = parseDaysOfWeek(rule.daysOfWeek);
  const start = rule.dateStart == null ? null : parseLocalDate(rule.dateStart, 'dateStart');
  const end = rule.dateEnd == null ? null : parseLocalDate(rule.dateEnd, 'dateEnd');
  const startMs = start ? epochFromWall(start, timezone, 'gap-forward') : null;
  const endMs = end ? endOf(end, timezone) : null;
  if (startMs !== null && endMs !== null && endMs < startMs) {
    throw new ScheduleRuleError('dateEnd', SCHEDULE_DATES_MESSAGE);
  }
  if (!start && (frequency === 'monthly' || frequency === 'yearly' || (frequency === 'weekly' && days.size === 7))) {
    const orDays = frequency === 'weekly' ? ' or a subset of the days of the week' : '';
    throw new ScheduleRuleError('dateStart', `A ${frequency} schedule needs a start date${orDays}.`);
  }
  const inner = isCalendar(frequency)
    ? makeCalendarNext({ frequency, time, timezone, days: calendarDays(frequency, days, start), anchor: start })
    : makeIntervalNext({ stepMs: intervalStepMs(frequency, time), anchorMs: startMs ?? 0, timezone, days, endMs });
  return {
    next(afterMs) {
      const t = inner(startMs === null ? afterMs : Math.max(afterMs, startMs - 1));
      return t === null || (endMs !== null && t > endMs) ? null : t;
    },
  };
}

/** Date-only end dates are inclusive: the last millisecond before the next local day starts. */
function endOf(end: LocalDate, timezone: string): number {
  if (end.hasTime) return epochFromWall(end, timezone, 'gap-forward');
  return epochFromWall({ ...addDays(end, 1), hour: 0, minute: 0, second: 0 }, timezone, 'gap-forward') - 1;
}

/**
 * daily: the allowed days. weekly: the listed days when a strict subset of the week is given, otherwise the
 * weekday of dateStart. monthly and yearly ignore days_of_week (the day of month / month-day comes from dateStart).
 */
function calendarDays(
  frequency: CalendarFrequency,
  days: Set<IsoWeekday>,
  start: LocalDate | null,
): ReadonlySet<IsoWeekday> {
  if (frequency !== 'weekly' || days.size < 7 || !start) return days;
  return new Set([isoWeekday(start)]);
}
