import { describe, expect, it } from 'vitest';
import { compileSchedule } from './compile.ts';
import { nextOccurrence, occurrencesBetween } from './next-occurrence.ts';
import { parseTime } from './parse.ts';
import { DAY_NAMES, type DayName, FREQUENCIES, type RecurringRule, type ScheduleRule } from './types.ts';
import { instantFromWall, zonedWallTime } from './zoned-time.ts';

/** mulberry32: a small seeded PRNG so failures reproduce. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ZONES = ['UTC', 'Europe/Kyiv', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu'];
const pad = (n: number) => String(n).padStart(2, '0');
const YEAR_MS = 365 * 86_400_000;
const BASE = Date.parse('2025-06-01T00:00:00Z');

function randomRule(rand: () => number): ScheduleRule {
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  // Times cluster around DST transition hours (01:00–04:00) to hit gaps and overlaps often.
  const time = () =>
    `${pad(rand() < 0.5 ? 1 + int(3) : int(24))}:${pick(['00', '30', '15', '45', pad(int(60))])}:${pad(int(60))}`;
  const date = (from: number) => {
    const d = new Date(from + int(400) * 86_400_000);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  };
  if (rand() < 0.1) {
    const count = 1 + int(4);
    return {
      type: count === 1 ? 'one' : 'multiple',
      chooseTime: Array.from({ length: count }, () => ({
        date_start: date(BASE),
        time: time(),
        timezone: pick(ZONES),
      })),
    };
  }
  const frequency = pick(FREQUENCIES);
  const days = DAY_NAMES.filter(() => rand() < 0.4) as DayName[];
  const dateStart = rand() < 0.8 || frequency === 'monthly' || frequency === 'yearly' ? date(BASE) : null;
  const startMs = dateStart ? Date.parse(dateStart) : BASE;
  const rule: RecurringRule = {
    type: ['daily', 'weekly', 'monthly', 'yearly'].includes(frequency)
      ? pick(['recurring', 'tail-recurring', 'spam-recurring'] as const)
      : 'spam-recurring',
    frequency,
    time: time(),
    timezone: pick(ZONES),
    dateStart: dateStart && rand() < 0.3 ? `${dateStart} ${time()}` : dateStart,
    dateEnd: rand() < 0.4 ? date(startMs + 86_400_000) : null,
    daysOfWeek: frequency === 'weekly' && !dateStart && days.length === 0 ? ['tuesday'] : days,
  };
  return rule;
}

/** For calendar frequencies: the local clock shows the rule's time, or that time does not exist that day. */
function showsRuleTime(rule: RecurringRule, next: Date): boolean {
  const wall = zonedWallTime(next, rule.timezone);
  const time = parseTime(rule.time);
  if (wall.hour === time.hour && wall.minute === time.minute && wall.second === time.second) return true;
  const intended = { ...wall, ...time };
  const earlier = instantFromWall(intended, rule.timezone, 'earlier');
  const later = instantFromWall(intended, rule.timezone, 'later');
  return later.getTime() - earlier.getTime() > 0 && zonedWallTime(earlier, rule.timezone).hour !== time.hour;
}

describe('property: nextOccurrence is consistent with itself and with occurrencesBetween', () => {
  const rand = prng(20_260_308);
  const cases = Array.from({ length: 400 }, (_, i) => {
    const rule = randomRule(rand);
    const t = new Date(
      BASE - YEAR_MS / 4 + Math.floor(rand() * 2 * YEAR_MS) + (i % 3 === 0 ? 0 : Math.floor(rand() * 1000)),
    );
    return { i, rule, t };
  });

  it.each(cases)('case $i', ({ rule, t }: { rule: ScheduleRule; t: Date }) => {
    const next = nextOccurrence(rule, t);
    if (next === null) {
      expect('chooseTime' in rule || rule.dateEnd !== null).toBe(true);
      expect(occurrencesBetween(rule, t, new Date(t.getTime() + 3 * YEAR_MS))).toEqual([]);
      return;
    }
    expect(next.getTime()).toBeGreaterThan(t.getTime());
    expect(occurrencesBetween(rule, t, next).at(-1)?.getTime()).toBe(next.getTime());
    expect(occurrencesBetween(rule, t, new Date(next.getTime() - 1))).toEqual([]);
    expect(nextOccurrence(rule, new Date(next.getTime() - 1))?.getTime()).toBe(next.getTime());
    if ('chooseTime' in rule) return;
    const allowed = rule.daysOfWeek.length === 0 ? DAY_NAMES : rule.daysOfWeek;
    const weekday = DAY_NAMES[zonedWallTime(next, rule.timezone).weekday - 1];
    if (
      rule.frequency !== 'monthly' &&
      rule.frequency !== 'yearly' &&
      (rule.frequency !== 'weekly' || allowed.length < 7)
    ) {
      expect(allowed).toContain(weekday);
    }
    if (['daily', 'weekly', 'monthly', 'yearly'].includes(rule.frequency)) expect(showsRuleTime(rule, next)).toBe(true);
    const after = compileSchedule(rule).next(next.getTime());
    expect(after === null || after > next.getTime()).toBe(true);
  });
});
