/**
 * Subscribers as the console shows them (spec part 1 §2 Subscriber list, §3 Subscriber; part 2 §2, §3): the 15 columns
 * of the subscriber table, the inline edit of subscription_url / last_url_visited, and the paged list.
 */
import { z } from 'zod';

/** A point in time on the wire: ISO 8601 text; a Date in code (server encodes, SPA decodes). */
export const timestampSchema = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** The subscriber table's columns in the spec's order, with their headings (table and XLSX). */
export const SUBSCRIBER_COLUMNS = [
  { key: 'id', label: 'Id' },
  { key: 'subscribable_id', label: 'Subscribable Id' },
  { key: 'device', label: 'Device' },
  { key: 'website_id', label: 'Website Id' },
  { key: 'os', label: 'OS' },
  { key: 'browser', label: 'Browser' },
  { key: 'resolution', label: 'Resolution' },
  { key: 'location', label: 'Location' },
  { key: 'language', label: 'Language' },
  { key: 'timezone', label: 'Timezone' },
  { key: 'updated_at', label: 'Updated At' },
  { key: 'subscription_url', label: 'Subscription Url' },
  { key: 'last_url_visited', label: 'Last Url Visited' },
  { key: 'last_drip_number', label: 'Last Drip Number' },
  { key: 'ip', label: 'IP' },
] as const;
export type SubscriberColumn = (typeof SUBSCRIBER_COLUMNS)[number]['key'];

export const subscriberRowSchema = z.object({
  id: z.number().int(),
  subscribable_id: z.string(),
  device: z.string().nullable(),
  website_id: z.string(),
  os: z.string().nullable(),
  browser: z.string().nullable(),
  resolution: z.string().nullable(),
  location: z.string().nullable(),
  language: z.string().nullable(),
  timezone: z.string().nullable(),
  updated_at: timestampSchema,
  subscription_url: z.string().nullable(),
  last_url_visited: z.string().nullable(),
  last_drip_number: z.number().int(),
  ip: z.string().nullable(),
});
export type SubscriberListRow = z.infer<typeof subscriberRowSchema>;

export const SUBSCRIBER_URL_MAX = 2048;
export const SUBSCRIBER_MSG = {
  url: 'Must be an http(s) URL.',
  urlMax: `URLs are at most ${SUBSCRIBER_URL_MAX} characters.`,
  nothingToUpdate: 'Give subscription_url or last_url_visited.',
} as const;

const isHttpUrl = (text: string): boolean => {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** An editable page URL: a real http(s) URL of at most 2048 characters; null clears it. */
export const subscriberUrlSchema = z
  .string()
  .trim()
  .max(SUBSCRIBER_URL_MAX, SUBSCRIBER_MSG.urlMax)
  .refine(isHttpUrl, SUBSCRIBER_MSG.url)
  .nullable();

/** Inline edit (PUT /api/v1/subscribers/{id}). */
export const subscriberUpdateSchema = z
  .strictObject({
    subscription_url: subscriberUrlSchema.optional(),
    last_url_visited: subscriberUrlSchema.optional(),
  })
  .refine((b) => b.subscription_url !== undefined || b.last_url_visited !== undefined, {
    message: SUBSCRIBER_MSG.nothingToUpdate,
  });
export type SubscriberUpdate = z.infer<typeof subscriberUpdateSchema>;

/**
 * One page of subscribers, read as `data.data` (rows) and `data.total`. Above a size the server cannot count within
 * its time budget, `total` is the planner's estimate and `total_is_estimate` is true.
 */
export const subscriberPageSchema = z.object({
  data: z.array(subscriberRowSchema),
  total: z.number().int(),
  total_is_estimate: z.boolean(),
  page: z.number().int(),
  pageLength: z.number().int(),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;
