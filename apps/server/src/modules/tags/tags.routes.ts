import {
  ACTIONS,
  idParamsSchema,
  paginated,
  tagSchema,
  tagUpdateSchema,
  tagWriteInputSchema,
  tagWriteSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { tagInput } from './tag-input.ts';
import { TagsService } from './tags.service.ts';

const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const tagRow = tagSchema.partial();
/** The spec sends name and type as query parameters; a JSON body is accepted as well. */
const writeInput = { querystring: tagWriteInputSchema, body: tagWriteInputSchema.nullish() };

/** Tags of websites: global tags staff manage and everyone reads, and each client's own tags. */
export function tagsRoutes(app: App, deps: ModuleDeps): void {
  const service = new TagsService(deps.db);
  const tags = ['tags'];

  app.get(
    '/api/v1/tags',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary:
          'Tags the actor sees (global + its client’s; staff for no client: all): optional type (geo|adult|category|server), search (name text), where[…], order_by, paging',
        querystring: listQuery,
        response: { 200: z.union([wrapped(z.array(tagRow)), paginated(tagRow)]) },
      },
    },
    async (request) => {
      const result = await service.list(request.actor!, request.query);
      if (result.kind === 'list') return { data: result.rows };
      const { rows, total, page, pageLength } = result;
      return { data: { data: rows, total, page, pageLength } };
    },
  );

  app.post(
    '/api/v1/tags',
    {
      config: { permission: ACTIONS['tags.manage'] },
      schema: {
        tags,
        summary: 'Create a tag (name, type): global when staff create it, else the client’s own',
        ...writeInput,
        response: { 201: wrapped(tagSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.create(request.actor!, tagInput(tagWriteSchema, request.query, request.body)) }),
  );

  app.put(
    '/api/v1/tags/:id',
    {
      config: { permission: ACTIONS['tags.manage'] },
      schema: {
        tags,
        summary: 'Rename a tag (name; type optional); a client only its own (a global tag: 403)',
        params: idParamsSchema,
        ...writeInput,
        response: { 200: wrapped(tagSchema) },
      },
    },
    async (request) => ({
      data: await service.update(
        request.actor!,
        request.params.id,
        tagInput(tagUpdateSchema, request.query, request.body),
      ),
    }),
  );

  app.delete(
    '/api/v1/tags/:id',
    {
      config: { permission: ACTIONS['tags.manage'] },
      schema: {
        tags,
        summary: 'Delete a tag; it is taken off every website; a client only its own (a global tag: 403)',
        params: idParamsSchema,
        response: { 200: wrapped(tagSchema) },
      },
    },
    async (request) => ({ data: await service.remove(request.actor!, request.params.id) }),
  );
}
