import { gettingStartedSchema, MSG, wrapped } from '@pushdeck/contracts';
import { HttpError } from '../../lib/errors.ts';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';

/** GET /v1/getting-started: the new client's checklist on the dashboard (issue 19). */
export function gettingStartedRoutes(app: App, deps: ModuleDeps): void {
  const repo = deps.services.gettingStarted;
  app.get(
    '/api/v1/getting-started',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['clients'],
        summary:
          "The actor's client's getting-started steps (website, script, first subscriber, welcome drip), each ticked from stored data; staff name the client in the client header",
        response: { 200: wrapped(gettingStartedSchema) },
      },
    },
    async (request) => {
      const clientId = request.actor!.clientId;
      if (clientId === null) throw new HttpError(404, MSG.clientNotFound);
      return { data: await repo.ofClient(clientId) };
    },
  );
}
