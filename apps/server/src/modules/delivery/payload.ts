import type { PushMessagePayload } from '@pushdeck/contracts';
import { encryptedSize, MAX_PAYLOAD_BYTES } from '@pushdeck/web-push';

export const DEFAULT_TTL_SECONDS = 7200;
/** The longest message token we issue (`<id base36 ≤ 12>.<mac 16>`), used to size payloads before sending. */
const MAX_TOKEN = 'z'.repeat(29);

export interface DripContent {
  id: number;
  title: string;
  body: string;
  url: string;
  icon: string | null;
  customization: unknown;
}

interface Customization {
  requireInteraction?: boolean;
  image?: string | null;
  ttl?: number | string | null;
  button1?: { title?: string | null; url?: string | null } | null;
  button2?: { title?: string | null; url?: string | null } | null;
}

const custom = (c: unknown): Customization => (c && typeof c === 'object' ? (c as Customization) : {});

/** The JSON sw_pm.js receives for one message. */
export function buildPayload(drip: DripContent, token: string): PushMessagePayload {
  const c = custom(drip.customization);
  const buttons = [c.button1, c.button2]
    .filter((b): b is { title: string; url?: string | null } => Boolean(b?.title))
    .slice(0, 2)
    .map((b) => (b.url ? { title: b.title, url: b.url } : { title: b.title }));
  return {
    v: 1,
    m: token,
    title: drip.title,
    ...(drip.body ? { body: drip.body } : {}),
    ...(drip.icon ? { icon: drip.icon } : {}),
    ...(c.image ? { image: c.image } : {}),
    url: drip.url,
    ...(c.requireInteraction ? { requireInteraction: true } : {}),
    tag: `drip-${drip.id}`,
    ...(buttons.length ? { buttons } : {}),
  };
}

export function ttlOf(customization: unknown): number {
  const ttl = Number(custom(customization).ttl);
  return Number.isInteger(ttl) && ttl >= 0 && ttl <= 2_419_200 ? ttl : DEFAULT_TTL_SECONDS;
}

/** Bytes of the encrypted body the drip's messages will need; over 4096 the push services refuse them. */
export function encryptedBytesOf(drip: DripContent): number {
  return encryptedSize(Buffer.byteLength(JSON.stringify(buildPayload(drip, MAX_TOKEN))));
}

export const PAYLOAD_TOO_LARGE_MESSAGE = `The notification is too large to send: its encrypted payload must stay within 4096 bytes (at most ${MAX_PAYLOAD_BYTES} bytes of content). Shorten the title, message, urls or button texts.`;

export function payloadFits(drip: DripContent): boolean {
  return encryptedBytesOf(drip) <= 4096;
}
