import {
  idParamsSchema,
  notificationAcceptedSchema,
  notificationSendSchema,
  notificationStatusSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { assertKeyWebsite } from '../../plugins/api-key.ts';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';

const tags = ['server-api'];
/** 10,000 subscribable ids of 255 characters fit (the rest of the API keeps 1 MiB). */
export const SEND_BODY_LIMIT = 3 * 1_048_576;
const security = [{ apiKey: [] }];

/**
 * Sending from a site's back end (issue #27): `POST /api/server/v1/notifications` (scope send, optional
 * Idempotency-Key) and its status with the outcomes so far (scope send or stats).
 */
export function notificationsRoutes(app: App, deps: ModuleDeps): void {
  const notifications = deps.services.notifications;

  app.post(
    '/api/server/v1/notifications',
    {
      bodyLimit: SEND_BODY_LIMIT,
      config: { permission: 'apiKey', apiScope: 'send' },
      schema: {
        tags,
        security,
        summary:
          'Send a notification to subscribers (subscriber_ids), to the ids the site gave them (subscribable_ids), to a segment (segment_id) or to every subscriber (all: true), now or at send_at; the same Idempotency-Key within 24 h answers the first answer again and sends nothing more',
        headers: z.looseObject({ 'idempotency-key': z.string().optional() }),
        body: notificationSendSchema,
        response: { 202: wrapped(notificationAcceptedSchema) },
      },
    },
    async (request, reply) => {
      assertKeyWebsite(request, request.body.website_id);
      const answer = await notifications.send(
        request.actor!,
        request.apiKey!,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/api/server/v1/notifications/:id',
    {
      config: { permission: 'apiKey', apiScope: ['send', 'stats'] },
      schema: {
        tags,
        security,
        summary:
          'A notification sent through the server API: its status and its outcomes so far (queued, sent, delivered, clicked, failed by reason), counted from the send ledger',
        params: idParamsSchema,
        response: { 200: wrapped(notificationStatusSchema) },
      },
    },
    async (request) => ({ data: await notifications.status(request.actor!, request.params.id, request.apiKey!) }),
  );
}
