import { DRIP_MSG, type DripListType, type DripWrite, RECURRING_SCHEDULE_TYPES } from '@pushdeck/contracts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { addError, type Errors, mergeErrors, payloadError, scheduleErrors, scheduleValuesFor } from './drip-checks.ts';
import type { ScheduleValues } from './drip-writes.repository.ts';
import type { DripRecord, DripsRepository } from './drips.repository.ts';

export const SAVE_MSG = {
  domainFixed: 'The website of a drip cannot be changed.',
  group: 'The selected group is invalid.',
} as const;

/** One checked item of a save call, ready to be written. */
export interface PreparedDrip {
  existing: DripRecord | undefined;
  domain: { id: number; client_id: number };
  fields: {
    title: string;
    body: string;
    url: string;
    icon: string | null;
    event: string | null;
    customization: Record<string, unknown>;
    meta: Record<string, unknown>;
    is_active: 0 | 1 | undefined;
    group_id: number | undefined;
    drip_number: number | undefined;
  };
  /** undefined: an edit that leaves the schedule as it is. */
  schedule: ScheduleValues | undefined;
  /** undefined: an edit that leaves the audiences as they are. */
  audiences: number[] | undefined;
}

export interface PrepareContext {
  actor: Actor;
  type: DripListType;
  drips: DripsRepository;
  /** `withReplaceUrlButtons`: the action buttons open the drip's own url. */
  replaceUrlButtons: boolean;
  /** Trigger events claimed by earlier items of the same call, per website. */
  events: Set<string>;
}

/**
 * Checks one item: its website and drip in scope (else 404), group, audiences, schedule rule, trigger event and
 * payload size (each a 422 message under `prefix`, collected in `errors` so a list reports every bad item).
 */
export async function prepareDrip(ctx: PrepareContext, item: DripWrite, prefix: string, errors: Errors) {
  const { actor, type, drips } = ctx;
  const domain = await drips.domainInScope(actor, item.domain_id);
  if (!domain) throw notFound(DRIP_MSG.domainNotFound);
  const existing = item.id === undefined ? undefined : await drips.findLive(actor, item.id);
  if (item.id !== undefined && existing?.type !== type) throw notFound(DRIP_MSG.notFound);
  if (existing && existing.domain_id !== domain.id) addError(errors, `${prefix}domain_id`, SAVE_MSG.domainFixed);
  if (item.group_id !== undefined) {
    const group = await drips.groupOf(actor, item.group_id);
    if (group?.domain_id !== domain.id) addError(errors, `${prefix}group_id`, SAVE_MSG.group);
  }
  if (item.audiences) {
    const known = await drips.segmentsOf(domain.id, item.audiences);
    if (item.audiences.some((a) => !known.has(a))) addError(errors, `${prefix}audiences`, DRIP_MSG.audiences);
  }
  const isActive = item.is_active ?? ((existing?.is_active ?? 1) as 0 | 1);
  const schedule = item.schedule || !existing ? scheduleValuesFor(type, item.schedule, isActive) : undefined;
  if (schedule) mergeErrors(errors, `${prefix}schedule.`, scheduleErrors(type, schedule, RECURRING_SCHEDULE_TYPES));
  const event = type === 'trigger' ? (item.event ?? null) : null;
  if (event !== null) {
    const key = `${domain.id}\u0000${event}`;
    if (ctx.events.has(key) || (await drips.eventTaken(domain.id, event, existing?.id))) {
      addError(errors, `${prefix}event`, DRIP_MSG.eventTaken);
    }
    ctx.events.add(key);
  }
  const customization = withButtonUrls(item.customization, ctx.replaceUrlButtons ? item.url : undefined);
  const fields = {
    title: item.title,
    body: item.body,
    url: item.url,
    icon: item.icon ?? null,
    event,
    customization,
    meta: item.meta,
    is_active: item.is_active,
    group_id: item.group_id,
    drip_number: item.drip_number,
  };
  const tooLarge = payloadError({ ...fields, id: existing?.id });
  if (tooLarge) addError(errors, `${prefix}payload`, tooLarge);
  return { existing, domain, fields, schedule, audiences: item.audiences } satisfies PreparedDrip;
}

function withButtonUrls(c: DripWrite['customization'], url: string | undefined): Record<string, unknown> {
  if (url === undefined) return c;
  const out: Record<string, unknown> = { ...c };
  if (c.button1) out.button1 = { title: c.button1.title, url };
  if (c.button2) out.button2 = { title: c.button2.title, url };
  return out;
}
