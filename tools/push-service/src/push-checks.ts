import type { Urgency, VapidVerifier } from '@pushdeck/web-push';
import { canonicalP256Key } from './subscription-store.ts';

/** Why a push was refused: the status to answer and a short explanation. */
export interface Refusal {
  refused: true;
  status: number;
  reason: string;
}

export interface VapidIdentity {
  refused: false;
  publicKey: string;
  subject?: string;
}

export interface PushParameters {
  refused: false;
  ttl: number;
  urgency: Urgency;
  topic?: string;
}

const refuse = (status: number, reason: string): Refusal => ({ refused: true, status, reason });
const URGENCIES: ReadonlySet<string> = new Set<Urgency>(['very-low', 'low', 'normal', 'high']);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const MAX_TTL = 2 ** 31 - 1;

/**
 * RFC 8292: a `vapid t=…, k=…` Authorization whose JWT is signed by k, addressed to this origin, and not
 * expired nor more than 24 h ahead (401); k must be the subscription's applicationServerKey when it has one (403).
 * The verifier remembers headers that already verified (senders reuse one JWT for hours), as a push service would.
 */
export function checkVapid(
  verifier: VapidVerifier,
  authorization: string | undefined,
  origin: string,
  applicationServerKey: string | undefined,
  now = Date.now(),
): Refusal | VapidIdentity {
  if (authorization === undefined) return refuse(401, 'VAPID authorization required (Authorization: vapid t=…, k=…)');
  if (!/^vapid\s/i.test(authorization.trim())) return refuse(401, 'Authorization must use the vapid scheme (RFC 8292)');
  const result = verifier.verify(authorization, origin, now);
  if (!result.ok) return refuse(401, `invalid VAPID authorization: ${result.reason}`);
  const publicKey = canonicalP256Key(result.publicKey) ?? result.publicKey;
  if (applicationServerKey !== undefined && publicKey !== applicationServerKey) {
    return refuse(403, 'VAPID key does not match the applicationServerKey of this subscription');
  }
  const subject = result.claims.sub;
  return { refused: false, publicKey, ...(subject !== undefined ? { subject } : {}) };
}

/** RFC 8030 §5.2–5.4: TTL (required), Urgency and Topic. */
export function checkPushParameters(header: (name: string) => string | undefined): Refusal | PushParameters {
  const ttlText = header('ttl');
  if (ttlText === undefined) return refuse(400, 'TTL header required (RFC 8030 §5.2)');
  if (!/^\d+$/.test(ttlText.trim()) || Number(ttlText) > MAX_TTL) {
    return refuse(400, 'TTL must be a non-negative integer number of seconds');
  }
  const urgency = header('urgency')?.trim().toLowerCase();
  if (urgency !== undefined && !URGENCIES.has(urgency)) {
    return refuse(400, 'Urgency must be very-low, low, normal or high (RFC 8030 §5.3)');
  }
  const topic = header('topic');
  if (topic !== undefined && !TOPIC.test(topic)) {
    return refuse(400, 'Topic must be 1 to 32 base64url characters (RFC 8030 §5.4)');
  }
  return {
    refused: false,
    ttl: Number(ttlText),
    urgency: (urgency ?? 'normal') as Urgency,
    ...(topic !== undefined ? { topic } : {}),
  };
}

/** RFC 8030 §7.2 size limit (413) and RFC 8291 content coding (415) of a body already read. */
export function checkBody(body: Buffer | undefined, maxBytes: number, contentEncoding: string | undefined) {
  if (body === undefined) return refuse(413, `body exceeds ${maxBytes} bytes`);
  if (body.length > 0 && contentEncoding?.trim().toLowerCase() !== 'aes128gcm') {
    return refuse(415, 'Content-Encoding must be aes128gcm (RFC 8291)');
  }
  return undefined;
}
