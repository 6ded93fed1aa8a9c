import type { ScheduleRow } from '../../db/schema.ts';
import {
  type ChooseTimeEntry,
  DAY_NAMES,
  type DayName,
  type Frequency,
  nextOccurrence,
  type ScheduleRule,
} from '../schedules/calc/index.ts';

export const TIMED_TYPES = ['one', 'multiple', 'recurring', 'tail-recurring', 'spam-recurring'] as const;

type RuleSource = Pick<
  ScheduleRow,
  'type' | 'frequency' | 'time' | 'timezone' | 'date_start' | 'date_end' | 'days_of_week' | 'choose_time'
>;

/** The calculator's rule for a stored schedule, or null for types that are not time-driven. */
export function ruleOf(s: RuleSource): ScheduleRule | null {
  if (s.type === 'one' || s.type === 'multiple') {
    const entries = Array.isArray(s.choose_time) ? (s.choose_time as ChooseTimeEntry[]) : [];
    return { type: s.type, chooseTime: entries };
  }
  if (s.type === 'recurring' || s.type === 'tail-recurring' || s.type === 'spam-recurring') {
    const days = s.days_of_week
      .split(/[\s,]+/)
      .map((d) => d.trim().toLowerCase())
      .filter((d): d is DayName => (DAY_NAMES as readonly string[]).includes(d));
    return {
      type: s.type,
      frequency: (s.frequency ?? 'daily') as Frequency,
      time: s.time ?? '00:00',
      timezone: s.timezone,
      dateStart: s.date_start,
      dateEnd: s.date_end,
      daysOfWeek: days.length === 7 ? [] : days,
    };
  }
  return null;
}

/** next_disp_date for a schedule after `after`; null when it will not fire again (or is not time-driven). */
export function nextDispDate(s: RuleSource, after: Date): Date | null {
  const rule = ruleOf(s);
  return rule ? nextOccurrence(rule, after) : null;
}
