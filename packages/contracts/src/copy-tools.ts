/**
 * Copy Tools (both versions) and Recurring Migration (spec part 2 §2–§9; issue #15): messages, limits, the calls'
 * shapes, and the payload clean-up a copied drip goes through (the console's first version and the server's job use
 * the same functions).
 */
import { z } from 'zod';
import { ID_MAX } from './api.ts';
import { DAYS_OF_WEEK, DRIP_MSG, SPAM_FREQUENCIES } from './drip.ts';
import { MSG } from './messages.ts';

export const COPY_MSG = {
  selectItems: 'Select items you would like to copy!',
  selectSource: 'Select domain(s) to obtain items from!',
  selectSourceAndTargets: 'Select domain(s) to obtain items from and to copy to!',
  selectSourceAndMigrationTarget: 'Select domain(s) to obtain items from and to migrate to!',
  selectClient: 'Select a client.',
  purge: 'Click to purge selection.',
  jobFailed: 'Job has been failed.',
  copied: 'Copied!',
  requiredField: 'Required field.',
  emptyDrips: 'Provided selected recurring drips are empty.',
  unsupportedSchedule: 'Unsupported schedule type',
  notObject: (field: string) => `The ${field} of a copied drip must be an object.`,
  noDomain: 'A copied drip needs the target website (domain_id).',
  jobNotFound: 'Job not found.',
  clientNotFound: 'Client not found.',
  websiteNotFound: 'Website not found.',
  sameWebsite: 'The website to copy from cannot be a target too.',
  dripsNotFound: 'Some of the selected drips are not recurring drips of the source website.',
  targets: 'Select domain(s) to copy to.',
  /**
   * A recurring drip without an audience cannot be copied (a new recurring drip needs one: part 1 §5): the 422 names
   * it and the field, 'Drip 12 “Deals”: audiences — …'.
   */
  noAudience: (drip: { id?: number | undefined; title?: unknown }) =>
    DRIP_MSG.named(
      drip,
      'audiences',
      'a recurring drip needs at least one audience. Give it one in the recurring editor, then copy again.',
    ),
  /** A copy job's reason when a target website went away before the job wrote to it. */
  targetGone: (id: number) => `Website ${id} is no longer available; nothing was copied to it.`,
} as const;

export const COPY_LIMITS = {
  /** Drips per createOrUpdate call of the first version, and per write of the job (part 2 §9). */
  chunk: 500,
  /** Drips a source website lists per page for the copy steps. */
  pageSize: 500,
  pollMs: 5000,
  successDelayMs: 1500,
  errorClearMs: 1000,
  sourceReloadMs: 1500,
  maxTargets: 200,
  maxDrips: 50_000,
} as const;

export const COPY_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type CopyJobStatus = (typeof COPY_JOB_STATUSES)[number];

/** Schedule types a copied recurring drip may carry (part 2 §5). */
export const COPYABLE_SCHEDULE_TYPES = ['one', 'recurring', 'tail-recurring'] as const;

const id = z.coerce.number({ error: MSG.required }).int().positive().max(ID_MAX, MSG.invalidId);
const yes = (v: unknown) => ['1', 'true', 'yes', 'on'].includes(String(v ?? '').toLowerCase());
const flag = z.preprocess((v) => yes(v), z.boolean());
const idList = (empty: string) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: empty })
    .transform((v, ctx) => {
      const items = (Array.isArray(v) ? v : String(v).split(',')).map((x) => String(x).trim()).filter(Boolean);
      const ids = items.map((s) => (/^\d{1,10}$/.test(s) ? Number(s) : Number.NaN));
      if (ids.length === 0) {
        ctx.addIssue({ code: 'custom', message: empty });
        return z.NEVER;
      }
      if (!ids.every((n) => n > 0 && n <= ID_MAX)) {
        ctx.addIssue({ code: 'custom', message: MSG.invalidId });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

/**
 * `POST /api/v1/tools/copy-tools/recurring` (multipart or JSON): drip_ids is a comma list or `*` (every recurring
 * drip of the source website); with_recurring_groups keeps the grouping; allow_duplicates copies again what a previous
 * copy already made.
 */
export const copyRecurringBodySchema = z.object({
  source_client_id: id,
  target_client_id: id,
  source_domain_id: id,
  target_domain_ids: idList(COPY_MSG.targets).refine(
    (ids) => ids.length <= COPY_LIMITS.maxTargets,
    `At most ${COPY_LIMITS.maxTargets} websites.`,
  ),
  drip_ids: z.union([z.literal('*'), idList(COPY_MSG.emptyDrips)]),
  with_recurring_groups: flag.optional().default(false),
  allow_duplicates: flag.optional().default(false),
});
export type CopyRecurringBody = z.infer<typeof copyRecurringBodySchema>;

/** What one target website got from a copy job. */
export const copyTargetResultSchema = z.object({
  domain_id: z.number(),
  /** The target website's url (a page reloaded while the job ran knows no websites of its own). */
  url: z.string().optional(),
  created: z.number(),
  existing: z.number(),
  audiences_created: z.number(),
  groups_created: z.number(),
});
export type CopyTargetResult = z.infer<typeof copyTargetResultSchema>;

export const copyJobSchema = z.object({
  job_id: z.string(),
  status: z.enum(COPY_JOB_STATUSES),
  progress: z.object({ done: z.number(), total: z.number() }),
  reason: z.string().nullable(),
  targets: z.array(copyTargetResultSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CopyJob = z.infer<typeof copyJobSchema>;

export const copyJobStartSchema = z.object({ job_id: z.string(), status: z.enum(COPY_JOB_STATUSES) });
export const jobStatusQuerySchema = z.object({
  job_ids: z
    .string({ error: MSG.required })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter(Boolean))
    .refine((ids) => ids.length > 0 && ids.length <= 50, MSG.required),
});
export const jobStatusResponseSchema = z.object({ jobs: z.array(copyJobSchema) });

const required = z.preprocess((v) => v ?? '', z.string().trim().min(1, COPY_MSG.requiredField).max(255));
const dateTime = z
  .preprocess((v) => v ?? '', z.string().trim().min(1, COPY_MSG.requiredField))
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v), 'Use the form YYYY-MM-DD HH:MM:SS.');

/**
 * `POST /api/v1/tools/recurring-migration`: copies of the chosen recurring drips on the one target website and one
 * spam-recurring schedule there that sends them in turn (the Spam Schedule dialog's fields; part 2 §5).
 */
export const recurringMigrationBodySchema = z.object({
  source_client_id: id.optional(),
  target_client_id: id.optional(),
  source_domain_id: id,
  target_domain_id: id,
  drip_ids: z.array(id, { error: COPY_MSG.emptyDrips }).min(1, COPY_MSG.emptyDrips).max(COPY_LIMITS.chunk),
  name: required,
  time: z
    .preprocess((v) => v ?? '', z.string().trim().min(1, COPY_MSG.requiredField))
    .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(v), 'Use the form HH:MM:SS (24-hour).'),
  date_start: dateTime,
  date_end: dateTime,
  days_of_week: z
    .union([z.string(), z.array(z.string())], { error: COPY_MSG.requiredField })
    .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,]+/)).map((d) => d.trim().toLowerCase()).filter(Boolean))
    .refine((d) => d.length > 0, COPY_MSG.requiredField)
    .refine((d) => d.every((x) => (DAYS_OF_WEEK as readonly string[]).includes(x)), 'Unknown day of the week.')
    .transform((d) => DAYS_OF_WEEK.filter((x) => d.includes(x)).join(' ')),
  frequency: z.enum(SPAM_FREQUENCIES, { error: COPY_MSG.requiredField }),
  timezone: required,
});
export type RecurringMigrationBody = z.input<typeof recurringMigrationBodySchema>;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A drip's customization as a copy carries it: buttons whose url is undefined lose the url, an empty image is
 * dropped (part 2 §5 "Copy payload clean-up").
 */
export function cleanCopyCustomization(customization: unknown): Obj {
  if (customization == null) return {};
  if (!isObject(customization)) throw new Error(COPY_MSG.notObject('customization'));
  const out: Obj = { ...customization };
  for (const key of ['button1', 'button2']) {
    const b = out[key];
    if (b == null) {
      delete out[key];
      continue;
    }
    if (isObject(b) && (b.url === undefined || b.url === null)) {
      const { url: _dropped, ...rest } = b;
      out[key] = rest;
    }
  }
  if (out.image === undefined || out.image === null || out.image === '') delete out.image;
  return out;
}

const DROPPED = ['created_at', 'deleted_at', 'updated_at', 'drip_number', 'external', 'event', 'id', 'group_id'];

/**
 * A recurring drip (as the list call gives it) prepared for createOrUpdate on `domainId` (part 2 §5): created_at,
 * deleted_at, updated_at, drip_number, external, event, id and group_id dropped, the clean customization, the first
 * schedule (type one, recurring or tail-recurring, else 'Unsupported schedule type') without its ids, and `audiences`
 * (the target's own audience ids). Throws with the spec's message on a malformed drip.
 */
export function recurringCopyPayload(drip: unknown, domainId: number | undefined, audiences: number[]): Obj {
  if (!isObject(drip)) throw new Error(COPY_MSG.notObject('recurring drip'));
  if (!domainId) throw new Error(COPY_MSG.noDomain);
  const schedules = Array.isArray(drip.schedules) ? drip.schedules : [];
  const schedule = drip.schedule ?? schedules[0];
  if (!isObject(schedule)) throw new Error(COPY_MSG.notObject('schedule'));
  const type = schedule.type ?? 'recurring';
  if (!(COPYABLE_SCHEDULE_TYPES as readonly unknown[]).includes(type)) throw new Error(COPY_MSG.unsupportedSchedule);
  const out: Obj = {};
  for (const [k, v] of Object.entries(drip)) {
    if (DROPPED.includes(k) || ['schedule', 'schedules', 'audiences', 'stats', 'domain'].includes(k)) continue;
    if (['sended', 'delivered', 'clicked', 'offset', 'client_id', 'drips_count', 'group_uid'].includes(k)) continue;
    out[k] = v;
  }
  const { id: _id, drip_id: _d, domain_id: _dom, group_id: _g, client_id: _c, audiences: _a, ...rest } = schedule;
  const { last_disp_date: _l, next_disp_date: _n, created_at: _ca, updated_at: _ua, ...kept } = rest;
  return {
    ...out,
    domain_id: domainId,
    customization: cleanCopyCustomization(drip.customization),
    schedule: { ...kept, type },
    audiences,
  };
}

/**
 * A welcome drip prepared for createOrUpdate on `domainId` (part 2 §4): created inactive (drip and schedule
 * is_active 0), id and group_id removed, the website replaced, statistics and timestamps left behind.
 */
export function welcomeCopyPayload(drip: unknown, domainId: number): Obj {
  if (!isObject(drip)) throw new Error(COPY_MSG.notObject('welcome drip'));
  const schedules = Array.isArray(drip.schedules) ? drip.schedules : [];
  const schedule = isObject(drip.schedule) ? drip.schedule : isObject(schedules[0]) ? schedules[0] : {};
  const out: Obj = {};
  for (const k of ['title', 'body', 'url', 'icon', 'meta']) if (drip[k] !== undefined) out[k] = drip[k];
  const keep = ['name', 'after_days', 'after_hours', 'after_mins', 'from_when', 'timezone', 'days_of_week'];
  const s: Obj = { type: 'welcome', is_active: 0 };
  for (const k of keep) if (schedule[k] !== undefined && schedule[k] !== null) s[k] = schedule[k];
  return {
    ...out,
    domain_id: domainId,
    customization: cleanCopyCustomization(drip.customization),
    is_active: 0,
    schedule: s,
  };
}

/** Splits a list into the chunks of `size` the copy sends one call each. */
export function chunked<T>(items: readonly T[], size: number = COPY_LIMITS.chunk): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
