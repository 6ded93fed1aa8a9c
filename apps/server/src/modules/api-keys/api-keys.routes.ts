import {
  ACTIONS,
  apiKeySchema,
  apiKeyWhoamiSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  idParamsSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import { originOf } from '../management/management.routes.ts';
import type { ModuleDeps } from '../module-deps.ts';

const tags = ['api-keys'];

/**
 * API keys (issue #27): managed in the console under /api/v1/api-keys (session and CSRF, the client's owner or
 * staff), and the server API's own first call, `GET /api/server/v1/key`, which says what the calling key is.
 */
export function apiKeysRoutes(app: App, deps: ModuleDeps): void {
  const keys = deps.services.apiKeys;
  const permission = ACTIONS['apiKeys.manage'];

  app.get(
    '/api/v1/api-keys',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          "The client's API keys, live first, newest first (never the key itself: its prefix); staff with no client: every client's",
        response: { 200: wrapped(z.array(apiKeySchema)) },
      },
    },
    async (request) => ({ data: await keys.list(request.actor!) }),
  );

  app.post(
    '/api/v1/api-keys',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Create a key: name, scopes (send, stats, subscribers), website_ids (omitted or null: every website). The answer holds the key, this once',
        body: createApiKeyBodySchema,
        response: { 201: wrapped(createdApiKeySchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await keys.create(originOf(request), request.body) }),
  );

  app.delete(
    '/api/v1/api-keys/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Revoke a key: its next call is a 401 (the row stays, listed as revoked)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await keys.revoke(originOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/server/v1/key',
    {
      config: { permission: 'apiKey' },
      schema: {
        tags: ['server-api'],
        summary: 'The calling key: its name, prefix, client, scopes and websites (any scope)',
        security: [{ apiKey: [] }],
        response: { 200: wrapped(apiKeyWhoamiSchema) },
      },
    },
    async (request) => ({ data: await keys.whoami(request.apiKey!) }),
  );
}
