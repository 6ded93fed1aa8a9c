import { STATS_LIMITS, STATS_MSG } from '@pushdeck/contracts';
import { ValidationError } from '../../lib/errors.ts';
import { instantFromWall, isValidTimeZone, zonedWallTime } from '../schedules/calc/index.ts';

const HOUR_MS = 3_600_000;
/** Wider than any UTC offset (−12 h … +14 h): the coarse instant window that lets the hour indexes work. */
const MARGIN_MS = 15 * HOUR_MS;

/** A validated date range in a zone: local dates `from`..`to` inclusive, and a coarse UTC window around them. */
export interface LocalRange {
  tz: string;
  from: string;
  to: string;
  /** The local day after `to` (exclusive bound). */
  toExclusive: string;
  lo: Date;
  hi: Date;
}

export interface RangeFields {
  from: string;
  to: string;
  tz: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoOf = (d: Date) => d.toISOString().slice(0, 10);
const utcMidnight = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

export function addDaysIso(iso: string, n: number): string {
  return isoOf(new Date(utcMidnight(iso) + n * 86_400_000));
}

/** Calendar months later (or earlier), the day clamped to the month's length: 2026-12-31 − 2 → 2026-10-31. */
export function addMonthsIso(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))));
}

/** The local calendar date of an instant in `tz`. */
export function localDate(instant: Date, tz: string): string {
  const w = zonedWallTime(instant, tz);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

export function assertTimeZone(tz: string, field: string): void {
  if (!isValidTimeZone(tz)) throw new ValidationError({ [field]: [STATS_MSG.invalidTimezone] });
}

/**
 * Validates a statistics date range in `tz`: start ≤ end, both within [today − monthsBack months, today] where
 * today is the local date in `tz` at `now`. Throws 422 naming the offending field.
 */
export function statsRange(
  input: { tz: string; from: string; to: string; now: Date; monthsBack?: number },
  fields: RangeFields,
): LocalRange {
  assertTimeZone(input.tz, fields.tz);
  const { tz, from, to } = input;
  if (from > to) throw new ValidationError({ [fields.from]: [STATS_MSG.dateOrder] });
  const max = localDate(input.now, tz);
  const min = addMonthsIso(max, -(input.monthsBack ?? STATS_LIMITS.monthsBack));
  const message = STATS_MSG.dateRange.replace(':min', min).replace(':max', max);
  if (from < min) throw new ValidationError({ [fields.from]: [message] });
  if (to > max) throw new ValidationError({ [fields.to]: [message] });
  const toExclusive = addDaysIso(to, 1);
  return {
    tz,
    from,
    to,
    toExclusive,
    lo: new Date(utcMidnight(from) - MARGIN_MS),
    hi: new Date(utcMidnight(toExclusive) + MARGIN_MS),
  };
}

const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

/**
 * The end of the data of local day `iso`: the start of the first UTC hour that belongs to the next day (a UTC
 * hour belongs to the local day containing its start; docs/metrics.md).
 */
export function dayDataEnd(iso: string, tz: string): Date {
  const [year, month, day] = addDaysIso(iso, 1).split('-').map(Number) as [number, number, number];
  const midnight = instantFromWall({ year, month, day, hour: 0, minute: 0, second: 0 }, tz, 'gap-forward');
  return new Date(ceilHour(midnight.getTime()));
}

export { HOUR_MS };
