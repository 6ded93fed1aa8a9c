import { clientSummarySchema, MSG, wrapped } from '@pushdeck/contracts';
import { HttpError } from '../../lib/errors.ts';
import type { App } from '../../plugins/types.ts';
import type { ClientsRepository } from './clients.repository.ts';

export function clientsRoutes(app: App, deps: { clients: ClientsRepository }) {
  app.get(
    '/api/v1/clients/current',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['clients'],
        summary: 'The client the actor works for (own, or the one chosen by the client header)',
        response: { 200: wrapped(clientSummarySchema) },
      },
    },
    async (request) => {
      const id = request.actor!.clientId;
      const client = id === null ? undefined : await deps.clients.findById(id);
      if (!client) throw new HttpError(404, MSG.clientNotFound);
      return { data: client };
    },
  );
}
