import {
  ACTIONS,
  idParamsSchema,
  WEBHOOK_MSG,
  webhookAttemptSchema,
  webhookCreateSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';

const MANAGE = ACTIONS['webhooks.manage'];

/** A website's outcome webhooks (issue #27; docs/api.md "Webhooks"): console calls, session and CSRF. */
export function webhooksRoutes(app: App, deps: ModuleDeps) {
  const webhooks = deps.services.webhooks;
  const tags = ['webhooks'];

  app.get(
    '/api/v1/domains/:id/webhooks',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: "A website's webhooks, each with its last attempt (never the secret)",
        params: idParamsSchema,
        response: { 200: wrapped(z.array(webhookSchema)) },
      },
    },
    async (request) => ({ data: await webhooks.list(request.actor!, request.params.id) }),
  );

  app.post(
    '/api/v1/domains/:id/webhooks',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: `Add a webhook (url, events, is_active); the answer shows its secret, once. ${WEBHOOK_MSG.limit}`,
        params: idParamsSchema,
        body: webhookCreateSchema,
        response: { 201: wrapped(webhookWithSecretSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await webhooks.create(request.actor!, request.params.id, request.body) }),
  );

  app.put(
    '/api/v1/webhooks/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Change a webhook: any of url, events, is_active',
        params: idParamsSchema,
        body: webhookUpdateSchema,
        response: { 200: wrapped(webhookSchema) },
      },
    },
    async (request) => ({ data: await webhooks.update(request.actor!, request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/webhooks/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Delete a webhook (its pending deliveries are cancelled)',
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await webhooks.delete(request.actor!, request.params.id);
      return { message: WEBHOOK_MSG.deleted };
    },
  );

  app.post(
    '/api/v1/webhooks/:id/roll-secret',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Replace the secret; the answer shows the new one, once (the old one signs nothing more)',
        params: idParamsSchema,
        response: { 200: wrapped(webhookWithSecretSchema) },
      },
    },
    async (request) => ({ data: await webhooks.rollSecret(request.actor!, request.params.id) }),
  );

  app.post(
    '/api/v1/webhooks/:id/test',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Post a signed `test` event now (once, not retried); the answer is the attempt',
        params: idParamsSchema,
        response: { 200: wrapped(webhookAttemptSchema) },
      },
    },
    async (request) => ({ data: await webhooks.sendTest(request.actor!, request.params.id) }),
  );

  app.get(
    '/api/v1/webhooks/:id/attempts',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: "A webhook's last 20 attempts, newest first",
        params: idParamsSchema,
        response: { 200: wrapped(z.array(webhookAttemptSchema)) },
      },
    },
    async (request) => ({ data: await webhooks.attempts(request.actor!, request.params.id) }),
  );
}
