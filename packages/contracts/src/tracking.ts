import { z } from 'zod';
import { DRIP_LIMITS, DRIP_MSG } from './drip.ts';

/** Bodies of the public endpoints that pushmine.js and sw_pm.js call (no session, CORS, rate-limited). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url.');

const websiteId = z.string().trim().min(1, 'Required.').max(64);
const endpoint = z.string().min(1, 'Required.').max(2048);
const text = (max: number) => z.string().max(max).optional().nullable();
const pageUrl = z
  .string()
  .max(2048)
  .refine((v) => v === '' || /^https?:\/\//i.test(v), 'Must be an http(s) URL.')
  .optional()
  .nullable();

export const subscribeBodySchema = z.object({
  website_id: websiteId,
  subscription: z.object({
    endpoint,
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
  }),
  old_endpoint: endpoint.optional().nullable(),
  device: text(32),
  os: text(64),
  browser: text(64),
  resolution: text(32),
  language: text(35),
  timezone: text(64),
  subscription_url: pageUrl,
  last_url_visited: pageUrl,
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

export const visitBodySchema = z.object({ website_id: websiteId, endpoint, url: pageUrl.unwrap().unwrap() });
/** `full`: the visitor blocked notifications for the site in the browser (no subscription can be made again). */
export const unsubscribeBodySchema = z.object({ website_id: websiteId, endpoint, full: z.boolean().optional() });
export const triggerBodySchema = z.object({
  website_id: websiteId,
  endpoint,
  event: z.string().trim().min(1, 'Required.').max(DRIP_LIMITS.eventMax, DRIP_MSG.eventMax),
});
export const pingBodySchema = z.object({
  m: z.string().min(3).max(64),
  action: z.enum(['main', 'button1', 'button2']).optional(),
});
export type PingBody = z.infer<typeof pingBodySchema>;

/** The JSON a push message carries to sw_pm.js (encrypted). */
export interface PushMessagePayload {
  v: 1;
  m: string;
  title: string;
  body?: string;
  icon?: string;
  image?: string;
  url: string;
  requireInteraction?: boolean;
  tag?: string;
  buttons?: { title: string; url?: string }[];
}
