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

/** Tags of websites: a global taxonomy everyone reads and tag managers edit. */
export function tagsRoutes(app: App, deps: ModuleDeps): void {
  const service = new TagsService(deps.db);
  const tags = ['tags'];

  app.get(
    '/api/v1/tags',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Tags: optional type (geo|adult|category|server), search (name text), where[…], order_by, paging',
        querystring: listQuery,
        response: { 200: z.union([wrapped(z.array(tagRow)), paginated(tagRow)]) },
      },
    },
    async (request) => {
      const result = await service.list(request.query);
      if (result.kind === 'list') return { data: result.rows };
      const { rows, total, page, pageLength } = result;
      return { data: { data: rows, total, page, pageLength } };
    },
  );

  app.post(
    '/api/v1/tags',
    {
      config: { permission: ACTIONS['tags.manage'] },
      schema: { tags, summary: 'Create a tag (name, type)', ...writeInput, response: { 201: wrapped(tagSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(tagInput(tagWriteSchema, request.query, request.body)) }),
  );

  app.put(
    '/api/v1/tags/:id',
    {
      config: { permission: ACTIONS['tags.manage'] },
      schema: {
        tags,
        summary: 'Rename a tag (name; type optional)',
        params: idParamsSchema,
        ...writeInput,
        response: { 200: wrapped(tagSchema) },
      },
    },
    async (request) => ({
      data: await service.update(request.params.id, tagInput(tagUpdateSchema, request.query, request.body)),
    }),
  );

  app.delete(
    '/api/v1/tags/:id',
    {
      config: { permission: ACTIONS['tags.manage'] },
      schema: {
        tags,
        summary: 'Delete a tag; it is taken off every website',
        params: idParamsSchema,
        response: { 200: wrapped(tagSchema) },
      },
    },
    async (request) => ({ data: await service.remove(request.params.id) }),
  );
}
