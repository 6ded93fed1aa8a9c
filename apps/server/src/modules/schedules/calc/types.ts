/** Schedule-rule shapes understood by the calculator (camelCase mirror of the stored snake_case schedule). */

export const FREQUENCIES = [
  'incessant',
  'secondly',
  'minutely',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'yearly',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Frequencies allowed for 'recurring' and 'tail-recurring'; 'spam-recurring' allows all of FREQUENCIES. */
export const CALENDAR_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type CalendarFrequency = (typeof CALENDAR_FREQUENCIES)[number];
export type IntervalFrequency = Exclude<Frequency, CalendarFrequency>;

/** Index + 1 is the ISO weekday (monday = 1 … sunday = 7). */
export const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type DayName = (typeof DAY_NAMES)[number];
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface RecurringRule {
  type: 'recurring' | 'tail-recurring' | 'spam-recurring';
  frequency: Frequency;
  /** 'HH:MM[:SS]' wall time in `timezone`; for spam incessant…hourly it is the duration between sends. */
  time: string;
  timezone: string;
  /** Local 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM[:SS]'; date-only means 00:00 local. */
  dateStart: string | null;
  /** Local 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM[:SS]'; date-only is inclusive to 23:59:59.999 local. */
  dateEnd: string | null;
  /** Empty = all seven days. */
  daysOfWeek: DayName[];
}

export interface ChooseTimeEntry {
  /** 'YYYY-MM-DD' */
  date_start: string;
  time: string;
  timezone: string;
}

export interface OneTimeRule {
  type: 'one' | 'multiple';
  chooseTime: ChooseTimeEntry[];
}

export type ScheduleRule = RecurringRule | OneTimeRule;

export interface WelcomeOffset {
  afterDays: number;
  afterHours: number;
  afterMins: number;
}

/** The spec's text for inconsistent schedule dates (dateEnd before dateStart). */
export const SCHEDULE_DATES_MESSAGE = 'Fill the schedule dates properly!';

/** A schedule rule that cannot be evaluated; `field` names the offending input (for a 422 per-field error). */
export class ScheduleRuleError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'ScheduleRuleError';
    this.field = field;
  }
}
