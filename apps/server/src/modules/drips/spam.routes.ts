import { paginated, scheduleSchema, spamScheduleWriteSchema, wrapped } from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { idParams } from './drip-route-schemas.ts';
import { DRIP_PERMISSIONS } from './drips.policy.ts';

const tags = ['spam schedules'];
const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const one = wrapped(scheduleSchema);

/** Spam schedules: list, create or update, delete. */
export function spamRoutes(app: App, deps: ModuleDeps): void {
  const spam = deps.services.spam;

  app.get(
    '/api/v1/schedules/get',
    {
      config: { permission: DRIP_PERMISSIONS.spamRead },
      schema: {
        tags,
        summary:
          'Schedules in scope with drips and audiences: where[…] or active, domain(_id), type (spam-recurring), order_by, limit, paginate=true&page&pageLength',
        querystring: listQuery,
        response: { 200: z.union([wrapped(z.array(scheduleSchema)), paginated(scheduleSchema)]) },
      },
    },
    async (request) => {
      const result = await spam.list(request.actor!, request.query);
      if (result.kind === 'list') return { data: result.data };
      const { data, total, page, pageLength } = result;
      return { data: { data, total, page, pageLength } };
    },
  );

  app.post(
    '/api/v1/schedules/createOrUpdateSpam',
    {
      config: { permission: DRIP_PERMISSIONS.spam },
      schema: {
        tags,
        summary: 'Create (201) or, with id, update (200) a spam schedule; its next firing is planned at once',
        body: spamScheduleWriteSchema,
        response: { 200: one, 201: one },
      },
    },
    async (request, reply) => {
      const { created, schedule } = await spam.save(request.actor!, request.body);
      return reply.status(created ? 201 : 200).send({ data: schedule });
    },
  );

  app.delete(
    '/api/v1/schedules/:id',
    {
      config: { permission: DRIP_PERMISSIONS.spam },
      schema: { tags, summary: 'Delete a spam schedule', params: idParams, response: { 200: one } },
    },
    async (request) => ({ data: await spam.remove(request.actor!, request.params.id) }),
  );
}
