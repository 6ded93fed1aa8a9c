import { WebPushInputError } from './errors.ts';
import type { VapidDetails } from './vapid.ts';

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface SendOptions {
  /** Seconds the push service keeps the message for an offline device. Default 7200 (2 h). */
  ttl?: number;
  urgency?: Urgency;
  /** Replaces a pending message with the same topic: up to 32 base64url characters. */
  topic?: string;
  vapid: VapidDetails;
  /** Zero padding bytes hiding the payload length (see `encryptPayload`). */
  padding?: number;
  /** Overrides the client's timeout for this request. */
  timeoutMs?: number;
}

export const DEFAULT_TTL_SECONDS = 7200;
const URGENCIES: ReadonlySet<string> = new Set(['very-low', 'low', 'normal', 'high']);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** The push-specific request headers (RFC 8030 §5.2–5.4), validated. */
export function pushHeaders(opts: SendOptions): Record<string, string> {
  if (opts === null || typeof opts !== 'object') throw new WebPushInputError('send options are required');
  const ttl = opts.ttl ?? DEFAULT_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl < 0 || ttl > 2 ** 31 - 1) {
    throw new WebPushInputError('ttl must be a non-negative integer number of seconds');
  }
  const headers: Record<string, string> = { ttl: String(ttl) };
  if (opts.urgency !== undefined) {
    if (!URGENCIES.has(opts.urgency)) throw new WebPushInputError('urgency must be very-low, low, normal or high');
    headers.urgency = opts.urgency;
  }
  if (opts.topic !== undefined) {
    if (typeof opts.topic !== 'string' || !TOPIC.test(opts.topic)) {
      throw new WebPushInputError('topic must be 1 to 32 base64url characters');
    }
    headers.topic = opts.topic;
  }
  if (!opts.vapid || typeof opts.vapid !== 'object') throw new WebPushInputError('vapid details are required');
  return headers;
}
