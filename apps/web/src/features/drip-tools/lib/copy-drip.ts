import type { ManagedDrip } from '../api/drip-tools-api';

/** A date 'YYYY-MM-DD' and a time 'HH:MM' from stored values that may carry more. */
const dateOnly = (v: string | null | undefined) => (v ?? '').slice(0, 10);
const hhmm = (v: string | null | undefined) => (v ?? '').slice(0, 5);

/** The saved recurring drip as a createOrUpdate item for another website, with that website's audience ids. */
export function copyForDomain(drip: ManagedDrip, domainId: number, audiences: number[]): Record<string, unknown> {
  const s = drip.schedules?.[0];
  return {
    domain_id: domainId,
    title: drip.title,
    body: drip.body ?? '',
    url: drip.url ?? '',
    ...(drip.icon ? { icon: drip.icon } : {}),
    customization: drip.customization ?? {},
    is_active: drip.is_active ?? 1,
    schedule: s && {
      type: s.type,
      frequency: s.frequency ?? undefined,
      time: hhmm(s.time),
      timezone: s.timezone,
      date_start: dateOnly(s.date_start),
      date_end: dateOnly(s.date_end),
      days_of_week: s.days_of_week,
    },
    audiences,
  };
}
