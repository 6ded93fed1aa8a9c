import { DAYS_OF_WEEK, DRIP_MSG, MSG, RECURRING_FREQUENCIES } from '@pushdeck/contracts';
import dayjs from 'dayjs';
import type { DripRow } from '../api/drips-api';
import {
  type NotificationErrors,
  type NotificationValue,
  notificationFromDrip,
  notificationToDrip,
  validateNotification,
} from './notification';

export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export type Day = (typeof DAYS_OF_WEEK)[number];

/** The schedule of a recurring drip (spec part 1 §3 Schedule types: time, timezone, dates, frequency, days). */
export interface RecurringSchedule {
  type: string;
  frequency: RecurringFrequency;
  date_start: string;
  date_end: string;
  /** HH:MM, 24-hour. */
  time: string;
  timezone: string;
  days: Day[];
}

export interface RecurringValue {
  notification: NotificationValue;
  /** Segment ids as strings (the select's values). */
  audiences: string[];
  /** A recurring group id as a string, or null for none. */
  groupId: string | null;
  schedule: RecurringSchedule;
}

export type ScheduleField = 'time' | 'timezone' | 'date_start' | 'date_end' | 'days' | 'type';
export interface RecurringErrors {
  notification: NotificationErrors;
  audiences?: string | undefined;
  schedule: Partial<Record<ScheduleField, string>>;
}

/** A date 'YYYY-MM-DD' (the stored value may carry a time). */
const dateOnly = (v: string | null | undefined) => (v ?? '').slice(0, 10);
const hhmm = (v: string | null | undefined) => (v ?? '').slice(0, 5);
const isFrequency = (v: unknown): v is RecurringFrequency => (RECURRING_FREQUENCIES as readonly unknown[]).includes(v);

export function parseDays(v: string | null | undefined): Day[] {
  const days = (v ?? '').split(/[\s,]+/).filter((d): d is Day => (DAYS_OF_WEEK as readonly string[]).includes(d));
  return days.length ? days : [...DAYS_OF_WEEK];
}

export function recurringFromDrip(
  drip: DripRow | null | undefined,
  today = dayjs().format('YYYY-MM-DD'),
): RecurringValue {
  const s = drip?.schedules?.[0];
  return {
    notification: notificationFromDrip(drip ?? {}),
    audiences: (s?.audiences ?? []).map((a) => String(a.id)),
    groupId: drip?.group_id ? String(drip.group_id) : null,
    schedule: {
      type: s?.type ?? 'recurring',
      frequency: isFrequency(s?.frequency) ? s.frequency : 'daily',
      date_start: s ? dateOnly(s.date_start) : today,
      date_end: dateOnly(s?.date_end),
      time: hhmm(s?.time) || '09:00',
      timezone: s?.timezone || 'UTC',
      days: parseDays(s?.days_of_week),
    },
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Client-side checks with the spec's texts; `datesBad` asks for 'Fill the schedule dates properly!'. */
export function validateRecurring(v: RecurringValue): { errors: RecurringErrors; valid: boolean; datesBad: boolean } {
  const s = v.schedule;
  const schedule: RecurringErrors['schedule'] = {};
  if (!s.timezone) schedule.timezone = DRIP_MSG.mandatory;
  if (!s.time) schedule.time = MSG.required;
  else if (!TIME.test(s.time)) schedule.time = DRIP_MSG.time;
  let datesBad = false;
  if (s.date_start && !DATE.test(s.date_start)) schedule.date_start = DRIP_MSG.scheduleDates;
  if (s.date_end && !DATE.test(s.date_end)) schedule.date_end = DRIP_MSG.scheduleDates;
  if (s.date_start && s.date_end && s.date_end < s.date_start) schedule.date_end = DRIP_MSG.scheduleDates;
  if ((s.frequency === 'monthly' || s.frequency === 'yearly') && !s.date_start) schedule.date_start = MSG.required;
  if (schedule.date_start === DRIP_MSG.scheduleDates || schedule.date_end === DRIP_MSG.scheduleDates) datesBad = true;
  if (s.days.length === 0) schedule.days = MSG.required;
  const errors: RecurringErrors = {
    notification: validateNotification(v.notification, 'recurring'),
    audiences: v.audiences.length === 0 ? MSG.required : undefined,
    schedule,
  };
  const valid = !Object.keys(errors.notification).length && !errors.audiences && !Object.keys(schedule).length;
  return { errors, valid, datesBad };
}

/** One createOrUpdate item: the drip, its schedule and audiences; `active` 0 makes a draft. */
export function recurringToDrip(
  v: RecurringValue,
  domainId: number,
  active: 0 | 1,
  drip?: DripRow | null,
): Record<string, unknown> {
  const s = v.schedule;
  return {
    ...(drip?.id ? { id: drip.id } : {}),
    domain_id: domainId,
    ...(v.groupId ? { group_id: Number(v.groupId) } : {}),
    ...notificationToDrip(v.notification),
    is_active: active,
    schedule: {
      type: s.type,
      frequency: s.frequency,
      time: s.time,
      timezone: s.timezone,
      date_start: s.date_start,
      date_end: s.date_end,
      days_of_week: s.days.join(' '),
    },
    audiences: v.audiences.map(Number),
  };
}

/** Server 422 fields (`schedule.time`, `audiences`, …) onto the form's errors. */
export function recurringServerErrors(fields: Record<string, string>): RecurringErrors {
  const schedule: RecurringErrors['schedule'] = {};
  for (const key of ['time', 'timezone', 'date_start', 'date_end', 'type'] as const) {
    const m = fields[`schedule.${key}`];
    if (m) schedule[key] = m;
  }
  if (fields['schedule.days_of_week']) schedule.days = fields['schedule.days_of_week'];
  const notification: NotificationErrors = {};
  for (const [k, m] of Object.entries(fields))
    if (!k.includes('.') || k.startsWith('button')) Object.assign(notification, { [k]: m });
  return { notification, audiences: fields.audiences, schedule };
}

export const RECURRING_PLACED = [
  'audiences',
  'group_id',
  'schedule.time',
  'schedule.timezone',
  'schedule.date_start',
  'schedule.date_end',
  'schedule.type',
  'schedule.days_of_week',
];
