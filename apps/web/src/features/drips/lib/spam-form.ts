import { DAYS_OF_WEEK, DRIP_MSG, MSG, type Schedule, SPAM_FREQUENCIES } from '@pushdeck/contracts';
import dayjs from 'dayjs';
import { type Day, parseDays } from './recurring-form';

export type SpamFrequency = (typeof SPAM_FREQUENCIES)[number];

/** The spam schedule editor's value (spec part 2 §3 Spam schedule to store, §5 Migration dialog fields). */
export interface SpamValue {
  name: string;
  frequency: SpamFrequency | null;
  /** Duration, HH:MM:SS. */
  time: string;
  dateStart: string;
  timeStart: string;
  dateEnd: string;
  timeEnd: string;
  days: Day[];
  timezone: string;
  drips: string[];
  audiences: string[];
}

export type SpamField = keyof SpamValue;
export type SpamErrors = Partial<Record<SpamField, string>>;

const withSeconds = (t: string) => (/^\d{2}:\d{2}$/.test(t) ? `${t}:00` : t);

export function spamFromSchedule(s: Schedule | null | undefined, today = dayjs().format('YYYY-MM-DD')): SpamValue {
  const [dateStart = today, timeStart = '00:00:00'] = (s?.date_start ?? '').split(' ').filter(Boolean);
  const [dateEnd = '', timeEnd = '23:59:59'] = (s?.date_end ?? '').split(' ').filter(Boolean);
  return {
    name: s?.name ?? '',
    frequency: (SPAM_FREQUENCIES as readonly string[]).includes(s?.frequency ?? '')
      ? (s!.frequency as SpamFrequency)
      : null,
    time: s?.time ?? '00:30:00',
    dateStart,
    timeStart,
    dateEnd,
    timeEnd,
    days: s ? parseDays(s.days_of_week) : [...DAYS_OF_WEEK],
    timezone: s?.timezone || 'UTC',
    drips: (s?.drips ?? []).map((d) => String(d.id)),
    audiences: (s?.audiences ?? []).map((a) => String(a.id)),
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export function validateSpam(v: SpamValue): { errors: SpamErrors; datesBad: boolean } {
  const errors: SpamErrors = {};
  const need = (field: SpamField, ok: boolean) => {
    if (!ok) errors[field] = MSG.required;
  };
  need('name', v.name.trim() !== '');
  need('frequency', v.frequency !== null);
  need('time', v.time !== '');
  need('dateStart', v.dateStart !== '');
  need('timeStart', v.timeStart !== '');
  need('dateEnd', v.dateEnd !== '');
  need('timeEnd', v.timeEnd !== '');
  need('days', v.days.length > 0);
  need('drips', v.drips.length > 0);
  need('audiences', v.audiences.length > 0);
  if (!v.timezone) errors.timezone = DRIP_MSG.mandatory;
  for (const f of ['time', 'timeStart', 'timeEnd'] as const) if (v[f] && !TIME.test(v[f])) errors[f] = DRIP_MSG.time;
  let datesBad = false;
  if (!errors.dateEnd && !errors.dateStart && !errors.timeStart && !errors.timeEnd) {
    if (`${v.dateEnd} ${withSeconds(v.timeEnd)}` <= `${v.dateStart} ${withSeconds(v.timeStart)}`) {
      errors.dateEnd = DRIP_MSG.scheduleDates;
      datesBad = true;
    }
  }
  return { errors, datesBad };
}

export function spamToBody(v: SpamValue, domainId: number, id?: number): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    domain_id: domainId,
    type: 'spam-recurring',
    name: v.name.trim(),
    frequency: v.frequency,
    drips: v.drips.map(Number),
    audiences: v.audiences.map(Number),
    time: withSeconds(v.time),
    date_start: `${v.dateStart} ${withSeconds(v.timeStart)}`,
    date_end: `${v.dateEnd} ${withSeconds(v.timeEnd)}`,
    days_of_week: v.days.join(' '),
    timezone: v.timezone,
  };
}

/** Server 422 keys onto the form's fields (date_start → dateStart, days_of_week → days). */
export function spamServerErrors(errors: Record<string, string>): SpamErrors {
  const map: Record<string, SpamField> = {
    date_start: 'dateStart',
    date_end: 'dateEnd',
    days_of_week: 'days',
  };
  const out: SpamErrors = {};
  for (const [k, m] of Object.entries(errors)) {
    const field = (map[k] ?? k) as SpamField;
    out[field] = m;
  }
  return out;
}

/** 'All' when the 7 days are chosen, else short names. */
export function daysText(daysOfWeek: string): string {
  const days = parseDays(daysOfWeek);
  return days.length === DAYS_OF_WEEK.length ? 'All' : days.map((d) => d.slice(0, 3)).join(', ');
}
