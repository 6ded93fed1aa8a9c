/**
 * The one rule for the links a notification carries (drip url, button urls, icon, large image). The push payload is
 * handed to a service worker and shown by the console, so a link must be a plain absolute web address: `https:` (or
 * `http:` for what a click opens), with a host, and nothing that could break out of an attribute or a string.
 */
import { MSG } from './messages.ts';

/** `click`: opened on a click (drip url, button urls), http or https; `image`: fetched and shown (icon, image), https. */
export type LinkKind = 'click' | 'image';

/** Any Unicode space, quotes, angle brackets, backslash, control and invisible formatting characters. */
const UNSAFE = /[\s"'`<>\\\p{Cc}\p{Cf}]/u;
/** The scheme exactly as `http://` or `https://` followed by a host: no `https:host`, `https:/host` or `https:///host`. */
const ABSOLUTE = /^https?:\/\/[^/?#]/i;
/**
 * Loopback hosts, which browsers treat as secure: a local install without TLS serves its uploaded images from
 * `http://localhost:…` or `http://127.0.0.1:…`, and an http link there allows nothing an https one would not.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export const linkMessage = (kind: LinkKind): string => (kind === 'image' ? MSG.httpsLink : MSG.httpLink);

/** null when `value` is an acceptable link of `kind`, else the field's message. An empty value is for the caller. */
export function linkError(value: string, kind: LinkKind): string | null {
  const message = linkMessage(kind);
  if (UNSAFE.test(value) || !ABSOLUTE.test(value)) return message;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return message;
  }
  if (!url.hostname || url.username || url.password) return message;
  if (url.protocol === 'https:') return null;
  return url.protocol === 'http:' && (kind === 'click' || LOOPBACK.has(url.hostname)) ? null : message;
}

/** The link as stored when it passes the rule, else undefined (for rows written before the rule). */
export const safeLink = (value: string | null | undefined, kind: LinkKind): string | undefined =>
  value && linkError(value, kind) === null ? value : undefined;
