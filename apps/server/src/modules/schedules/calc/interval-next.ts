/** Next firing of a fixed-interval spam series (incessant, secondly, minutely, hourly). */
import { addDays, type CivilDate, isoWeekday } from './calendar.ts';
import type { TimeOfDay } from './parse.ts';
import type { IntervalFrequency, IsoWeekday } from './types.ts';
import { epochFromWall, zonedWallTime } from './zoned-time.ts';

export interface IntervalPlan {
  stepMs: number;
  /** Series anchor: dateStart's instant, or the Unix epoch without dateStart (whole UTC seconds/minutes/hours). */
  anchorMs: number;
  timezone: string;
  days: ReadonlySet<IsoWeekday>;
  endMs: number | null;
}

const UNIT_MS: Record<Exclude<IntervalFrequency, 'incessant'>, number> = {
  hourly: 3_600_000,
  minutely: 60_000,
  secondly: 1_000,
};

/** hourly = 1 h, minutely = 1 min, secondly = 1 s; incessant = the rule's duration, at least 1 s. */
export function intervalStepMs(frequency: IntervalFrequency, duration: TimeOfDay): number {
  if (frequency !== 'incessant') return UNIT_MS[frequency];
  const ms = ((duration.hour * 60 + duration.minute) * 60 + duration.second) * 1000;
  return Math.max(ms, 1000);
}

/**
 * Returns `next(q)`: the first anchor + k·step strictly after epoch ms `q` whose local weekday is allowed.
 * Steps are absolute (UTC) time, so DST changes never stretch or shrink an interval. A firing on a disallowed
 * day jumps straight to the first step at or after 00:00 of the next allowed local day (no per-step iteration).
 */
export function makeIntervalNext(plan: IntervalPlan): (q: number) => number | null {
  const { stepMs, anchorMs, timezone, days, endMs } = plan;
  const everyDay = days.size === 7;
  return (q) => {
    let c = anchorMs + (Math.floor((q - anchorMs) / stepMs) + 1) * stepMs;
    for (let guard = 0; guard < 10_000; guard++) {
      if (endMs !== null && c > endMs) return null;
      if (everyDay) return c;
      const wall = zonedWallTime(c, timezone);
      if (days.has(wall.weekday)) return c;
      let date: CivilDate = wall;
      do date = addDays(date, 1);
      while (!days.has(isoWeekday(date)));
      const dayStart = epochFromWall({ ...date, hour: 0, minute: 0, second: 0 }, timezone, 'gap-forward');
      c = anchorMs + Math.ceil((dayStart - anchorMs) / stepMs) * stepMs;
    }
    return null;
  };
}
