import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { App } from '../../plugins/types.ts';

/** Liveness and readiness for process managers and load balancers (outside /api, no session). */
export function systemRoutes(app: App, deps: { db: Kysely<DB> }) {
  app.get('/healthz', { config: { permission: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { permission: 'public' }, schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1 from schema_migrations limit 1`.execute(deps.db);
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
