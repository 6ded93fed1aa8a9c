/** Next firing of a daily / weekly / monthly / yearly series: a wall time on chosen local dates. */
import { addDays, addMonths, type CivilDate, clampedDate, isoWeekday } from './calendar.ts';
import type { TimeOfDay } from './parse.ts';
import type { CalendarFrequency, IsoWeekday } from './types.ts';
import { epochFromWall, zonedWallTime } from './zoned-time.ts';

export interface CalendarPlan {
  frequency: CalendarFrequency;
  time: TimeOfDay;
  timezone: string;
  /** Local dates allowed for daily and weekly (already resolved: weekly without a day subset = dateStart's weekday). */
  days: ReadonlySet<IsoWeekday>;
  /** dateStart's date: the day of month (monthly) or month and day (yearly); required for those two. */
  anchor: CivilDate | null;
}

/**
 * Returns `next(q)`: the first firing strictly after epoch ms `q`, or null (only when the plan is empty).
 * Candidate dates start one day (month, year) before q's local date, because a gap-forward firing can land
 * on the next local date; a wall time in a DST gap fires at the end of the gap, an ambiguous one at its first instance.
 * Cost: at most 10 candidate days (daily, weekly), 15 months, 11 years.
 */
export function makeCalendarNext(plan: CalendarPlan): (q: number) => number | null {
  const { time, timezone } = plan;
  const pick = candidatePicker(plan);
  const last = LAST_STEP[plan.frequency];
  return (q) => {
    const today = zonedWallTime(q, timezone);
    for (let i = -1; i <= last; i++) {
      const date = pick(today, i);
      if (!date) continue;
      const t = epochFromWall({ ...date, ...time }, timezone, 'gap-forward');
      if (t > q) return t;
    }
    return null;
  };
}

const LAST_STEP: Record<CalendarFrequency, number> = { daily: 8, weekly: 8, monthly: 13, yearly: 9 };

/** The i-th candidate local date counted from `today` (days, months or years), or null when not allowed. */
function candidatePicker(plan: CalendarPlan): (today: CivilDate, i: number) => CivilDate | null {
  const { frequency, days, anchor } = plan;
  if (frequency === 'daily' || frequency === 'weekly') {
    return (today, i) => {
      const date = addDays(today, i);
      return days.has(isoWeekday(date)) ? date : null;
    };
  }
  if (!anchor) return () => null;
  if (frequency === 'monthly') {
    return (today, i) => {
      const { year, month } = addMonths(today.year, today.month, i);
      return clampedDate(year, month, anchor.day);
    };
  }
  return (today, i) => clampedDate(today.year + i, anchor.month, anchor.day);
}
