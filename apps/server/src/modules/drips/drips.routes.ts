import { DRIP_LIST_TYPES, dripListRowSchema, dripSchema, paginated, wrapped } from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { deleteArrayBody, groupDripParams, groupParams, idParams } from './drip-route-schemas.ts';
import { dripWriteRoutes } from './drip-write.routes.ts';
import { DRIP_PERMISSIONS, editPermission, readPermission } from './drips.policy.ts';
import { groupsRoutes } from './groups.routes.ts';
import { spamRoutes } from './spam.routes.ts';
import { uploadRoutes } from './upload.routes.ts';

const tags = ['drips'];
const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const listResponse = z.union([wrapped(z.array(dripListRowSchema)), paginated(dripListRowSchema)]);
const idsResponse = wrapped(z.object({ ids: z.array(z.number().int()) }));

/** Drips, recurring groups, spam schedules and image uploads (issue 6). */
export function dripsRoutes(app: App, deps: ModuleDeps): void {
  const drips = deps.services.drips;

  for (const type of DRIP_LIST_TYPES) {
    app.get(
      `/api/v1/drips/${type}/get`,
      {
        config: { permission: readPermission(type) },
        schema: {
          tags,
          summary: `The ${type} drips in scope: where[…], whereRelation[schedules|schedules.audiences][…], with[schedules(.audiences)]=*, search, order_by, select, limit/offset or paginate=true&page&pageLength`,
          querystring: listQuery,
          response: { 200: listResponse },
        },
      },
      async (request) => {
        const result = await drips.list(request.actor!, type, request.query);
        if (result.kind === 'list') return { data: result.rows };
        const { rows, total, page, pageLength } = result;
        return { data: { data: rows, total, page, pageLength } };
      },
    );

    app.delete(
      `/api/v1/drips/${type}/delete/:groupId/:id`,
      {
        config: { permission: editPermission(type) },
        schema: {
          tags,
          summary: `Soft-delete one ${type} drip of a group (groupId null: an ungrouped drip)`,
          params: groupDripParams,
          response: { 200: wrapped(dripSchema) },
        },
      },
      async (request) => {
        const { groupId, id } = request.params;
        return { data: await drips.removeInGroup(request.actor!, { type, groupId }, id) };
      },
    );

    app.delete(
      `/api/v1/drips/${type}/delete/:groupId`,
      {
        config: { permission: editPermission(type) },
        schema: {
          tags,
          summary: `Soft-delete every ${type} drip of a group`,
          params: groupParams,
          response: { 200: idsResponse },
        },
      },
      async (request) => ({ data: await drips.removeGroupDrips(request.actor!, type, request.params.groupId) }),
    );
  }

  app.delete(
    '/api/v1/drips/:id',
    {
      config: { permission: DRIP_PERMISSIONS.writeAny },
      schema: {
        tags,
        summary: 'Soft-delete a drip (deleted_at): it leaves every list and nothing more is sent for it',
        params: idParams,
        response: { 200: wrapped(dripSchema) },
      },
    },
    async (request) => ({ data: await drips.remove(request.actor!, request.params.id) }),
  );

  app.post(
    '/api/v1/drips/deleteArray',
    {
      config: { permission: DRIP_PERMISSIONS.write },
      schema: {
        tags,
        summary: 'Soft-delete welcome and recurring drips of one website (multipart domain_id, ids comma-joined)',
        body: deleteArrayBody,
        response: { 200: idsResponse },
      },
    },
    async (request) => ({ data: await drips.removeMany(request.actor!, request.body.domain_id, request.body.ids) }),
  );

  dripWriteRoutes(app, deps);
  groupsRoutes(app, deps);
  spamRoutes(app, deps);
  uploadRoutes(app, deps);
}
