import { STATS_LIMITS } from '@pushdeck/contracts';

// Calendar arithmetic on 'YYYY-MM-DD' strings with the platform's Date (in UTC, where no day is 23 or 25 hours) and
// Intl for a zone's today: no dayjs, which the dashboard's first load does without (issue 17).

/** Local calendar dates 'YYYY-MM-DD', both ends inclusive (what every statistics call takes). */
export type IsoRange = [string, string];

export interface StatsWindow {
  min: string;
  max: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoOf = (year: number, month: number, date: number) => `${pad(year, 4)}-${pad(month)}-${pad(date)}`;
const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
/** The date as UTC midnight, and back. */
const utcDay = (iso: string) => {
  const [y, m, d] = parts(iso);
  return new Date(Date.UTC(y, m - 1, d));
};
const isoOfUtc = (d: Date) => isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
const DAY_MS = 86_400_000;

/** Today as a local date in `tz` (the server's notion of "today" for statistics ranges); the browser's if unknown. */
export function zoneToday(tz: string, now: Date = new Date()): string {
  try {
    const fields = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const field = (type: string) => Number(fields.find((f) => f.type === type)?.value);
    return isoOf(field('year'), field('month'), field('day'));
  } catch {
    return dateToIso(now);
  }
}

/** The dates a statistics call accepts in `tz`: today − 2 calendar months (day clamped) … today. */
export function statsWindow(tz: string, now: Date = new Date()): StatsWindow {
  const max = zoneToday(tz, now);
  return { min: addMonths(max, -STATS_LIMITS.monthsBack), max };
}

export function addDays(iso: string, n: number): string {
  const d = utcDay(iso);
  d.setUTCDate(d.getUTCDate() + n);
  return isoOfUtc(d);
}

/** The same date n calendar months later (or earlier), clamped to the month's last day (31 Mar − 1 month = 28 Feb). */
export function addMonths(iso: string, n: number): string {
  const [y, m, d] = parts(iso);
  const months = y * 12 + (m - 1) + n;
  const year = Math.floor(months / 12);
  const month = months - year * 12; // 0-11
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoOf(year, month + 1, Math.min(d, last));
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
  return addDays(iso, -((utcDay(iso).getUTCDay() + 6) % 7));
}

export function monthStart(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/** The period of the same length just before `range`, its start cut to `min`; null when nothing of it is left. */
export function previousPeriod([from, to]: IsoRange, min: string): IsoRange | null {
  const length = Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS) + 1;
  const end = addDays(from, -1);
  const start = addDays(from, -length);
  if (end < min) return null;
  return [start < min ? min : start, end];
}

/** A local calendar date as the date pickers hold it (local midnight) and back. */
export function isoToDate(iso: string): Date {
  const [y, m, d] = parts(iso);
  return new Date(y, m - 1, d);
}
export function dateToIso(date: Date): string {
  return isoOf(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** A valid 'YYYY-MM-DD' or null. */
export function parseIsoDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return isoOfUtc(utcDay(value)) === value ? value : null;
}
