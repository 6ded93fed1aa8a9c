/** Shared helpers for the calculator's tests. */
import type { RecurringRule } from './types.ts';

export function recurring(overrides: Partial<RecurringRule> = {}): RecurringRule {
  return {
    type: 'recurring',
    frequency: 'daily',
    time: '09:00',
    timezone: 'UTC',
    dateStart: null,
    dateEnd: null,
    daysOfWeek: [],
    ...overrides,
  };
}

export const at = (iso: string): Date => new Date(iso);
export const isoList = (dates: Date[]): string[] => dates.map((d) => d.toISOString());

/** Differences in ms between consecutive dates. */
export function gaps(dates: Date[]): number[] {
  return dates.slice(1).map((d, i) => d.getTime() - (dates[i]?.getTime() ?? 0));
}
