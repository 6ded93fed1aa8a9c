import { createReadStream } from 'node:fs';
import {
  ACTIONS,
  customExportBodySchema,
  exportFileNameSchema,
  exportStartedSchema,
  FILES_MSG,
  fileListSchema,
  wrapped,
} from '@pushdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import type { App } from '../../plugins/types.ts';
import type { ExportsService } from './exports.service.ts';

const tags = ['files'];
const nameQuery = z.object({ filename: z.string().trim().min(1).max(200) });
/** Staff name their client in the URL where a browser cannot send the `client` header (links, event streams). */
const clientQuery = z.object({ client: z.string().trim().min(1).max(64).optional() });

/** The actor, with the client a staff member names in `?client=` when the header did not name one. */
export async function actorWithUrlClient(
  request: FastifyRequest,
  exports: ExportsService,
  uid: string | undefined,
): Promise<Actor> {
  const actor = request.actor!;
  if (!uid || !actor.user.isStaff || actor.clientId !== null) return actor;
  return { ...actor, clientId: await exports.clientOfUid(uid) };
}

/** Export files under /api/v1/files (issue #14; docs/api.md "Files and exports"). */
export function exportsRoutes(app: App, deps: { exports: ExportsService }): void {
  const { exports } = deps;

  app.get(
    '/api/v1/files/getCSVList',
    {
      config: { permission: ACTIONS['files.read'] },
      schema: {
        tags,
        summary: "The client's export files: in progress, and ready or failed (newest first)",
        response: { 200: fileListSchema },
      },
    },
    (request) => exports.list(request.actor!),
  );

  app.delete(
    '/api/v1/files/removeCSV',
    {
      config: { permission: ACTIONS['files.read'] },
      schema: {
        tags,
        summary: "Removes one of the client's export files (the spec's GET is unsafe: DELETE with CSRF)",
        querystring: nameQuery,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await exports.remove(request.actor!, request.query.filename);
      return { message: FILES_MSG.removed };
    },
  );

  app.get(
    '/api/v1/files/download/:basename',
    {
      config: { permission: ACTIONS['files.read'] },
      schema: {
        tags,
        summary: "Downloads a ready export file of the client (another client's or an unknown name: 404)",
        params: z.object({ basename: z.string().max(200) }),
        querystring: clientQuery,
      },
    },
    async (request, reply) => {
      const name = exportFileNameSchema.safeParse(request.params.basename);
      if (!name.success) throw notFound(FILES_MSG.notFound);
      const actor = await actorWithUrlClient(request, exports, request.query.client);
      const file = await exports.download(actor, name.data);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${name.data}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );

  app.post(
    '/api/v1/files/customExport',
    {
      config: { permission: ACTIONS['files.customExport'] },
      schema: {
        tags,
        summary: 'Custom Export (Drips, Subs or Errors by drip, website or type): starts the export job',
        body: customExportBodySchema,
        response: { 202: wrapped(exportStartedSchema) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await exports.start(request.actor!, 'custom', request.body) }),
  );

  app.post(
    '/api/v1/files/generateUnitFile',
    {
      config: { permission: ACTIONS['files.read'] },
      schema: {
        tags,
        summary:
          "Starts an export of one kind (`type`: custom, or stats:<v2 call>) with that call's parameters as the body",
        querystring: z.object({ type: z.string().max(100).default('') }),
        body: z.unknown(),
        response: { 202: wrapped(exportStartedSchema) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await exports.start(request.actor!, request.query.type, request.body ?? {}) }),
  );
}
