import type { App } from '../../plugins/types.ts';
import type { SystemRepository } from './system.repository.ts';

/** Liveness and readiness for process managers and load balancers (outside /api, no session). */
export function systemRoutes(app: App, deps: { system: Pick<SystemRepository, 'ready'> }) {
  app.get('/healthz', { config: { permission: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { permission: 'public' }, schema: { hide: true } }, async (request, reply) => {
    try {
      await deps.system.ready();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
