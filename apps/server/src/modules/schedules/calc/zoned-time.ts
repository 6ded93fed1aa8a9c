/**
 * UTC instant ⇄ wall time in an IANA zone, on top of Intl.DateTimeFormat (full ICU in Node 24).
 * Formatters and validity answers are cached per zone: the scheduler calls this for thousands of schedules a tick.
 */
import { isoWeekday, type WallTime, wallToEpochMs } from './calendar.ts';
import { type IsoWeekday, ScheduleRuleError } from './types.ts';

export interface ZonedWallTime extends WallTime {
  weekday: IsoWeekday;
}

/**
 * How a wall time that does not exist exactly once is resolved:
 * - 'earlier': ambiguous → the first (DST) instance; gap → the wall time shifted back by the gap.
 * - 'later': ambiguous → the second instance; gap → the wall time shifted forward by the gap.
 * - 'gap-forward' (used by schedules): ambiguous → the first instance; gap → the first valid instant after the gap
 *   (02:30 in New York on 2026-03-08 → 03:00 EDT), as cron implementations do.
 */
export type Disambiguation = 'earlier' | 'later' | 'gap-forward';

const DAY_MS = 86_400_000;
const OFFSET_ZONE = /^[+\-\u2212]?\d/;
const formatters = new Map<string, Intl.DateTimeFormat>();
const validity = new Map<string, boolean>();
let listed: Set<string> | undefined;

/**
 * A named IANA zone: listed by Intl.supportedValuesOf('timeZone') or 'UTC', or another name ICU accepts
 * (Node 24 lists legacy names such as Europe/Kiev and Asia/Calcutta, so the current Europe/Kyiv and Asia/Kolkata
 * are only accepted through `new Intl.DateTimeFormat`). Offset zones such as '+02:00' are rejected.
 */
export function isValidTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64 || OFFSET_ZONE.test(tz)) return false;
  const known = validity.get(tz);
  if (known !== undefined) return known;
  listed ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  let ok = listed.has(tz);
  if (!ok) {
    try {
      ok = !OFFSET_ZONE.test(new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone);
    } catch {
      ok = false;
    }
  }
  validity.set(tz, ok);
  return ok;
}

export function assertTimeZone(tz: unknown, field = 'timezone'): asserts tz is string {
  if (!isValidTimeZone(tz)) throw new ScheduleRuleError(field, `Unknown time zone "${String(tz)}".`);
}

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    assertTimeZone(tz);
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

function wallOf(epochMs: number, tz: string): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(tz).formatToParts(epochMs)) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day') wall[part.type] = Number(part.value);
    else if (part.type === 'hour' || part.type === 'minute' || part.type === 'second') {
      wall[part.type] = Number(part.value);
    }
  }
  return wall;
}

/** UTC offset (wall − UTC) in ms at an instant; whole seconds, as every tzdb offset is. */
export function offsetAt(epochMs: number, tz: string): number {
  const seconds = Math.floor(epochMs / 1000) * 1000;
  return wallToEpochMs(wallOf(seconds, tz)) - seconds;
}

function assertInstant(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new ScheduleRuleError('instant', 'Invalid date.');
  return ms;
}

/** Wall time (seconds precision) and ISO weekday of an instant in `tz`. */
export function zonedWallTime(instant: Date | number, tz: string): ZonedWallTime {
  const wall = wallOf(assertInstant(instant), tz);
  return { ...wall, weekday: isoWeekday(wall) };
}

/** The instant when the clock in `tz` reads `wall` (plus `millisecond`), resolved by `disambiguation`. */
export function instantFromWall(
  wall: WallTime & { millisecond?: number },
  tz: string,
  disambiguation: Disambiguation = 'gap-forward',
): Date {
  return new Date(epochFromWall(wall, tz, disambiguation));
}

export function epochFromWall(
  wall: WallTime & { millisecond?: number },
  tz: string,
  disambiguation: Disambiguation = 'gap-forward',
): number {
  formatterFor(tz);
  const local = wallToEpochMs(wall) + (wall.millisecond ?? 0);
  const before = offsetAt(local - DAY_MS, tz);
  const after = offsetAt(local + DAY_MS, tz);
  const valid: number[] = [];
  for (const offset of before === after ? [before] : [before, after]) {
    if (offsetAt(local - offset, tz) === offset) valid.push(local - offset);
  }
  const [first, second] = valid.sort((a, b) => a - b);
  if (first !== undefined) return disambiguation === 'later' && second !== undefined ? second : first;
  if (before === after) {
    // More than one transition within ±1 day (never in current tzdb rules): settle by iteration.
    const guess = local - offsetAt(local, tz);
    return local - offsetAt(guess, tz);
  }
  // A gap: `before` is the offset until the transition, `after` the one from it on.
  const preGap = local - after;
  const postGap = local - before;
  if (disambiguation === 'earlier') return preGap;
  if (disambiguation === 'later') return postGap;
  return transitionBetween(preGap, postGap, before, tz);
}

/** First whole second in (lo, hi] whose offset is no longer `offsetBefore` (binary search, ~12 steps per hour). */
function transitionBetween(lo: number, hi: number, offsetBefore: number, tz: string): number {
  let low = Math.floor(lo / 1000);
  let high = Math.ceil(hi / 1000);
  while (high - low > 1) {
    const mid = low + Math.floor((high - low) / 2);
    if (offsetAt(mid * 1000, tz) === offsetBefore) low = mid;
    else high = mid;
  }
  return high * 1000;
}
