import { dripGroupSchema, groupCreateSchema, groupDripsSchema, groupToggleSchema, wrapped } from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { parseOrThrow } from './drip-checks.ts';
import { byDomainQuery, idParams, replanBody, toggleQuery } from './drip-route-schemas.ts';
import { DRIP_PERMISSIONS } from './drips.policy.ts';

const tags = ['recurring groups'];
const group = wrapped(dripGroupSchema);

/** Recurring groups: by website, create, attach/detach drips, toggle, delete; re-planning recurring schedules. */
export function groupsRoutes(app: App, deps: ModuleDeps): void {
  const groups = deps.services.groups;
  const write = { permission: DRIP_PERMISSIONS.write };

  app.get(
    '/api/v1/abstract/groups/by-domain',
    {
      config: { permission: DRIP_PERMISSIONS.read },
      schema: {
        tags,
        summary: "A website's recurring groups",
        querystring: byDomainQuery,
        response: { 200: wrapped(z.array(dripGroupSchema)) },
      },
    },
    async (request) => ({ data: await groups.byDomain(request.actor!, request.query.domain_id) }),
  );

  app.post(
    '/api/v1/abstract/groups',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a group on a website (optionally with drip_ids)',
        body: groupCreateSchema,
        response: { 201: group },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await groups.create(request.actor!, request.body) }),
  );

  for (const action of ['attach', 'detach'] as const) {
    app.post(
      `/api/v1/abstract/groups/:id/${action}`,
      {
        config: write,
        schema: {
          tags,
          summary: `${action === 'attach' ? 'Put recurring drips into' : 'Take drips out of'} the group; drips_count follows`,
          params: idParams,
          body: groupDripsSchema,
          response: { 200: group },
        },
      },
      async (request) => {
        const { actor, params, body } = request;
        return {
          data:
            action === 'attach'
              ? await groups.attach(actor!, params.id, body.drip_ids)
              : await groups.detach(actor!, params.id, body.drip_ids),
        };
      },
    );
  }

  app.delete(
    '/api/v1/abstract/groups/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a group; its drips stay, ungrouped',
        params: idParams,
        response: { 200: group },
      },
    },
    async (request) => ({ data: await groups.remove(request.actor!, request.params.id) }),
  );

  app.post(
    '/api/v1/abstract/groups/:id/toggle',
    {
      config: write,
      schema: {
        tags,
        summary: 'Switch a group on or off (body is_active); mode=multiple switches its drips and schedules too',
        params: idParams,
        querystring: toggleQuery,
        body: groupToggleSchema,
        response: { 200: group },
      },
    },
    async (request) => {
      const { actor, params, query, body } = request;
      return { data: await groups.toggle(actor!, params.id, body.is_active, query.mode === 'multiple') };
    },
  );

  app.post(
    '/api/v1/tools/update-schedules/recurring',
    {
      config: write,
      schema: {
        tags,
        summary: "Recompute next_disp_date of the websites' recurring drips from now (domain_id or domain_ids)",
        querystring: z.object({ domain_id: z.string().optional() }),
        body: z.record(z.string(), z.unknown()).nullish(),
        response: {
          200: z.object({ results: z.array(z.object({ domain_id: z.number(), drips_count: z.number() })) }),
        },
      },
    },
    async (request) => ({
      results: await groups.replanRecurring(
        request.actor!,
        parseOrThrow(replanBody, { ...request.query, ...(request.body ?? {}) }),
      ),
    }),
  );
}
