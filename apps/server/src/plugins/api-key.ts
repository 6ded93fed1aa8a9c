import { API_KEY_LIMITS, API_KEY_MSG, type ApiScope, DOMAIN_MSG } from '@pushdeck/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { rateLimiter } from '../lib/rate-limiter.ts';
import type { ApiKeysService } from '../modules/api-keys/api-keys.service.ts';
import type { App } from './types.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const unauthorized = () => new HttpError(401, API_KEY_MSG.invalid, undefined, { 'www-authenticate': 'Bearer' });

/**
 * The server API's guard (issue #27): routes that declare `permission: 'apiKey'` take `Authorization: Bearer <key>`
 * instead of a session (no cookie, no CSRF; plugins/session.ts leaves them alone). Order: 401 for a missing, unknown or
 * revoked key (or one of a client switched off) → 429 per key with Retry-After → 403 without the route's scope.
 * Sets request.apiKey and request.actor (the key's client, never staff).
 */
export function registerApiKeys(
  app: App,
  deps: { keys: Pick<ApiKeysService, 'authenticate'>; shared?: { db: Kysely<DB> } | undefined },
): void {
  const limiter = rateLimiter(deps.shared, 'api-key', API_KEY_LIMITS.perMinute, 60_000, API_KEY_MSG.tooMany);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.permission !== 'apiKey') return;
    const header = request.headers.authorization;
    const token = BEARER.exec(Array.isArray(header) ? (header[0] ?? '') : (header ?? ''))?.[1];
    if (!token) throw unauthorized();
    const found = await deps.keys.authenticate(token, request.ip);
    if (!found) throw unauthorized();
    await limiter.hit(String(found.key.id));
    const wanted = request.routeOptions.config.apiScope;
    const scopes: readonly ApiScope[] = wanted === undefined ? [] : typeof wanted === 'string' ? [wanted] : wanted;
    if (scopes.length > 0 && !scopes.some((s) => found.key.scopes.includes(s))) {
      throw new HttpError(403, API_KEY_MSG.missingScope(scopes.join(' or ')));
    }
    request.apiKey = found.key;
    request.actor = found.actor;
  });
}

/** A website the calling key may reach: its client's, and one of its websites when it names some (else 404). */
export function assertKeyWebsite(request: FastifyRequest, websiteId: number): void {
  const key = request.apiKey;
  if (!key) throw unauthorized();
  if (key.websiteIds !== null && !key.websiteIds.includes(websiteId)) throw new HttpError(404, DOMAIN_MSG.notFound);
}
