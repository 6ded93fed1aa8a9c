import {
  ACTIONS,
  CSRF_COOKIE,
  changePasswordBodySchema,
  idParamsSchema,
  idTextSchema,
  loginBodySchema,
  MSG,
  registerClientBodySchema,
  registeredUserSchema,
  registerUserBodySchema,
  userInfoSchema,
  wrapped,
} from '@pushdeck/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { clearSessionCookies, csrfCookieOptions, issueSessionCookies } from '../../plugins/session.ts';
import type { App } from '../../plugins/types.ts';
import type { AuthService, RequestMeta, SignedIn } from './auth.service.ts';
import { toUserInfo } from './auth.service.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const userInfoResponse = wrapped(userInfoSchema);
const messageResponse = wrapped(z.object({ message: z.string() }));

function meta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null, session: request.session };
}

export function authRoutes(app: App, deps: { auth: AuthService; sessions: SessionsRepository; config: AppConfig }) {
  const { auth, sessions, config } = deps;
  const signedIn = (reply: FastifyReply, s: SignedIn, status = 200) => {
    issueSessionCookies(reply, config, s.token, s.session);
    return reply.status(status).send({ data: s.info });
  };

  app.get(
    '/api/csrf-cookie',
    { config: { permission: 'public' }, schema: { tags: ['auth'], summary: 'Sets the XSRF-TOKEN cookie' } },
    async (request, reply) => {
      let session = request.session;
      if (!session) {
        const created = await sessions.create({ userId: null, ...meta(request), ttlMinutes: config.sessionTtlMinutes });
        session = created.row;
        issueSessionCookies(reply, config, created.token, session);
      } else {
        reply.setCookie(CSRF_COOKIE, session.csrf_token, csrfCookieOptions(config));
      }
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/user/login',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: userInfoResponse } },
    },
    async (request, reply) => signedIn(reply, await auth.login(request.body, meta(request))),
  );

  app.post(
    '/api/auth/client/register',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], body: registerClientBodySchema, response: { 201: userInfoResponse } },
    },
    async (request, reply) => signedIn(reply, await auth.registerClient(request.body, meta(request)), 201),
  );

  app.post(
    '/api/auth/user/register',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        body: registerUserBodySchema,
        response: { 201: wrapped(registeredUserSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await auth.registerUser(request.body, meta(request)) }),
  );

  app.post(
    '/api/auth/user/logout',
    { config: { permission: 'authenticated' }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      await auth.logout(request.session);
      clearSessionCookies(reply, config);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/auth/user/info',
    { config: { permission: 'authenticated' }, schema: { tags: ['auth'], response: { 200: userInfoResponse } } },
    async (request) => ({ data: toUserInfo(request.user!, request.session) }),
  );

  app.post(
    '/api/auth/user/change-password',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], body: changePasswordBodySchema, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      const rotated = await auth.changePassword(request.user!, request.body, meta(request));
      issueSessionCookies(reply, config, rotated.token, rotated.session);
      return { data: { message: MSG.passwordChanged } };
    },
  );

  app.post(
    '/api/auth/moder/loginToUser',
    {
      config: { permission: ACTIONS['clients.manage'] },
      schema: {
        tags: ['auth'],
        querystring: z.object({ user_id: idTextSchema }),
        response: { 200: userInfoResponse },
      },
    },
    async (request, reply) =>
      signedIn(reply, await auth.loginToUser(request.actor!, request.query.user_id, meta(request))),
  );

  app.post(
    '/api/auth/moder/backToModer/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['auth'],
        params: idParamsSchema,
        response: { 200: userInfoResponse },
      },
    },
    async (request, reply) => signedIn(reply, await auth.backToModer(request.actor!, request.params.id, meta(request))),
  );
}
