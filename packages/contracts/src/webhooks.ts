import { z } from 'zod';

/**
 * Outcome webhooks (issue #27, "Outcomes pushed back"): a website's back end is told what happened to its messages
 * and subscribers. A webhook has a URL, the events it wants, a secret (made by the server, shown once at creation
 * and when rolled, never again) and an active switch; every delivery is signed (docs/api.md "Webhooks").
 */
export const WEBHOOK_EVENTS = ['delivered', 'clicked', 'unsubscribed', 'deactivated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** The type of the event "Send test event" posts (never subscribed to, never retried). */
export const WEBHOOK_TEST_EVENT = 'test';

/** At most this many webhooks per website. */
export const WEBHOOKS_PER_WEBSITE = 5;
/** The console lists this many of a webhook's last attempts. */
export const WEBHOOK_ATTEMPTS_SHOWN = 20;
/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'Pushdeck-Signature',
  delivery: 'Pushdeck-Delivery',
  event: 'Pushdeck-Event',
} as const;

export const WEBHOOK_MSG = {
  url: 'The URL must be an https URL, e.g. https://example.com/pushdeck/webhook.',
  urlHost:
    'This address is not allowed: webhooks to loopback, private or link-local addresses, or over http, must be listed in PUSHDECK_WEBHOOK_HOSTS.',
  events: 'Choose at least one event.',
  limit: `A website has at most ${WEBHOOKS_PER_WEBSITE} webhooks.`,
  notFound: 'Webhook not found.',
  websiteNotFound: 'Website not found.',
  deleted: 'Webhook deleted.',
  secretOnce: 'Copy this secret now: it is not shown again.',
  rolled: 'The secret has been rolled: the old one no longer signs deliveries.',
} as const;

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.events });

const url = z
  .string({ error: WEBHOOK_MSG.url })
  .trim()
  .min(1, WEBHOOK_MSG.url)
  .max(2048, WEBHOOK_MSG.url)
  .refine((u) => URL.canParse(u) && ['https:', 'http:'].includes(new URL(u).protocol), WEBHOOK_MSG.url);
const events = z
  .array(webhookEventSchema, { error: WEBHOOK_MSG.events })
  .min(1, WEBHOOK_MSG.events)
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));
const active = z.union([z.literal(0), z.literal(1)], { error: 'is_active must be 0 or 1.' });

/** Adding a webhook to a website. */
export const webhookCreateSchema = z.object({ url, events, is_active: active.default(1) });
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** Changing one: any of its fields (the console's switch sends is_active alone). */
export const webhookUpdateSchema = z
  .object({ url: url.optional(), events: events.optional(), is_active: active.optional() })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.is_active !== undefined, {
    message: 'Nothing to change.',
  });
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  delivery_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  /** 1 for the first try of a delivery, 2 for its first retry, … */
  attempt: z.number().int(),
  /** The receiver's HTTP status; null when none came (timeout, refused address, connection error). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  ok: z.boolean(),
  created_at: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** A webhook as the API shows it: never its secret. */
export const webhookSchema = z.object({
  id: z.number().int(),
  website_id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  is_active: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  last_attempt: webhookAttemptSchema.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of a creation and of "Roll secret": the only times the secret is shown. */
export const webhookWithSecretSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** A delivery's body, as the receiver reads it. */
export const webhookBodySchema = z.object({
  id: z.string(),
  type: z.string(),
  created_at: z.string(),
  website_id: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;
