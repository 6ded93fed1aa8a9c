import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { actorWithUrlClient } from './exports.routes.ts';
import type { ExportsService } from './exports.service.ts';
import type { LiveStreams } from './live-streams.ts';

/**
 * Live events over server-sent events (DESIGN "SSE /api/events"): one stream per tab, signed in. Each event is
 * `event: <name>` with `data: {channel, ...payload}`; a client sees only the events of the client it works for
 * (staff name it with `?client=`, as EventSource cannot send headers). After a drop the browser reconnects by itself
 * (`retry`) and reloads what it shows, so a final status sent meanwhile is not lost. A stream ends with its session
 * (LiveStreams): logout, expiry, password change, the user, their client or an impersonator switched off or demoted.
 */
export function eventsRoutes(
  app: App,
  deps: { streams: LiveStreams; exports: ExportsService; auth: Pick<AuthService, 'streamMayGoOn'> },
): void {
  app.addHook('preClose', async () => deps.streams.stop());
  app.get(
    '/api/events',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['events'],
        summary: "Server-sent events: channel 'files', event file.status-updated {status, userId, link, progress}",
        querystring: z.object({ client: z.string().trim().min(1).max(64).optional() }),
      },
    },
    async (request, reply) => {
      const actor = await actorWithUrlClient(request, deps.exports, request.query.client);
      const session = request.session!;
      const watched = { userId: actor.user.id, clientId: actor.clientId };
      reply.hijack();
      deps.streams.serve(request.raw, reply.raw, {
        sessionId: session.id,
        ...watched,
        expiresAt: session.expires_at,
        check: () => deps.auth.streamMayGoOn(session.id, watched, request.ip),
      });
    },
  );
}
