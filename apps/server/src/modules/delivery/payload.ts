import { type LinkKind, type PushMessagePayload, safeLink } from '@pushdeck/contracts';
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
  /** The website's own address: what a click opens when the drip's url fails the link rule. */
  siteUrl?: string | null | undefined;
}

interface Customization {
  requireInteraction?: boolean;
  image?: string | null;
  ttl?: number | string | null;
  /** Sends of the server API choose it; drips of the editors send at `normal`. */
  urgency?: string | null;
  button1?: { title?: string | null; url?: string | null } | null;
  button2?: { title?: string | null; url?: string | null } | null;
}

const custom = (c: unknown): Customization => (c && typeof c === 'object' ? (c as Customization) : {});
/** A stored link that passes the contracts' link rule, else undefined (rows written before the rule). */
const link = (value: unknown, kind: LinkKind) => (typeof value === 'string' ? safeLink(value, kind) : undefined);

/**
 * The JSON sw_pm.js receives for one message. Links that fail the link rule are never sent: an icon, image or button
 * url is left out (the button stays and opens the main url), a bad main url becomes the website's own address.
 */
export function buildPayload(drip: DripContent, token: string): PushMessagePayload {
  const c = custom(drip.customization);
  const buttons = [c.button1, c.button2]
    .filter((b): b is { title: string; url?: string | null } => Boolean(b?.title))
    .slice(0, 2)
    .map((b) => {
      const url = link(b.url, 'click');
      return url ? { title: b.title, url } : { title: b.title };
    });
  const icon = link(drip.icon, 'image');
  const image = link(c.image, 'image');
  return {
    v: 1,
    m: token,
    title: drip.title,
    ...(drip.body ? { body: drip.body } : {}),
    ...(icon ? { icon } : {}),
    ...(image ? { image } : {}),
    url: drip.url === '' ? '' : (link(drip.url, 'click') ?? link(drip.siteUrl, 'click') ?? ''),
    ...(c.requireInteraction ? { requireInteraction: true } : {}),
    tag: `drip-${drip.id}`,
    ...(buttons.length ? { buttons } : {}),
  };
}

export function ttlOf(customization: unknown): number {
  const ttl = Number(custom(customization).ttl);
  return Number.isInteger(ttl) && ttl >= 0 && ttl <= 2_419_200 ? ttl : DEFAULT_TTL_SECONDS;
}

const URGENCY = ['very-low', 'low', 'normal', 'high'] as const;

/** The Urgency header (RFC 8030 §5.3) of a drip's messages: its customization's, or `normal`. */
export function urgencyOf(customization: unknown): (typeof URGENCY)[number] {
  const u = custom(customization).urgency;
  return (URGENCY as readonly unknown[]).includes(u) ? (u as (typeof URGENCY)[number]) : 'normal';
}

/** Bytes of the encrypted body the drip's messages will need; over 4096 the push services refuse them. */
export function encryptedBytesOf(drip: DripContent): number {
  return encryptedSize(Buffer.byteLength(JSON.stringify(buildPayload(drip, MAX_TOKEN))));
}

export const PAYLOAD_TOO_LARGE_MESSAGE = `The notification is too large to send: its encrypted payload must stay within 4096 bytes (at most ${MAX_PAYLOAD_BYTES} bytes of content). Shorten the title, message, urls or button texts.`;

export function payloadFits(drip: DripContent): boolean {
  return encryptedBytesOf(drip) <= 4096;
}
