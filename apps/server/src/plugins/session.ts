import { CLIENT_HEADER, CSRF_COOKIE, CSRF_HEADER, hasAnyPermission, MSG, SESSION_COOKIE } from '@pushdeck/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { SessionRow } from '../db/schema.ts';
import { safeEqual } from '../lib/crypto.ts';
import { HttpError } from '../lib/errors.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { judgeSession } from '../modules/auth/session-check.ts';
import type { SessionsRepository } from '../modules/auth/sessions.repository.ts';
import type { ClientsRepository } from '../modules/clients/clients.repository.ts';
import type { App, RoutePermission } from './types.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_AFTER_MS = 60_000;

export interface SessionDeps {
  config: AppConfig;
  clients: Pick<ClientsRepository, 'findByUid'>;
  sessions: SessionsRepository;
  auth: Pick<AuthService, 'endImpersonation' | 'endSession'>;
}

export function sessionCookieOptions(config: AppConfig) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure } as const;
}

export function csrfCookieOptions(config: AppConfig) {
  return { path: '/', httpOnly: false, sameSite: 'lax', secure: config.cookieSecure } as const;
}

/** Sets both cookies for a (new) session. */
export function issueSessionCookies(reply: FastifyReply, config: AppConfig, token: string, session: SessionRow): void {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config));
  reply.setCookie(CSRF_COOKIE, session.csrf_token, csrfCookieOptions(config));
}

export function clearSessionCookies(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
  reply.clearCookie(CSRF_COOKIE, csrfCookieOptions(config));
}

function permissionList(p: RoutePermission): readonly string[] {
  return typeof p === 'string' ? [p] : p;
}

/**
 * Loads the server-side session and the user on every /api request, then enforces, in this order:
 * 401 without a signed-in user (unless the route is public), 419 on a missing or foreign CSRF token for unsafe
 * methods, 403 without the route's permission; finally resolves the client the actor works for.
 */
export function registerSession(app: App, deps: SessionDeps): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const permission = request.routeOptions.config?.permission;
    // the server API authenticates its key instead (plugins/api-key.ts): a cookie sent along is ignored
    if (permission === 'apiKey') return;
    await loadSession(request, deps);
    if (permission === undefined) return; // not a route: the 404 handler answers
    if (permission !== 'public' && !request.user) throw new HttpError(401, MSG.unauthenticated);
    if (!SAFE_METHODS.has(request.method) && request.routeOptions.config.csrf !== false) checkCsrf(request);
    if (permission !== 'public' && permission !== 'authenticated') {
      if (!hasAnyPermission(request.user!.permissions, permissionList(permission))) {
        throw new HttpError(403, MSG.forbidden);
      }
    }
    if (request.user) await resolveActor(request, deps);
    void reply;
  });
}

async function loadSession(request: FastifyRequest, deps: SessionDeps): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const found = await deps.sessions.findLiveWithUser(token);
  if (!found) return;
  const { session } = found;
  const verdict = judgeSession(found);
  switch (verdict.kind) {
    case 'user-refused':
      await deps.auth.endSession(session.id);
      return;
    case 'impersonator-lost':
      // an impersonation lasts only while its staff account may still 'Log in as' (loaded with the session)
      await deps.auth.endImpersonation(session, verdict.user, verdict.reason, request.ip);
      return;
    case 'signed-in':
      request.user = verdict.user;
      break;
    case 'guest':
      break;
  }
  request.session = session;
  if (Date.now() - session.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await deps.sessions.touch(session.id, deps.config.sessionTtlMinutes);
  }
}

function checkCsrf(request: FastifyRequest): void {
  const header = request.headers[CSRF_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  if (!request.session || !given || !safeEqual(given, request.session.csrf_token)) {
    throw new HttpError(419, MSG.csrfMismatch);
  }
}

async function resolveActor(request: FastifyRequest, deps: SessionDeps): Promise<void> {
  const user = request.user!;
  const raw = request.headers[CLIENT_HEADER];
  const uid = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  let clientId = user.clientId;
  if (uid) {
    if (user.isStaff) {
      const client = await deps.clients.findByUid(uid);
      if (!client) throw new HttpError(404, MSG.clientNotFound);
      clientId = client.id;
    } else if (uid !== user.clientUid) {
      throw new HttpError(403, MSG.notYourClient);
    }
  }
  request.actor = { user, clientId, impersonatorId: request.session?.impersonator_id ?? null };
}
