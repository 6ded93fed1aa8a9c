import { z } from 'zod';
import type { LiveBus, LiveMessage } from '../../lib/live-events.ts';
import type { App } from '../../plugins/types.ts';
import { actorWithUrlClient } from './exports.routes.ts';
import type { ExportsService } from './exports.service.ts';

/** A comment line every so often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

/**
 * Live events over server-sent events (DESIGN "SSE /api/events"): one stream per tab, signed in. Each event is
 * `event: <name>` with `data: {channel, ...payload}`; a client sees only the events of the client it works for
 * (staff name it with `?client=`, as EventSource cannot send headers). After a drop the browser reconnects by itself
 * (`retry`) and reloads what it shows, so a final status sent meanwhile is not lost.
 */
export function eventsRoutes(app: App, deps: { live: LiveBus; exports: ExportsService }): void {
  const open = new Set<() => void>();
  // streams never end by themselves: close them so the server can stop
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });
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
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let seq = 0;
      res.write(`retry: 2000\n\nevent: ready\ndata: {}\n\n`);
      const send = (m: LiveMessage) => {
        if (m.clientId !== actor.clientId) return;
        seq += 1;
        res.write(
          `id: ${seq}\nevent: ${m.event}\ndata: ${JSON.stringify({ channel: m.channel, ...(m.data as object) })}\n\n`,
        );
      };
      const unsubscribe = deps.live.subscribe(send);
      const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(beat);
        unsubscribe();
        open.delete(close);
      };
      const close = () => {
        end();
        res.end();
      };
      open.add(close);
      request.raw.on('close', end);
      res.on('close', end);
    },
  );
}
