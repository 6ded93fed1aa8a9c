import { DAYS_OF_WEEK, DRIP_MSG, type DripListType, type DripScheduleInput, MSG } from '@pushdeck/contracts';
import type { z } from 'zod';
import { ValidationError } from '../../lib/errors.ts';
import { PAYLOAD_TOO_LARGE_MESSAGE, payloadFits } from '../delivery/payload.ts';
import { ruleOf, TIMED_TYPES } from '../delivery/schedule-rule.ts';
import { compileSchedule, ScheduleRuleError } from '../schedules/calc/index.ts';
import type { ScheduleValues } from './drip-writes.repository.ts';

export type Errors = Record<string, string[]>;

/** Adds a message under a field once (a group-wide change reports a bad field once, not per drip). */
export const addError = (errors: Errors, key: string, message: string): void => {
  if (!errors[key]?.includes(message)) errors[key] = [...(errors[key] ?? []), message];
};

/** Parses with a contracts schema; zod issues become a 422 keyed by their path (prefixed, e.g. `2.`). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: Errors = {};
  for (const issue of parsed.error.issues) addError(errors, `${prefix}${issue.path.join('.')}` || '_', issue.message);
  throw new ValidationError(errors);
}

const ALL_DAYS = DAYS_OF_WEEK.join(' ');
const RULE_FIELDS: Record<string, string> = {
  dateStart: 'date_start',
  dateEnd: 'date_end',
  daysOfWeek: 'days_of_week',
  chooseTime: 'choose_time',
};
const isTimed = (type: string) => (TIMED_TYPES as readonly string[]).includes(type);

/** The stored schedule of a drip of `type` from the editor's schedule (defaults of part 1 §9). */
export function scheduleValuesFor(
  type: DripListType,
  s: DripScheduleInput | undefined,
  isActive: 0 | 1,
): ScheduleValues {
  const offsets = { after_days: s?.after_days ?? 0, after_hours: s?.after_hours ?? 0, after_mins: s?.after_mins ?? 0 };
  const common = {
    name: s?.name ?? null,
    timezone: s?.timezone ?? 'UTC',
    days_of_week: s?.days_of_week ?? ALL_DAYS,
    from_when: s?.from_when ?? 'subscribed',
    is_active: Math.min(isActive, s?.is_active ?? 1),
  };
  if (type !== 'recurring') return { ...common, ...offsets, type };
  return {
    ...common,
    timezone: s?.timezone ?? '',
    type: s?.type ?? 'recurring',
    frequency: s?.frequency ?? 'daily',
    time: s?.time ?? null,
    date_start: s?.date_start ?? null,
    date_end: s?.date_end ?? null,
    choose_time: s?.choose_time ? JSON.stringify(s.choose_time) : null,
  };
}

/** Field errors of a schedule (keys without prefix): mandatory fields, then the calculator's own rule checks. */
export function scheduleErrors(dripType: DripListType, v: ScheduleValues, allowed: readonly string[]): Errors {
  const errors: Errors = {};
  if (dripType === 'recurring' && !allowed.includes(v.type)) addError(errors, 'type', DRIP_MSG.scheduleType);
  if (!isTimed(v.type) && v.type !== 'one' && v.type !== 'multiple') return errors;
  if (isTimed(v.type) && !v.timezone) addError(errors, 'timezone', DRIP_MSG.mandatory);
  if (isTimed(v.type) && !v.time) addError(errors, 'time', MSG.required);
  if (Object.keys(errors).length > 0) return errors;
  const rule = ruleOf({
    type: v.type,
    frequency: v.frequency ?? null,
    time: v.time ?? null,
    timezone: v.timezone ?? 'UTC',
    date_start: v.date_start ?? null,
    date_end: v.date_end ?? null,
    days_of_week: v.days_of_week ?? ALL_DAYS,
    choose_time: typeof v.choose_time === 'string' ? JSON.parse(v.choose_time) : null,
  });
  try {
    if (rule) compileSchedule(rule);
  } catch (error) {
    if (!(error instanceof ScheduleRuleError)) throw error;
    const [head = '', ...rest] = error.field.split('.');
    addError(errors, [RULE_FIELDS[head] ?? head, ...rest].join('.'), error.message);
  }
  return errors;
}

/** Adds `inner` errors under `prefix` (e.g. `0.schedule.`). */
export function mergeErrors(into: Errors, prefix: string, inner: Errors): void {
  for (const [k, messages] of Object.entries(inner)) for (const m of messages) addError(into, `${prefix}${k}`, m);
}

/** 422 text when the drip's encrypted message would not fit the 4096 bytes push services take. */
export function payloadError(drip: {
  id?: number | undefined;
  title: string;
  body: string;
  url: string;
  icon: string | null;
  customization: unknown;
}): string | undefined {
  return payloadFits({ ...drip, id: drip.id ?? 2_147_483_647 }) ? undefined : PAYLOAD_TOO_LARGE_MESSAGE;
}
