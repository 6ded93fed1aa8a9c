import { DRIP_MSG } from '@pushdeck/contracts';
import type { DripRow } from '../api/drips-api';
import { type NotificationValue, notificationFromDrip, notificationToDrip } from './notification';

/** The welcome schedule section: shown when a delay is set (spec part 1 §4 Welcome editor). */
export interface WelcomeSchedule {
  enabled: boolean;
  name: string;
  after_days: number | '';
  after_hours: number | '';
  after_mins: number | '';
}

export interface WelcomeValue {
  notification: NotificationValue;
  schedule: WelcomeSchedule;
  isActive: boolean;
}

export type WelcomeScheduleErrors = Partial<Record<'after_days' | 'after_hours' | 'after_mins', string>>;

export function welcomeFromDrip(drip: DripRow | null | undefined): WelcomeValue {
  const s = drip?.schedules?.[0];
  const delay = { after_days: s?.after_days ?? 0, after_hours: s?.after_hours ?? 0, after_mins: s?.after_mins ?? 0 };
  return {
    notification: notificationFromDrip(drip ?? {}),
    schedule: {
      enabled: delay.after_days + delay.after_hours + delay.after_mins > 0,
      name: s?.name ?? '',
      ...delay,
    },
    isActive: (drip?.is_active ?? 1) === 1,
  };
}

export function validateWelcomeSchedule(s: WelcomeSchedule): WelcomeScheduleErrors {
  const errors: WelcomeScheduleErrors = {};
  if (!s.enabled) return errors;
  for (const key of ['after_days', 'after_hours', 'after_mins'] as const) {
    const v = s[key];
    if (v !== '' && !(Number.isInteger(v) && v >= 0)) errors[key] = DRIP_MSG.wholeNumber;
  }
  return errors;
}

/** One createOrUpdate item; an unticked schedule section sends no delay. */
export function welcomeToDrip(value: WelcomeValue, domainId: number, drip?: DripRow | null): Record<string, unknown> {
  const s = value.schedule;
  const n = (v: number | '') => (s.enabled && v !== '' ? v : 0);
  return {
    ...(drip?.id ? { id: drip.id } : {}),
    domain_id: domainId,
    ...(drip?.group_id ? { group_id: drip.group_id } : {}),
    ...notificationToDrip(value.notification),
    is_active: value.isActive ? 1 : 0,
    schedule: {
      type: 'welcome',
      name: s.enabled ? s.name.trim() : '',
      after_days: n(s.after_days),
      after_hours: n(s.after_hours),
      after_mins: n(s.after_mins),
    },
  };
}

/** 'after 1 d 2 h 30 min' or 'right after subscribing'. */
export function delayText(s: { after_days?: number; after_hours?: number; after_mins?: number } | undefined): string {
  const parts = [
    s?.after_days ? `${s.after_days} d` : '',
    s?.after_hours ? `${s.after_hours} h` : '',
    s?.after_mins ? `${s.after_mins} min` : '',
  ].filter(Boolean);
  return parts.length ? `after ${parts.join(' ')}` : 'right after subscribing';
}
