import {
  ACTIONS,
  jsSegmentSchema,
  segmentCreateSchema,
  segmentDeletedSchema,
  segmentSchema,
  segmentUpdateSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { idParams, listQuerystring } from '../subscribers/route-params.ts';
import { segmentAudienceRoutes } from './segment-audience.routes.ts';
import { SEGMENT_PERMISSIONS } from './segment-permissions.ts';

/** Audiences and segments (issue 5; spec part 2 §7 Segments / audiences). */
export function segmentsRoutes(app: App, deps: ModuleDeps): void {
  const service = deps.services.segments;
  const tags = ['segments'];

  app.get(
    '/api/v1/segments/get',
    {
      config: { permission: ACTIONS['audiences.list'] },
      schema: {
        tags,
        summary:
          'Segments and audiences: where[domain_id|type|is_system|id|name], search, order_by=id:desc, limit (≤ 1000, default 1000) + offset',
        querystring: listQuerystring,
        response: { 200: wrapped(z.array(segmentSchema)) },
      },
    },
    async (request) => ({ data: await service.list(request.actor!, request.query) }),
  );

  app.get(
    '/api/v1/segments/get_js_seg/:id',
    {
      config: { permission: SEGMENT_PERMISSIONS.read },
      schema: {
        tags,
        summary: 'A segment for the client-side filter builder: {id, name, type, query}',
        params: idParams,
        response: { 200: wrapped(jsSegmentSchema) },
      },
    },
    async (request) => ({ data: await service.js(request.actor!, request.params.id) }),
  );

  app.post(
    '/api/v1/segments',
    {
      config: { permission: SEGMENT_PERMISSIONS.create },
      schema: {
        tags,
        summary: 'Create an audience or segment on a website of the actor’s client',
        body: segmentCreateSchema,
        response: { 201: wrapped(segmentSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await service.create(request.actor!, request.body) }),
  );

  app.put(
    '/api/v1/segments/:id',
    {
      config: { permission: SEGMENT_PERMISSIONS.edit },
      schema: {
        tags,
        summary: 'Rename, retype or change the query of a segment (not a system audience: 403)',
        params: idParams,
        body: segmentUpdateSchema,
        response: { 200: wrapped(segmentSchema) },
      },
    },
    async (request) => ({ data: await service.update(request.actor!, request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/segments/:id',
    {
      config: { permission: SEGMENT_PERMISSIONS.edit },
      schema: {
        tags,
        summary:
          'Delete a segment: 403 for a system audience, 422 naming the active schedules that use it; inactive schedules that used it are listed',
        params: idParams,
        response: { 200: wrapped(segmentDeletedSchema) },
      },
    },
    async (request) => ({ data: await service.delete(request.actor!, request.params.id) }),
  );

  segmentAudienceRoutes(app, service);
}
