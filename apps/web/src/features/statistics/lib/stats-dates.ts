import { STATS_LIMITS } from '@pushdeck/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const ISO_DAY = 'YYYY-MM-DD';

/** Local calendar dates 'YYYY-MM-DD', both ends inclusive (what every statistics call takes). */
export type IsoRange = [string, string];

export interface StatsWindow {
  min: string;
  max: string;
}

const day = (iso: string) => dayjs.utc(iso);

/** Today as a local date in `tz` (the server's notion of "today" for statistics ranges). */
export function zoneToday(tz: string, now: Date = new Date()): string {
  try {
    return dayjs(now).tz(tz).format(ISO_DAY);
  } catch {
    return dayjs(now).format(ISO_DAY);
  }
}

/** The dates a statistics call accepts in `tz`: today − 2 calendar months (day clamped) … today. */
export function statsWindow(tz: string, now: Date = new Date()): StatsWindow {
  const max = zoneToday(tz, now);
  return { min: day(max).subtract(STATS_LIMITS.monthsBack, 'month').format(ISO_DAY), max };
}

export function addDays(iso: string, n: number): string {
  return day(iso).add(n, 'day').format(ISO_DAY);
}

export function addMonths(iso: string, n: number): string {
  return day(iso).add(n, 'month').format(ISO_DAY);
}

/** Keeps both ends inside the window (an end past the other is pulled back to it). */
export function clampRange([from, to]: IsoRange, { min, max }: StatsWindow): IsoRange {
  const clamp = (iso: string) => (iso < min ? min : iso > max ? max : iso);
  const start = clamp(from);
  const end = clamp(to);
  return start > end ? [end, end] : [start, end];
}

/** The ranges of whole past days the screens offer: the last day, week or month, each ending yesterday. */
export type StatsPeriod = 'day' | 'week' | 'month';

/** Yesterday; the 7 days before today; the month before today (the same date a month ago … yesterday). */
export function lastPeriodRange(period: StatsPeriod, window: StatsWindow): IsoRange {
  const yesterday = addDays(window.max, -1);
  const from = period === 'day' ? yesterday : period === 'week' ? addDays(window.max, -7) : addMonths(window.max, -1);
  return clampRange([from, yesterday], window);
}

/** The screens with a date range. */
export type StatsScreen =
  | 'dashboard'
  | 'more-info'
  | 'compare'
  | 'data-explorer'
  | 'server-performance'
  | 'performance';

/**
 * The one default range of every statistics screen (part 1 §9): last week to yesterday, except Performance,
 * whose report defaults to yesterday (part 1 §2). Whole past days only: today is still filling up.
 */
export function defaultRange(screen: StatsScreen, window: StatsWindow): IsoRange {
  return lastPeriodRange(screen === 'performance' ? 'day' : 'week', window);
}

/** The Monday of the ISO week holding `iso`. */
export function weekStart(iso: string): string {
  const d = day(iso);
  return d.subtract((d.day() + 6) % 7, 'day').format(ISO_DAY);
}

export function monthStart(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/** The period of the same length just before `range`, its start cut to `min`; null when nothing of it is left. */
export function previousPeriod([from, to]: IsoRange, min: string): IsoRange | null {
  const length = day(to).diff(day(from), 'day') + 1;
  const end = addDays(from, -1);
  const start = addDays(from, -length);
  if (end < min) return null;
  return [start < min ? min : start, end];
}

/** A local calendar date as the date pickers hold it (local midnight) and back. */
export const isoToDate = (iso: string): Date => dayjs(iso).toDate();
export const dateToIso = (date: Date): string => dayjs(date).format(ISO_DAY);

/** A valid 'YYYY-MM-DD' or null. */
export function parseIsoDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return day(value).format(ISO_DAY) === value ? value : null;
}
