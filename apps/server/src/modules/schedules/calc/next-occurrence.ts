/** Public entry points: next firing, firings in a window, welcome due time. */
import { compileSchedule } from './compile.ts';
import { type ScheduleRule, ScheduleRuleError, type WelcomeOffset } from './types.ts';

function epochMs(value: Date, field: string): number {
  const ms = value instanceof Date ? value.getTime() : Number.NaN;
  if (!Number.isFinite(ms)) throw new ScheduleRuleError(field, `${field} must be a valid Date.`);
  return ms;
}

/** The first firing strictly after `after`, or null when none remains (past dateEnd, all one-time entries past). */
export function nextOccurrence(rule: ScheduleRule, after: Date): Date | null {
  const next = compileSchedule(rule).next(epochMs(after, 'after'));
  return next === null ? null : new Date(next);
}

/** All firings in (from, to], ascending; at most `limit` of them (the earliest ones). */
export function occurrencesBetween(rule: ScheduleRule, from: Date, to: Date, limit = 10_000): Date[] {
  const schedule = compileSchedule(rule);
  const end = epochMs(to, 'to');
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new ScheduleRuleError('limit', 'limit must be a non-negative integer.');
  }
  const out: Date[] = [];
  let cursor = epochMs(from, 'from');
  while (out.length < limit) {
    const next = schedule.next(cursor);
    if (next === null || next > end) break;
    out.push(new Date(next));
    cursor = next;
  }
  return out;
}

const MINUTE_MS = 60_000;

/** subscribedAt + offset in absolute time: a day is 24 h, whatever the subscriber's zone does meanwhile. */
export function welcomeDueAt(subscribedAt: Date, offset: WelcomeOffset): Date {
  const start = epochMs(subscribedAt, 'subscribedAt');
  let minutes = 0;
  for (const [field, perUnit] of [
    ['afterDays', 1440],
    ['afterHours', 60],
    ['afterMins', 1],
  ] as const) {
    const value = offset[field];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new ScheduleRuleError(field, `${field} must be a non-negative integer.`);
    }
    minutes += value * perUnit;
  }
  return new Date(start + minutes * MINUTE_MS);
}
