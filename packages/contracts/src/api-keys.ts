import { z } from 'zod';
import { ID_MAX } from './api.ts';

/**
 * API keys and the server API's authentication (issue #27). A client's back end calls `/api/server/v1/…` with
 * `Authorization: Bearer <key>`: no cookie, no CSRF; the key's client is the tenancy, its scopes what it may do, its
 * websites (none listed: all of the client's) where. The key is shown once when created and stored as a SHA-256 hash.
 */
export const API_SCOPES = ['send', 'stats', 'subscribers'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  send: 'Send notifications',
  stats: 'Read statistics',
  subscribers: 'Manage subscribers',
};

export const API_KEY_LIMITS = {
  nameMax: 100,
  /** Keys a client may hold that are not revoked. */
  perClient: 50,
  /** Requests per key and minute. */
  perMinute: 600,
} as const;

export const API_KEY_MSG = {
  invalid: 'Invalid API key.',
  missingScope: (scope: string) => `This API key may not do this: it lacks the scope ${scope}.`,
  tooMany: (seconds: number) => `Too many requests with this API key. Please try again in ${seconds} seconds.`,
  nameRequired: 'Name the key.',
  scopesRequired: 'Choose at least one scope.',
  unknownWebsite: 'A chosen website is not one of this client’s.',
  tooManyKeys: `A client holds at most ${API_KEY_LIMITS.perClient} keys: revoke one first.`,
  notFound: 'API key not found.',
  selectClient: 'Select a client.',
} as const;

/** The prefix every key starts with (recognisable in logs and by secret scanners). */
export const API_KEY_PREFIX = 'pdk_';

/** A key as lists show it: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. 'pdk_3fA9x1' (the rest is never shown again). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** Null: every website of the client. */
  website_ids: z.array(z.number().int()).nullable(),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a create: the key itself, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const websiteId = z.number({ error: API_KEY_MSG.unknownWebsite }).int().positive().max(ID_MAX);

export const createApiKeyBodySchema = z.object({
  name: z
    .string({ error: API_KEY_MSG.nameRequired })
    .trim()
    .min(1, API_KEY_MSG.nameRequired)
    .max(API_KEY_LIMITS.nameMax),
  scopes: z
    .array(z.enum(API_SCOPES, { error: API_KEY_MSG.scopesRequired }), { error: API_KEY_MSG.scopesRequired })
    .min(1, API_KEY_MSG.scopesRequired)
    .transform((s) => [...new Set(s)]),
  /** Omitted or null: every website of the client, also those added later. */
  website_ids: z
    .array(websiteId)
    .max(1000)
    .nullable()
    .optional()
    .transform((ids) => (ids && ids.length > 0 ? [...new Set(ids)] : null)),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** `GET /api/server/v1/key`: what the calling key is and may do. */
export const apiKeyWhoamiSchema = z.object({
  name: z.string(),
  prefix: z.string(),
  client: z.object({ uid: z.string(), name: z.string() }),
  scopes: z.array(z.enum(API_SCOPES)),
  website_ids: z.array(z.number().int()).nullable(),
});
