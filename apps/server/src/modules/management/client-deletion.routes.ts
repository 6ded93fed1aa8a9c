import {
  ACTIONS,
  clientDeletionImpactSchema,
  clientDeletionParamsSchema,
  clientDeletionSchema,
  deleteClientBodySchema,
  idParamsSchema,
  JOBS,
  wrapped,
} from '@pushdeck/contracts';
import { HttpError } from '../../lib/errors.ts';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { originOf } from './management.routes.ts';

const tags = ['management'];

/** Deleting a client (issue #25; docs/api.md "Deleting a client"): admin only, as a job with progress. */
export function clientDeletionRoutes(app: App, deps: ModuleDeps): void {
  const deletion = deps.services.management.clientDeletion;
  const permission = ACTIONS['management.clients.write'];

  app.get(
    '/api/v1/management/clients/:id/deletion',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'What deleting a client removes (users, websites, subscribers, drips, audiences, files, messages), whether a running copy stops it now, and a deletion already under way',
        params: idParamsSchema,
        response: { 200: wrapped(clientDeletionImpactSchema) },
      },
    },
    async (request) => ({ data: await deletion.impact(request.params.id) }),
  );

  app.delete(
    '/api/v1/management/clients/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Delete a client and everything it owns, as a job (202): confirm_name must be the client’s name; the client is switched off at once; 409 while a copy to or from it runs; a deletion under way is answered as it is',
        params: idParamsSchema,
        body: deleteClientBodySchema,
        response: { 202: wrapped(clientDeletionSchema) },
      },
    },
    async (request, reply) => {
      const jobs = deps.jobs;
      if (!jobs) throw new HttpError(503, 'The job queue is not running.');
      const data = await deletion.start(originOf(request), request.params.id, request.body, (trx, deletionId) =>
        jobs.send(JOBS.clientDelete, { deletionId }, { trx }),
      );
      return reply.status(202).send({ data });
    },
  );

  app.get(
    '/api/v1/management/client-deletions/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'A client deletion’s status (queued, running, completed, failed), progress and counts',
        params: clientDeletionParamsSchema,
        response: { 200: wrapped(clientDeletionSchema) },
      },
    },
    async (request) => ({ data: await deletion.status(request.params.id) }),
  );
}
