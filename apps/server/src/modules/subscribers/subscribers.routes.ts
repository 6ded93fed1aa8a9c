import {
  ACTIONS,
  subscriberPageSchema,
  subscriberRowSchema,
  subscriberUpdateSchema,
  wrapped,
} from '@pushdeck/contracts';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { SegmentsRepository } from '../segments/segments.repository.ts';
import { idParams, listQuerystring } from './route-params.ts';
import { SubscribersRepository } from './subscribers.repository.ts';
import { SubscribersService } from './subscribers.service.ts';
import { WebsitesRepository } from './websites.repository.ts';

export function subscribersService(deps: Pick<ModuleDeps, 'db'>): SubscribersService {
  return new SubscribersService(
    new SubscribersRepository(deps.db),
    new WebsitesRepository(deps.db),
    new SegmentsRepository(deps.db),
  );
}

/** Subscriber lists and inline edits (issue 5; spec part 1 §2 Subscriber list). */
export function subscribersRoutes(app: App, deps: ModuleDeps): void {
  const service = subscribersService(deps);

  app.get(
    '/api/v1/subscribers',
    {
      config: { permission: ACTIONS['audiences.read'] },
      schema: {
        tags: ['subscribers'],
        summary:
          "A website's subscribers, newest first: where[domain_id] (or seg_id), seg_id, where[is_active]=1|0 (default 1), paginate, pageLength, page, order_by=id:desc",
        querystring: listQuerystring,
        response: { 200: wrapped(subscriberPageSchema) },
      },
    },
    async (request) => ({ data: await service.list(request.actor!, request.query) }),
  );

  app.put(
    '/api/v1/subscribers/:id',
    {
      config: { permission: ACTIONS['audiences.edit'] },
      schema: {
        tags: ['subscribers'],
        summary: "Inline edit of a subscriber's subscription_url / last_url_visited (http(s), at most 2048 characters)",
        params: idParams,
        body: subscriberUpdateSchema,
        response: { 200: wrapped(subscriberRowSchema) },
      },
    },
    async (request) => ({ data: await service.update(request.actor!, request.params.id, request.body) }),
  );
}
