import { z } from 'zod';
import { MSG } from './messages.ts';
import { TAG_MSG, tagSchema } from './tag.ts';

export const DOMAIN_URL_MAX = 2048;
/** Most tag ids one addTags / removeTags / searchByTags call takes. */
export const DOMAIN_TAGS_PER_CALL_MAX = 1000;

export const DOMAIN_MSG = {
  alreadyAdded: 'This website is already added.',
  postbackRequired: 'Type your postback url!',
  postbackSuccess: 'Domain postback has been updated successfully!',
  statusSuccess: 'Domain status has been updated successfully!',
  invalidUrl: 'Enter a valid website address starting with http:// or https://.',
  realHost: 'Enter the full domain name of the website, like shop.example.com, or its IP address.',
  invalidPostback: 'The postback must be a valid http or https URL.',
  urlMax: `The URL may not be longer than ${DOMAIN_URL_MAX} characters.`,
  isActive: 'is_active must be 0 or 1.',
  fcmConf: "fcm_conf must be 'client'.",
  idMismatch: 'The id does not match the website being updated.',
  nothingToUpdate: 'Send url, postback or is_active.',
  notFound: 'Website not found.',
  /** A path, query or fragment typed into a website address is not stored: only the origin is. */
  originOnly: (origin: string, dropped: string) =>
    `Only the website's origin is kept: ${origin} (without ${dropped}). Pushdeck works for every page of the site.`,
} as const;

/** Date on the server, ISO 8601 text on the wire: responses encode it, the SPA decodes it. */
const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A website (part 1 §3, part 2 §3). The sealed VAPID private key is never part of it. */
export const domainSchema = z.object({
  id: z.number().int(),
  website_id: z.string(),
  url: z.string(),
  is_active: z.number().int().min(0).max(1),
  postback: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
  vapid_public_key: z.string().nullable(),
  domain_tags: z.array(tagSchema).optional(),
  /** When the newest subscriber subscribed (domain show only): tells an owner whether the integration works. */
  last_subscribed_at: timestamp.nullable().optional(),
});
export type Domain = z.infer<typeof domainSchema>;

/** A row of a domain list: the fields `select=` asked for (all by default), `domain_tags` with `with[domain_tags]=*`. */
export const domainListRowSchema = domainSchema.partial();
export type DomainListRow = z.infer<typeof domainListRowSchema>;

/**
 * Whether a website address names a real host: a domain name with a dot (shop.example.com) or an IP address as
 * written (127.0.0.1, [::1]). A single name (localhost, nan, infinity) is no website, and neither is a number that
 * URL parsing turns into an address (127.1, 0x7f000001, 2130706433). Text that is no URL at all passes here: the
 * server's normalisation refuses it with its own message.
 */
export function hasRealHost(input: string): boolean {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let host: string;
  try {
    host = new URL(withScheme).hostname.replace(/\.$/, '');
  } catch {
    return true;
  }
  if (host.startsWith('[')) return true;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return text.toLowerCase().includes(host);
  return host.includes('.');
}

/**
 * What of a typed website address is not kept (its path, query or fragment), with the origin that is: null when
 * nothing would be dropped or the text is no http(s) address. The server stores the origin only.
 */
export function siteUrlDroppedPart(input: string): { origin: string; dropped: string } | null {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  const path = url.pathname === '/' ? '' : url.pathname;
  const dropped = `${path}${url.search}${url.hash}`;
  if (dropped === '') return null;
  const host = url.hostname.replace(/\.$/, '');
  return { origin: `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`, dropped };
}

/** The notice for a typed address whose path, query or fragment is not kept; null when all of it is. */
export function siteUrlOriginNotice(input: string): string | null {
  const part = siteUrlDroppedPart(input);
  return part ? DOMAIN_MSG.originOnly(part.origin, part.dropped) : null;
}

/** `POST` and `PUT /v1/domains`: the website, and `message` when part of the typed address was not kept. */
export const domainWrittenSchema = z.object({ data: domainSchema, message: z.string().optional() });

const siteUrl = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(DOMAIN_URL_MAX, DOMAIN_MSG.urlMax)
  .refine(hasRealHost, DOMAIN_MSG.realHost);

/** `POST /v1/domains`: the site's address; the server keeps scheme + host (+ port), lowercased. */
export const domainCreateSchema = z.object({ url: siteUrl });
export type DomainCreate = z.infer<typeof domainCreateSchema>;

/** `PUT /v1/domains/{id}`: fcm_conf 'client' plus url, postback or is_active (0/1); several at once are fine. */
export const domainUpdateSchema = z
  .object({
    id: z.coerce.number({ error: DOMAIN_MSG.idMismatch }).int().positive().optional(),
    fcm_conf: z.literal('client', { error: DOMAIN_MSG.fcmConf }).optional(),
    url: siteUrl.optional(),
    postback: z
      .string({ error: DOMAIN_MSG.postbackRequired })
      .trim()
      .min(1, DOMAIN_MSG.postbackRequired)
      .max(DOMAIN_URL_MAX, DOMAIN_MSG.urlMax)
      .pipe(z.url({ protocol: /^https?$/, error: DOMAIN_MSG.invalidPostback }))
      .optional(),
    is_active: z.union([z.literal(0), z.literal(1)], { error: DOMAIN_MSG.isActive }).optional(),
  })
  .refine((v) => v.url !== undefined || v.postback !== undefined || v.is_active !== undefined, {
    message: DOMAIN_MSG.nothingToUpdate,
  });
export type DomainUpdate = z.infer<typeof domainUpdateSchema>;

const rawList = z.union([z.string(), z.array(z.string())]).optional();

/**
 * `tags[]=1&tags[]=2` (or `tags=1,2`) on addTags, removeTags and searchByTags: tag ids, de-duplicated.
 * searchByTags takes ids too (the Drip Setup tree has them), never names.
 */
export const domainTagsQuerySchema = z.object({ 'tags[]': rawList, tags: rawList }).transform((q, ctx) => {
  const items = [q['tags[]'] ?? [], q.tags ?? []]
    .flat()
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) {
    ctx.addIssue({ code: 'custom', message: MSG.required, path: ['tags'] });
    return z.NEVER;
  }
  const ids = items.map((s) => (/^\d{1,10}$/.test(s) ? Number(s) : Number.NaN));
  if (items.length > DOMAIN_TAGS_PER_CALL_MAX || !ids.every((n) => n > 0 && n <= 2_147_483_647)) {
    ctx.addIssue({ code: 'custom', message: TAG_MSG.unknownTags, path: ['tags'] });
    return z.NEVER;
  }
  return { tags: [...new Set(ids)] };
});
export type DomainTagsQuery = z.infer<typeof domainTagsQuerySchema>;
