import {
  identifyBodySchema,
  pingBodySchema,
  subscribeBodySchema,
  triggerBodySchema,
  unsubscribeBodySchema,
  visitBodySchema,
  wrapped,
} from '@pushdeck/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { type RateLimiter, rateLimiter } from '../../lib/rate-limiter.ts';
import type { App } from '../../plugins/types.ts';
import type { TrackingService } from './tracking.service.ts';

export const PUBLIC_PREFIX = '/api/public/v1';

/** Per IP: subscribe and unsubscribe 60 a minute; visits, triggers and pings 600 a minute (docs/security.md). */
export function trackingLimits(shared: { db: Kysely<DB> } | undefined) {
  return {
    writes: rateLimiter(shared, 'tracking.writes', 60, 60_000),
    events: rateLimiter(shared, 'tracking.events', 600, 60_000),
  };
}

/** Subscriber sites call these cross-origin, with no cookie: CORS for any origin, no CSRF, per-IP limits. */
export function trackingRoutes(
  app: App,
  deps: { tracking: TrackingService; limits?: { writes: RateLimiter; events: RateLimiter } },
) {
  const { tracking } = deps;
  const { writes, events } = deps.limits ?? trackingLimits(undefined);
  const config = { permission: 'public', csrf: false } as const;
  const ok = wrapped(z.object({}).passthrough());

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${PUBLIC_PREFIX}/`)) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-allow-methods', 'POST, OPTIONS');
    reply.header('access-control-allow-headers', 'content-type');
    reply.header('access-control-max-age', '86400');
  });
  app.options(`${PUBLIC_PREFIX}/*`, { config, schema: { hide: true } }, async (_request, reply) =>
    reply.status(204).send(),
  );

  const location = (request: FastifyRequest) => {
    const h = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
    const v = Array.isArray(h) ? h[0] : h;
    return v && /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : null;
  };

  app.post(
    `${PUBLIC_PREFIX}/subscribe`,
    {
      config,
      schema: {
        tags: ['tracking'],
        body: subscribeBodySchema,
        response: { 201: wrapped(z.object({ id: z.number() })) },
      },
    },
    async (request, reply) => {
      await writes.hit(request.ip);
      const data = await tracking.subscribe(request.body, { ip: request.ip, location: location(request) });
      return reply.status(201).send({ data });
    },
  );

  app.post(
    `${PUBLIC_PREFIX}/visit`,
    { config, schema: { tags: ['tracking'], body: visitBodySchema, response: { 200: ok } } },
    async (request) => {
      await events.hit(request.ip);
      await tracking.visit(request.body.website_id, request.body.endpoint, request.body.url);
      return { data: {} };
    },
  );

  app.post(
    `${PUBLIC_PREFIX}/identify`,
    {
      config,
      schema: {
        tags: ['tracking'],
        body: identifyBodySchema,
        response: { 200: wrapped(z.object({ changed: z.boolean() })) },
      },
    },
    async (request) => {
      await events.hit(request.ip);
      const { website_id, endpoint, subscribable_id } = request.body;
      return { data: await tracking.identify(website_id, endpoint, subscribable_id) };
    },
  );

  app.post(
    `${PUBLIC_PREFIX}/unsubscribe`,
    { config, schema: { tags: ['tracking'], body: unsubscribeBodySchema, response: { 200: ok } } },
    async (request) => {
      await writes.hit(request.ip);
      await tracking.unsubscribe(request.body.website_id, request.body.endpoint, request.body.full === true);
      return { data: {} };
    },
  );

  app.post(
    `${PUBLIC_PREFIX}/trigger`,
    {
      config,
      schema: {
        tags: ['tracking'],
        body: triggerBodySchema,
        response: { 202: wrapped(z.object({ queued: z.boolean() })) },
      },
    },
    async (request, reply) => {
      await events.hit(request.ip);
      const { website_id, endpoint, event } = request.body;
      return reply.status(202).send({ data: await tracking.trigger(website_id, endpoint, event) });
    },
  );

  for (const kind of ['delivered', 'clicked'] as const) {
    app.post(
      `${PUBLIC_PREFIX}/${kind}`,
      {
        config,
        schema: {
          tags: ['tracking'],
          body: pingBodySchema,
          response: { 200: wrapped(z.object({ counted: z.boolean() })) },
        },
      },
      async (request) => {
        await events.hit(request.ip);
        return { data: await tracking.ping(kind, request.body) };
      },
    );
  }
}
