import {
  ACTIONS,
  domainCreateSchema,
  domainListRowSchema,
  domainSchema,
  domainTagsQuerySchema,
  domainUpdateSchema,
  domainWrittenSchema,
  idParamsSchema,
  paginated,
  siteUrlOriginNotice,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { DomainsService } from './domains.service.ts';

const READ_ONE = ACTIONS['domains.read'];
const WRITE = ACTIONS['domains.write'];
const DELETE = ACTIONS['domains.delete'];
const TAGGING = ACTIONS['domains.tag'];

const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const listResponse = z.union([wrapped(z.array(domainListRowSchema)), paginated(domainListRowSchema)]);
const LIST_SUMMARY =
  'Websites in scope: where[…], whereRelation[domain_tags][id|name|type], with[domain_tags]=*, search, order_by, ' +
  'select, limit/offset (≤ 1000, default 1000) or paginate=true&page&pageLength';

/** Websites of the actor's client (staff: the client header, or all clients for reads). */
export function domainsRoutes(app: App, deps: ModuleDeps) {
  const domains = new DomainsService(deps.db, deps.box);
  const tags = ['domains'];

  const listRoute = (url: string, summary: string) =>
    app.get(
      url,
      {
        config: { permission: 'authenticated' },
        schema: { tags, summary, querystring: listQuery, response: { 200: listResponse } },
      },
      async (request) => {
        const result = await domains.list(request.actor!, request.query);
        if (result.kind === 'list') return { data: result.rows };
        const { rows, total, page, pageLength } = result;
        return { data: { data: rows, total, page, pageLength } };
      },
    );
  listRoute('/api/v1/domains/get', `${LIST_SUMMARY}.`);
  listRoute('/api/v1/domains', `The actor's client's websites (domain picker, Domains List). ${LIST_SUMMARY}.`);

  app.get(
    '/api/v1/domains/searchByTags',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Websites in scope carrying any of the tags (tags[]= tag ids), each with its domain_tags',
        querystring: domainTagsQuerySchema,
        response: { 200: wrapped(z.array(domainSchema)) },
      },
    },
    async (request) => ({ data: await domains.searchByTags(request.actor!, request.query.tags) }),
  );

  app.get(
    '/api/v1/domains/:id',
    {
      config: { permission: READ_ONE },
      schema: {
        tags,
        summary: 'One website as data[0] (is_active, postback, website_id, domain_tags)',
        params: idParamsSchema,
        response: { 200: wrapped(z.array(domainSchema)) },
      },
    },
    async (request) => ({ data: [await domains.show(request.actor!, request.params.id)] }),
  );

  app.post(
    '/api/v1/domains',
    {
      config: { permission: WRITE },
      schema: {
        tags,
        summary:
          'Add a website (url normalised to scheme + host; `message` says when a path, query or fragment was dropped); staff need the client header',
        body: domainCreateSchema,
        response: { 201: domainWrittenSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(written(await domains.create(request.actor!, request.body), request.body.url)),
  );

  app.put(
    '/api/v1/domains/:id',
    {
      config: { permission: WRITE },
      schema: {
        tags,
        summary: "Change a website: fcm_conf 'client' plus url, postback or is_active (0/1)",
        params: idParamsSchema,
        body: domainUpdateSchema,
        response: { 200: domainWrittenSchema },
      },
    },
    async (request) => written(await domains.update(request.actor!, request.params.id, request.body), request.body.url),
  );

  app.delete(
    '/api/v1/domains/:id',
    {
      config: { permission: DELETE },
      schema: {
        tags,
        summary: 'Soft-delete a website (deleted_at): it leaves every list and nothing more is sent for it',
        params: idParamsSchema,
        response: { 200: wrapped(domainSchema) },
      },
    },
    async (request) => ({ data: await domains.remove(request.actor!, request.params.id) }),
  );

  for (const [action, summary] of [
    ['addTags', 'Tag a website (tags[]= tag ids); answers the website with its domain_tags'],
    ['removeTags', 'Untag a website (tags[]= tag ids); answers the website with its domain_tags'],
  ] as const) {
    app.post(
      `/api/v1/domains/${action}/:id`,
      {
        config: { permission: TAGGING },
        schema: {
          tags,
          summary,
          params: idParamsSchema,
          querystring: domainTagsQuerySchema,
          response: { 200: wrapped(domainSchema) },
        },
      },
      async (request) => {
        const { actor, params, query } = request;
        return {
          data:
            action === 'addTags'
              ? await domains.addTags(actor!, params.id, query.tags)
              : await domains.removeTags(actor!, params.id, query.tags),
        };
      },
    );
  }
}

/** A written website, with the notice when part of the typed address was not kept (only the origin is). */
function written<T>(data: T, typedUrl: string | undefined): { data: T; message?: string } {
  const notice = typedUrl === undefined ? null : siteUrlOriginNotice(typedUrl);
  return notice ? { data, message: notice } : { data };
}
