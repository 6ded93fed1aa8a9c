/**
 * Drips (welcome, recurring, trigger), their schedules and audiences, recurring groups, spam schedules and image
 * uploads (spec part 1 §3, §5, §9; part 2 §3, §7). The SPA forms and the server validate with the same schemas.
 */
import { z } from 'zod';
import { ID_MAX } from './api.ts';
import { type LinkKind, linkError } from './link.ts';
import { MSG } from './messages.ts';

export const DRIP_TYPES = ['welcome', 'recurring', 'trigger', 'instant'] as const;
export type DripKind = (typeof DRIP_TYPES)[number];
/** The types the console lists and edits through `/v1/drips/{type}/…`. */
export const DRIP_LIST_TYPES = ['welcome', 'recurring', 'trigger'] as const;
export type DripListType = (typeof DRIP_LIST_TYPES)[number];
/** Schedule types a recurring drip may carry (One Time and Multiple Times are shown, disabled, in the editor). */
export const RECURRING_SCHEDULE_TYPES = ['recurring', 'tail-recurring', 'one', 'multiple'] as const;
export const SCHEDULE_TYPES = ['welcome', 'trigger', 'instant', 'spam-recurring', ...RECURRING_SCHEDULE_TYPES] as const;
export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const SPAM_FREQUENCIES = ['incessant', 'secondly', 'minutely', 'hourly', ...RECURRING_FREQUENCIES] as const;
export const DAYS_OF_WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const IMAGE_UPLOAD_TYPES = ['icon', 'image'] as const;

export const DRIP_LIMITS = {
  titleMax: 30,
  bodyMax: 50,
  buttonsMax: 2,
  defaultTtl: 7200,
  /** Four weeks, the longest TTL push services keep a message. */
  maxTtl: 2_419_200,
  urlMax: 2048,
  textMax: 255,
  /** Trigger event names: what pushmine.js and the public trigger endpoint accept. */
  eventMax: 191,
  maxDelayMs: 30 * 86_400_000,
  /** Items of one createOrUpdate call (the copy tools send chunks of 500). */
  listMax: 500,
  iconBytes: 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
} as const;

export const DRIP_MSG = {
  titleMax: `Max ${DRIP_LIMITS.titleMax} characters`,
  bodyMax: `Max ${DRIP_LIMITS.bodyMax} characters`,
  buttonsMax: `At most ${DRIP_LIMITS.buttonsMax} action buttons.`,
  ttl: `The expiry must be a whole number of seconds up to ${DRIP_LIMITS.maxTtl}.`,
  delay: 'The delay must be a whole number of milliseconds up to 30 days.',
  wholeNumber: 'Must be a whole number.',
  scheduleDates: 'Fill the schedule dates properly!',
  mandatory: 'Mandatory field',
  scheduleType: 'Unsupported schedule type',
  day: 'Unknown day of the week.',
  time: 'Time must be HH:MM or HH:MM:SS (24-hour).',
  eventTaken: 'This event already has a trigger.',
  status: 'The status must be 0 or 1.',
  tooLong: `May not be longer than ${DRIP_LIMITS.urlMax} characters.`,
  eventMax: `Event names are at most ${DRIP_LIMITS.eventMax} characters.`,
  listSize: `Send 1 to ${DRIP_LIMITS.listMax} drips.`,
  setupDomains: `Pick 1 to ${DRIP_LIMITS.listMax} websites.`,
  setupNew: 'Drip Setup only creates new drips.',
  audiences: 'The selected audiences are invalid.',
  drips: 'The selected drips are invalid.',
  notFound: 'Drip not found.',
  groupNotFound: 'Group not found.',
  scheduleNotFound: 'Schedule not found.',
  domainNotFound: 'Website not found.',
  imageRequired: 'Choose a png or jpeg image.',
  imageType: 'Only png or jpeg images are accepted.',
  imageSize: (type: (typeof IMAGE_UPLOAD_TYPES)[number]) =>
    `The ${type} may not be larger than ${type === 'icon' ? '1 MB' : '5 MB'}.`,
  recurringCreated: 'Recurring Drip Is Successfully Created!',
  draftCreated: 'Draft Is Successfully Created!',
  /**
   * A message that names the drip and the field that stopped a call: 'Drip 12 “Deals”: audiences — Required.' (no id
   * for a drip not stored yet; `item`, 1-based, when it came in a list of several).
   */
  named: (
    drip: { id?: number | undefined; title?: unknown; item?: number | undefined },
    field: string,
    text: string,
  ) => {
    const title = typeof drip.title === 'string' && drip.title.trim() ? ` “${drip.title.trim()}”` : '';
    const id = drip.id === undefined ? '' : ` ${drip.id}`;
    const item = drip.item === undefined ? '' : ` (item ${drip.item})`;
    return `Drip${id}${title}${item}: ${field} — ${text}`;
  },
} as const;

/** Characters as the counter shows them: an emoji is one. */
const chars = (s: string) => [...s].length;
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const id = z.coerce.number().int().positive().max(ID_MAX);
const flag = z.coerce.number({ error: DRIP_MSG.status }).pipe(z.union([z.literal(0), z.literal(1)], DRIP_MSG.status));
const text = (max: number, message: string = DRIP_MSG.tooLong) =>
  z.preprocess((v) => v ?? '', z.string().trim().max(max, message));
/** The link rule's message for a trimmed link of `kind` (empty: not given; over the limit: tooLong says so). */
const linkProblem = (v: string, kind: LinkKind) =>
  v === '' || v.length > DRIP_LIMITS.urlMax ? null : linkError(v, kind);
const linkString = (kind: LinkKind) =>
  z
    .string()
    .trim()
    .max(DRIP_LIMITS.urlMax, DRIP_MSG.tooLong)
    .superRefine((v, ctx) => {
      const message = linkProblem(v, kind);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
/** What a click opens (the drip url, a button url): an absolute http(s) link, or empty. */
export const clickLinkSchema = z.preprocess((v) => v ?? '', linkString('click'));
/** What the browser fetches and shows (icon, large image): an absolute https link, or empty. */
export const imageLinkSchema = z.preprocess((v) => v ?? '', linkString('image'));
const wholeNumber = (max: number, m: string = DRIP_MSG.wholeNumber) =>
  z.preprocess((v) => blankToUndefined(v) ?? 0, z.coerce.number({ error: m }).int(m).min(0, m).max(max, m));

export const dripTitleSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .refine((s) => chars(s) <= DRIP_LIMITS.titleMax, DRIP_MSG.titleMax);
export const dripBodySchema = z
  .preprocess((v) => v ?? '', z.string().trim())
  .refine((s) => chars(s) <= DRIP_LIMITS.bodyMax, DRIP_MSG.bodyMax);

/** A button; its url is checked when the button is kept (it has a title), an untitled one is dropped unchecked. */
const button = z
  .object({ title: text(DRIP_LIMITS.textMax).optional(), url: text(DRIP_LIMITS.urlMax).optional() })
  .superRefine((b, ctx) => {
    const message = b.title && b.url ? linkProblem(b.url, 'click') : null;
    if (message) ctx.addIssue({ code: 'custom', message, path: ['url'] });
  })
  .nullish();

/**
 * customization {requireInteraction, image, ttl, button1, button2}: buttons without a title are dropped, at most two;
 * an empty image is dropped; an empty ttl falls back to 7200 s.
 */
export const dripCustomizationSchema = z
  .looseObject({
    requireInteraction: z.union([z.boolean(), z.literal(0), z.literal(1)]).nullish(),
    image: imageLinkSchema.nullish(),
    ttl: z.union([z.number(), z.string()]).nullish(),
    button1: button,
    button2: button,
    buttons: z.array(button).nullish(),
  })
  .superRefine((c, ctx) => {
    const extra = Object.keys(c).filter((k) => /^button\d+$/.test(k) && !['button1', 'button2'].includes(k));
    const listed = (c.buttons ?? []).filter((b) => b?.title).length;
    if (extra.some((k) => c[k] != null) || listed > DRIP_LIMITS.buttonsMax) {
      ctx.addIssue({ code: 'custom', message: DRIP_MSG.buttonsMax, path: ['buttons'] });
    }
    const ttl = blankToUndefined(c.ttl);
    if (ttl !== undefined && !(/^\d{1,7}$/.test(String(ttl).trim()) && Number(ttl) <= DRIP_LIMITS.maxTtl)) {
      ctx.addIssue({ code: 'custom', message: DRIP_MSG.ttl, path: ['ttl'] });
    }
  })
  .transform((c) => {
    const buttons = [...(c.buttons ?? []), c.button1, c.button2]
      .filter((b) => b?.title)
      .map((b) => (b?.url ? { title: b.title as string, url: b.url } : { title: b?.title as string }));
    const ttl = blankToUndefined(c.ttl);
    return {
      requireInteraction: Boolean(c.requireInteraction),
      ...(c.image ? { image: c.image } : {}),
      ttl: ttl === undefined ? DRIP_LIMITS.defaultTtl : Number(ttl),
      ...(buttons[0] ? { button1: buttons[0] } : {}),
      ...(buttons[1] ? { button2: buttons[1] } : {}),
    };
  });
export type DripCustomization = z.infer<typeof dripCustomizationSchema>;

/** Audiences as segment ids or as objects with an id (the editors send either). */
export const audienceRefsSchema = z
  .array(z.union([id, z.looseObject({ id })]), { error: DRIP_MSG.audiences })
  .transform((list) => [...new Set(list.map((a) => (typeof a === 'number' ? a : a.id)))]);

/** Space-separated day names (or a list); empty means all seven unless required. */
const daysOfWeek = (required = false) =>
  z
    .union([z.string(), z.array(z.string())], { error: MSG.required })
    .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,]+/)).map((d) => d.trim().toLowerCase()).filter(Boolean))
    .refine((days) => !required || days.length > 0, MSG.required)
    .refine((days) => days.every((d) => (DAYS_OF_WEEK as readonly string[]).includes(d)), DRIP_MSG.day)
    .transform((days) => (days.length === 0 ? [...DAYS_OF_WEEK] : days).join(' '));
const localDate = z.preprocess(blankToUndefined, z.string().trim().max(19).optional());

/** A drip's schedule (welcome offsets, recurring rule, one/multiple send times, trigger offsets). */
export const dripScheduleSchema = z.looseObject({
  id: id.optional(),
  type: z.enum(SCHEDULE_TYPES, { error: DRIP_MSG.scheduleType }).optional(),
  name: z.preprocess(blankToUndefined, z.string().trim().max(DRIP_LIMITS.textMax).optional()),
  frequency: z.preprocess(blankToUndefined, z.enum(SPAM_FREQUENCIES).optional()),
  time: z.preprocess(blankToUndefined, z.string().trim().max(8).optional()),
  timezone: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  date_start: localDate,
  date_end: localDate,
  days_of_week: daysOfWeek().optional(),
  after_days: wholeNumber(36_500),
  after_hours: wholeNumber(100_000),
  after_mins: wholeNumber(10_000_000),
  from_when: z.preprocess(blankToUndefined, z.string().trim().max(32).optional()),
  choose_time: z
    .array(z.object({ date_start: z.string().trim(), time: z.string().trim(), timezone: z.string().trim() }))
    .nullish(),
  is_active: flag.optional(),
  audiences: audienceRefsSchema.optional(),
});
export type DripScheduleInput = z.infer<typeof dripScheduleSchema>;

const TIMED = ['recurring', 'tail-recurring', 'spam-recurring'];

/**
 * One drip as createOrUpdate, POST and PUT take it; `schedule` may arrive as `schedules` (first item used).
 * `editor`: the trigger editor (PUT), where url and message are required too.
 */
export function dripWriteSchema({ type, editor = false }: { type: DripListType; editor?: boolean }) {
  const required = (s: z.ZodType<string>) => s.refine((v) => v !== '', MSG.required);
  const needsBody = type === 'welcome' || (type === 'trigger' && editor);
  return z
    .looseObject({
      id: id.optional(),
      domain_id: z.preprocess(
        blankToUndefined,
        z.coerce.number({ error: MSG.fillRequired }).int().positive().max(ID_MAX, MSG.invalidId),
      ),
      group_id: z.preprocess(blankToUndefined, id.optional()),
      drip_number: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(ID_MAX).optional()),
      title: dripTitleSchema,
      body: needsBody ? required(dripBodySchema) : dripBodySchema,
      url: type === 'trigger' && editor ? required(clickLinkSchema) : clickLinkSchema,
      icon: z.preprocess(blankToUndefined, linkString('image').optional()),
      event:
        type === 'trigger'
          ? required(text(DRIP_LIMITS.eventMax, DRIP_MSG.eventMax))
          : z.preprocess(blankToUndefined, z.string().trim().max(DRIP_LIMITS.eventMax, DRIP_MSG.eventMax).optional()),
      customization: z.preprocess((v) => v ?? {}, dripCustomizationSchema),
      meta: z.preprocess(
        (v) => v ?? {},
        z.looseObject({ delay: wholeNumber(DRIP_LIMITS.maxDelayMs, DRIP_MSG.delay).optional() }),
      ),
      is_active: flag.optional(),
      schedule: dripScheduleSchema.nullish(),
      schedules: z.array(dripScheduleSchema).nullish(),
      audiences: audienceRefsSchema.nullish(),
    })
    .transform(({ schedules, ...d }) => {
      const schedule = d.schedule ?? schedules?.[0] ?? undefined;
      const given = d.audiences != null || schedule?.audiences !== undefined;
      const audiences = given ? [...new Set([...(d.audiences ?? []), ...(schedule?.audiences ?? [])])] : undefined;
      return { ...d, schedule, audiences };
    })
    .superRefine((d, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', message, path });
      if (type !== 'recurring') return;
      // an edit may leave the schedule and audiences as they are; a new drip needs both
      if (d.audiences ? d.audiences.length === 0 : d.id === undefined) issue(['audiences'], MSG.required);
      const s = d.schedule;
      if (!s) return d.id === undefined ? issue(['schedule'], MSG.required) : undefined;
      const sType = s.type ?? 'recurring';
      if (!(RECURRING_SCHEDULE_TYPES as readonly string[]).includes(sType))
        issue(['schedule', 'type'], DRIP_MSG.scheduleType);
      if (TIMED.includes(sType) && !s.timezone) issue(['schedule', 'timezone'], DRIP_MSG.mandatory);
      if (TIMED.includes(sType) && !s.time) issue(['schedule', 'time'], MSG.required);
    });
}
export type DripWrite = z.infer<ReturnType<typeof dripWriteSchema>>;

/** createOrUpdate's body: a list of drips (a single object or `{drips: [...]}` is read as a list of one / those). */
export function dripListWriteSchema(type: DripListType) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v : v && typeof v === 'object' && 'drips' in v ? v.drips : [v]),
    z.array(dripWriteSchema({ type }), { error: DRIP_MSG.listSize }).min(1, DRIP_MSG.listSize).max(DRIP_LIMITS.listMax),
  );
}

/**
 * Drip Setup (`POST /v1/drips/recurring/setup`): one new recurring drip, created on the audience's website
 * (`drip.domain_id`) and on every other chosen website (`domain_ids`, which may list the audience's website too) with
 * each website's audience of the same name (made with the same query where missing), all or nothing.
 */
export const dripSetupSchema = z.object({
  drip: dripWriteSchema({ type: 'recurring' }),
  domain_ids: z
    .array(id, { error: DRIP_MSG.setupDomains })
    .max(DRIP_LIMITS.listMax, DRIP_MSG.setupDomains)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type DripSetup = z.infer<typeof dripSetupSchema>;

/** A spam schedule (spam-recurring): several recurring drips sent in turn to the audiences. */
export const spamScheduleWriteSchema = z.looseObject({
  id: id.optional(),
  domain_id: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: MSG.fillRequired }).int().positive().max(ID_MAX, MSG.invalidId),
  ),
  type: z.literal('spam-recurring', { error: DRIP_MSG.scheduleType }).default('spam-recurring'),
  name: z.preprocess((v) => v ?? '', z.string().trim().min(1, MSG.required).max(DRIP_LIMITS.textMax)),
  frequency: z.enum(SPAM_FREQUENCIES, { error: MSG.required }),
  drips: z.array(id, { error: MSG.required }).min(1, MSG.required),
  audiences: z.preprocess(
    (v) => v ?? [],
    audienceRefsSchema.refine((a) => a.length > 0, MSG.required),
  ),
  time: z
    .string({ error: MSG.required })
    .trim()
    .regex(/^\d{2}:\d{2}:\d{2}$/, DRIP_MSG.time),
  date_start: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(19),
  date_end: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(19),
  days_of_week: daysOfWeek(true),
  timezone: z.preprocess((v) => v ?? '', z.string().trim().min(1, DRIP_MSG.mandatory).max(64)),
  is_active: flag.optional(),
});
export type SpamScheduleWrite = z.infer<typeof spamScheduleWriteSchema>;

export const groupCreateSchema = z.object({
  domain_id: z.coerce.number({ error: MSG.fillRequired }).int().positive().max(ID_MAX, MSG.invalidId),
  name: z.preprocess(blankToUndefined, z.string().trim().max(DRIP_LIMITS.textMax).optional()),
  drip_ids: z.array(id).max(DRIP_LIMITS.listMax).optional(),
});
export const groupDripsSchema = z.object({ drip_ids: z.array(id, { error: MSG.required }).min(1, MSG.required) });
export const groupToggleSchema = z.object({ is_active: flag });

const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (t) => new Date(t),
  encode: (d) => d.toISOString(),
});
const int = z.number().int();
const str = z.string();
const json = z.record(z.string(), z.unknown());
const stamps = { created_at: timestamp, updated_at: timestamp };

export const audienceRefSchema = z.object({ id: int, domain_id: int, name: str, type: str, query: z.unknown() });

export const scheduleSchema = z.object({
  ...{ id: int, domain_id: int, drip_id: int.nullable(), group_id: int.nullable(), name: str.nullable() },
  ...{ type: z.enum(SCHEDULE_TYPES), frequency: str.nullable(), time: str.nullable(), timezone: str },
  ...{ date_start: str.nullable(), date_end: str.nullable(), days_of_week: str, from_when: str },
  ...{ after_days: int, after_hours: int, after_mins: int, choose_time: z.unknown(), is_active: int },
  ...{ last_disp_date: timestamp.nullable(), next_disp_date: timestamp.nullable(), ...stamps },
  audiences: z.array(audienceRefSchema).optional(),
  drips: z.array(z.object({ id: int, title: str, is_active: int })).optional(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const dripSchema = z.object({
  ...{ id: int, domain_id: int, group_id: int.nullable(), drip_number: int, type: z.enum(DRIP_TYPES) },
  ...{ title: str, body: str, url: str, icon: str.nullable(), event: str.nullable(), customization: json, meta: json },
  ...{ offset: int, sended: int, delivered: int, clicked: int, is_active: int, external: int },
  ...{ ...stamps, deleted_at: timestamp.nullable() },
  schedules: z.array(scheduleSchema).optional(),
});
export type Drip = z.infer<typeof dripSchema>;
/**
 * A drip's statistics over all time, from the hourly rollups (docs/metrics.md, "Drip list statistics"): pushes sent,
 * delivered and clicked, and push CTR = clicked / delivered × 100 (0 when nothing was delivered).
 */
export const dripStatsSchema = z.object({ sent: int, delivered: int, clicked: int, push_ctr: z.number() });
export type DripStats = z.infer<typeof dripStatsSchema>;

/**
 * A row of a drip list: the `select=` fields (all by default), `schedules` with `with[schedules(.audiences)]=*`,
 * `stats` with `with[stats]=*`.
 */
export const dripListRowSchema = dripSchema.partial().extend({ stats: dripStatsSchema.optional() });

export const dripGroupSchema = z.object({
  ...{ id: int, domain_id: int, group_uid: str, name: str.nullable(), is_active: int, drips_count: int },
  ...stamps,
});
export type DripGroup = z.infer<typeof dripGroupSchema>;
