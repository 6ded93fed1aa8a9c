/**
 * The server API's sends (`POST /api/server/v1/notifications`, issue #27): one message from a site's back end to a
 * list of subscribers, a list of the site's own ids (`subscribable_id`, set by `pushmine('identify', …)`), a
 * segment or the whole website, now or at `send_at`. The content follows the drip editors' rules and texts.
 */
import { z } from 'zod';
import { ID_MAX } from './api.ts';
import { clickLinkSchema, DRIP_LIMITS, DRIP_MSG, dripBodySchema, dripTitleSchema, imageLinkSchema } from './drip.ts';
import { MSG } from './messages.ts';

export const URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];

/** What pushmine('identify', id) accepts and stores as the subscriber's subscribable_id. */
export const SUBSCRIBABLE_ID_MAX = 255;
/** 1–255 printable characters (no control characters; Unicode letters, digits, punctuation and spaces are fine). */
export const SUBSCRIBABLE_ID_PATTERN = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

export const NOTIFICATION_LIMITS = {
  recipientsMax: 10_000,
  sendAtMaxDays: 30,
  idempotencyKeyMax: 255,
} as const;

export const NOTIFICATION_MSG = {
  subscribableId: `Must be 1 to ${SUBSCRIBABLE_ID_MAX} printable characters, without spaces at either end.`,
  oneTarget: 'Give exactly one target: subscriber_ids, subscribable_ids, segment_id or all: true.',
  listSize: `Give 1 to ${NOTIFICATION_LIMITS.recipientsMax.toLocaleString('en-US')} ids.`,
  all: 'Must be true to send to every subscriber of the website.',
  urgency: `Must be one of ${URGENCIES.join(', ')}.`,
  sendAtFormat: 'Must be an ISO 8601 time with a timezone, e.g. 2026-12-01T09:00:00Z.',
  sendAtPast: 'Must be in the future.',
  sendAtFar: `Must be within ${NOTIFICATION_LIMITS.sendAtMaxDays} days.`,
  segmentNotFound: 'Segment not found.',
  notFound: 'Notification not found.',
  idempotencyKey: `The Idempotency-Key header must be 1 to ${NOTIFICATION_LIMITS.idempotencyKeyMax} printable ASCII characters.`,
  idempotencyReused: 'This Idempotency-Key was already used with a different request.',
} as const;

export const subscribableIdSchema = z
  .string({ error: NOTIFICATION_MSG.subscribableId })
  .refine(
    (v) => v.length > 0 && [...v].length <= SUBSCRIBABLE_ID_MAX && SUBSCRIBABLE_ID_PATTERN.test(v) && v.trim() === v,
    { message: NOTIFICATION_MSG.subscribableId },
  );

/** The public endpoint `identify` (pushmine.js): the site's own id for this subscription. */
export const identifyBodySchema = z.object({
  website_id: z.string().trim().min(1, MSG.required).max(64),
  endpoint: z.string().min(1, MSG.required).max(2048),
  subscribable_id: subscribableIdSchema,
});
export type IdentifyBody = z.infer<typeof identifyBodySchema>;

const id = z.number({ error: MSG.invalidId }).int(MSG.invalidId).positive(MSG.invalidId).max(ID_MAX, MSG.invalidId);
const idList = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: NOTIFICATION_MSG.listSize })
    .min(1, NOTIFICATION_MSG.listSize)
    .max(NOTIFICATION_LIMITS.recipientsMax, NOTIFICATION_MSG.listSize);
const button = z.object({
  title: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(DRIP_LIMITS.textMax, DRIP_MSG.tooLong),
  url: clickLinkSchema.optional(),
});
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The body of a send: exactly one target; title and body as the drip editors count them (30 and 50 characters).
 * That send_at is in the future and within 30 days is checked when the send is created (NOTIFICATION_MSG.sendAt*),
 * so that a retry with the same Idempotency-Key still gets the first answer once that time has passed.
 */
export const notificationSendSchema = z
  .object({
    website_id: id,
    subscriber_ids: idList(id).optional(),
    subscribable_ids: idList(subscribableIdSchema).optional(),
    segment_id: id.optional(),
    all: z.literal(true, { error: NOTIFICATION_MSG.all }).optional(),
    title: dripTitleSchema,
    body: dripBodySchema.optional(),
    url: clickLinkSchema.optional(),
    icon: imageLinkSchema.optional(),
    image: imageLinkSchema.optional(),
    buttons: z.array(button).max(DRIP_LIMITS.buttonsMax, DRIP_MSG.buttonsMax).optional(),
    ttl: z
      .number({ error: DRIP_MSG.ttl })
      .int(DRIP_MSG.ttl)
      .min(0, DRIP_MSG.ttl)
      .max(DRIP_LIMITS.maxTtl, DRIP_MSG.ttl)
      .optional(),
    urgency: z.enum(URGENCIES, { error: NOTIFICATION_MSG.urgency }).optional(),
    send_at: z
      .string({ error: NOTIFICATION_MSG.sendAtFormat })
      .refine((v) => ISO_TIME.test(v) && !Number.isNaN(Date.parse(v)), NOTIFICATION_MSG.sendAtFormat)
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const targets = [b.subscriber_ids, b.subscribable_ids, b.segment_id, b.all].filter((t) => t !== undefined);
    if (targets.length !== 1) ctx.addIssue({ code: 'custom', message: NOTIFICATION_MSG.oneTarget, path: ['target'] });
  });
export type NotificationSend = z.infer<typeof notificationSendSchema>;

export const NOTIFICATION_STATUSES = ['scheduled', 'sending', 'done', 'cancelled'] as const;

/** The 202 answer of a send. */
export const notificationAcceptedSchema = z.object({
  id: z.number(),
  status: z.enum(NOTIFICATION_STATUSES),
  recipients: z.number(),
  created_at: z.string(),
  send_at: z.string().nullable(),
});
export type NotificationAccepted = z.infer<typeof notificationAcceptedSchema>;

/** Failed messages by reason, from the send ledger. */
export const NOTIFICATION_FAILURES = [
  'gone',
  'too_large',
  'rate_limited',
  'server_error',
  'unauthorized',
  'forbidden',
  'refused',
  'over_quota',
  'unsubscribed',
  'other',
] as const;
export type NotificationFailure = (typeof NOTIFICATION_FAILURES)[number];

/** `GET /api/server/v1/notifications/{id}`: the answer of the send plus its outcomes so far. */
export const notificationStatusSchema = notificationAcceptedSchema.extend({
  counts: z.object({
    queued: z.number(),
    sent: z.number(),
    delivered: z.number(),
    clicked: z.number(),
    failed: z.number(),
    failed_by_reason: z.record(z.enum(NOTIFICATION_FAILURES), z.number()),
  }),
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;
