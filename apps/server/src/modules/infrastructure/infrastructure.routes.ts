import {
  ACTIONS,
  bindConnectionQuerySchema,
  bindGeoQuerySchema,
  changeMasterQuerySchema,
  clusterSchema,
  connectionCheckSchema,
  connectionListQuerySchema,
  connectionSchema,
  createClusterBodySchema,
  createConnectionBodySchema,
  createDbSubBodySchema,
  dbSubSchema,
  domainIdQuerySchema,
  ID_MAX,
  idParamsSchema,
  testConnectionBodySchema,
  updateClusterBodySchema,
  updateConnectionBodySchema,
  updateDbSubBodySchema,
  wrapped,
} from '@pushdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { AuditOrigin } from '../audit/audit.service.ts';
import type { ModuleDeps } from '../module-deps.ts';

const permission = ACTIONS['management.infrastructure'];
const config = { permission };
const clusterTags = ['management'];
const connectionTags = ['connections'];
const connections = z.array(connectionSchema);
const idQuery = z.object({ id: idParamsSchema.shape.id });
const originOf = (request: FastifyRequest): AuditOrigin => ({ actor: request.actor!, ip: request.ip });
const subListQuery = z.object({
  'where[cluster_id]': z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'where[cluster_id] must be an id.')
    .transform(Number)
    .refine((n) => n <= ID_MAX, 'where[cluster_id] must be an id.')
    .optional(),
});

/**
 * Clusters, db subs (under /api/v1/management) and connections (under /api/v1/connections), issue #16. Admin only
 * (menu.admin.panel); passwords go in, never out (docs/api.md "Infrastructure").
 */
export function infrastructureRoutes(app: App, deps: ModuleDeps): void {
  const clusters = deps.services.infrastructure.clusters;
  const links = deps.services.infrastructure.connections;

  app.get(
    '/api/v1/management/clusters',
    {
      config,
      schema: {
        tags: clusterTags,
        summary: 'Clusters with their db subs and clients (passwords never returned: password_set)',
        response: { 200: wrapped(z.array(clusterSchema)) },
      },
    },
    async () => ({ data: await clusters.list() }),
  );

  app.get(
    '/api/v1/management/clusters/:id',
    {
      config,
      schema: {
        tags: clusterTags,
        summary: 'One cluster',
        params: idParamsSchema,
        response: { 200: wrapped(clusterSchema) },
      },
    },
    async (request) => ({ data: await clusters.get(request.params.id) }),
  );

  app.post(
    '/api/v1/management/clusters',
    {
      config,
      schema: {
        tags: clusterTags,
        summary:
          'Create a cluster: cluster_name, default (0|1), db_entities_master, db_subs (at least one), client_ids (at least one); answers with a live check of the master',
        body: createClusterBodySchema,
        response: { 201: wrapped(clusterSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await clusters.create(originOf(request), request.body) }),
  );

  app.post(
    '/api/v1/management/clusters/test',
    {
      config,
      schema: {
        tags: clusterTags,
        summary:
          'Test connection: connects to the described PostgreSQL server (3 s timeout); reachable, version, latency or the error. Without a password, the stored one of cluster_id / db_sub_id (same host, port and username only)',
        body: testConnectionBodySchema,
        response: { 200: wrapped(connectionCheckSchema) },
      },
    },
    async (request) => ({ data: await clusters.test(request.body) }),
  );

  app.put(
    '/api/v1/management/clusters/:id',
    {
      config,
      schema: {
        tags: clusterTags,
        summary:
          'Update a cluster: cluster_name, default, is_active, db_entities_master (password kept when left out), client_ids',
        params: idParamsSchema,
        body: updateClusterBodySchema,
        response: { 200: wrapped(clusterSchema) },
      },
    },
    async (request) => ({ data: await clusters.update(originOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/management/clusters/:id',
    {
      config,
      schema: {
        tags: clusterTags,
        summary: 'Delete a cluster and its db subs (its clients keep no cluster)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await clusters.delete(originOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/management/dbsubs',
    {
      config,
      schema: {
        tags: clusterTags,
        summary: 'Db subs, optionally of one cluster (where[cluster_id])',
        querystring: subListQuery,
        response: { 200: wrapped(z.array(dbSubSchema)) },
      },
    },
    async (request) => ({ data: await clusters.listSubs(request.query['where[cluster_id]']) }),
  );

  app.get(
    '/api/v1/management/dbsubs/:id',
    {
      config,
      schema: {
        tags: clusterTags,
        summary: 'One db sub',
        params: idParamsSchema,
        response: { 200: wrapped(dbSubSchema) },
      },
    },
    async (request) => ({ data: await clusters.getSub(request.params.id) }),
  );

  app.post(
    '/api/v1/management/dbsubs',
    {
      config,
      schema: {
        tags: clusterTags,
        summary: 'Create a db sub: cluster_id, name, region, shard_number, config; answers with a live check',
        body: createDbSubBodySchema,
        response: { 201: wrapped(dbSubSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await clusters.createSub(originOf(request), request.body) }),
  );

  app.put(
    '/api/v1/management/dbsubs/:id',
    {
      config,
      schema: {
        tags: clusterTags,
        summary:
          'Update a db sub: cluster_id, name, region, shard_number, is_active, config (password kept when left out)',
        params: idParamsSchema,
        body: updateDbSubBodySchema,
        response: { 200: wrapped(dbSubSchema) },
      },
    },
    async (request) => ({ data: await clusters.updateSub(originOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/management/dbsubs/:id',
    { config, schema: { tags: clusterTags, summary: 'Delete a db sub', params: idParamsSchema } },
    async (request, reply) => {
      await clusters.deleteSub(originOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ---- connections (spec part 2 §7 "Connections") ----

  app.get(
    '/api/v1/connections/get',
    {
      config,
      schema: {
        tags: connectionTags,
        summary: 'Connections: where[type]=api|db, where[is_active]=0|1',
        querystring: connectionListQuerySchema,
        response: { 200: wrapped(connections) },
      },
    },
    async (request) => ({
      data: await links.list({ type: request.query['where[type]'], is_active: request.query['where[is_active]'] }),
    }),
  );

  for (const [name, kind] of [
    ['getDomainDBConnections', 'db'],
    ['getDomainAPIConnections', 'api'],
  ] as const) {
    app.post(
      `/api/v1/connections/${name}`,
      {
        config,
        schema: {
          tags: connectionTags,
          summary: `A website's ${kind.toUpperCase()} connections with pivot {connection_id, type master|slave}, master first`,
          querystring: domainIdQuerySchema,
          response: { 200: wrapped(connections) },
        },
      },
      async (request) => ({ data: await links.ofDomain(request.query.domain_id, kind) }),
    );
  }

  for (const [name, kind] of [
    ['changeMasterDomainConnectionDB', 'db'],
    ['changeMasterDomainConnectionAPI', 'api'],
  ] as const) {
    app.post(
      `/api/v1/connections/${name}`,
      {
        config,
        schema: {
          tags: connectionTags,
          summary: `Make a bound ${kind.toUpperCase()} connection master on these websites (domain_ids, connection_id); the others of its kind become slave, atomically`,
          querystring: changeMasterQuerySchema,
          response: {
            200: wrapped(z.array(z.object({ domain_id: z.number().int(), connections }))),
          },
        },
      },
      async (request) => ({
        data: await links.changeMaster(originOf(request), kind, request.query.domain_ids, request.query.connection_id),
      }),
    );
  }

  app.post(
    '/api/v1/connections',
    {
      config,
      schema: {
        tags: connectionTags,
        summary:
          'Create a connection: type api|db, name, attribute (an API connection: its base URL), number, tag, datacenter, region, is_active',
        body: createConnectionBodySchema,
        response: { 201: wrapped(connectionSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await links.create(originOf(request), request.body) }),
  );

  app.put(
    '/api/v1/connections',
    {
      config,
      schema: {
        tags: connectionTags,
        summary: 'Update a connection: id and what changes',
        body: updateConnectionBodySchema,
        response: { 200: wrapped(connectionSchema) },
      },
    },
    async (request) => ({ data: await links.update(originOf(request), request.body) }),
  );

  app.delete(
    '/api/v1/connections',
    {
      config,
      schema: {
        tags: connectionTags,
        summary: 'Delete a connection (?id=); it is unbound from every website',
        querystring: idQuery,
      },
    },
    async (request, reply) => {
      await links.delete(originOf(request), request.query.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/connections/bindGeoConnectionsToDomain',
    {
      config,
      schema: {
        tags: connectionTags,
        summary:
          'Bind (as slave) the active connections whose region matches one of the website’s geo tags (domain_id, optional type api|db)',
        querystring: bindGeoQuerySchema,
        response: { 200: wrapped(z.object({ bound: z.array(z.number().int()), api: connections, db: connections })) },
      },
    },
    async (request) => ({ data: await links.bindGeo(originOf(request), request.query.domain_id, request.query.type) }),
  );

  app.post(
    '/api/v1/connections/bindConnectionToDomain',
    {
      config,
      schema: {
        tags: connectionTags,
        summary: 'Bind a connection to a website (domain_id, connection_id; type master|slave, slave by default)',
        querystring: bindConnectionQuerySchema,
        response: { 200: wrapped(connections) },
      },
    },
    async (request) => {
      const { domain_id, connection_id, type } = request.query;
      return { data: await links.bind(originOf(request), domain_id, connection_id, type) };
    },
  );

  app.post(
    '/api/v1/connections/unBindConnectionToDomain',
    {
      config,
      schema: {
        tags: connectionTags,
        summary: 'Unbind a connection from a website (domain_id, connection_id)',
        querystring: z.object({ domain_id: domainIdQuerySchema.shape.domain_id, connection_id: idQuery.shape.id }),
        response: { 200: wrapped(connections) },
      },
    },
    async (request) => ({
      data: await links.unbind(originOf(request), request.query.domain_id, request.query.connection_id),
    }),
  );
}
