import { ACTIONS, auditEntrySchema, paginated } from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';

const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The administration audit trail (admin only). */
export function auditRoutes(app: App, deps: ModuleDeps): void {
  const service = deps.services.audit;
  app.get(
    '/api/v1/management/audit',
    {
      config: { permission: ACTIONS['management.audit'] },
      schema: {
        tags: ['management'],
        summary:
          'The audit trail, newest first: where[actor_id|impersonator_id|action|subject_type|subject_id|client_id], from, to (ISO times), search (action or actor email), page, pageLength (default 50)',
        querystring: listQuery,
        response: { 200: paginated(auditEntrySchema) },
      },
    },
    async (request) => ({ data: await service.list(request.query) }),
  );
}
