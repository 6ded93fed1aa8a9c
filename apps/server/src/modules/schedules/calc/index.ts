export type { CivilDate, WallTime } from './calendar.ts';
export { type CompiledSchedule, compileSchedule } from './compile.ts';
export { nextOccurrence, occurrencesBetween, welcomeDueAt } from './next-occurrence.ts';
export { type LocalDate, parseDateOnly, parseDaysOfWeek, parseLocalDate, parseTime, type TimeOfDay } from './parse.ts';
export {
  CALENDAR_FREQUENCIES,
  type CalendarFrequency,
  type ChooseTimeEntry,
  DAY_NAMES,
  type DayName,
  FREQUENCIES,
  type Frequency,
  type IntervalFrequency,
  type IsoWeekday,
  type OneTimeRule,
  type RecurringRule,
  SCHEDULE_DATES_MESSAGE,
  type ScheduleRule,
  ScheduleRuleError,
  type WelcomeOffset,
} from './types.ts';
export {
  type Disambiguation,
  instantFromWall,
  isValidTimeZone,
  offsetAt,
  type ZonedWallTime,
  zonedWallTime,
} from './zoned-time.ts';
