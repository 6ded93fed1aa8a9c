import {
  ACTIONS,
  createClientBodySchema,
  createRoleBodySchema,
  createUserBodySchema,
  idParamsSchema,
  managedClientSchema,
  managedUserSchema,
  paginated,
  permissionBodySchema,
  permissionSchema,
  roleSchema,
  updateClientBodySchema,
  updateRoleBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
  wrapped,
} from '@pushdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { AuditOrigin } from '../audit/audit.service.ts';
import type { ModuleDeps } from '../module-deps.ts';

const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const tags = ['management'];

/** Who acts and from where, for the audit trail. */
export const originOf = (request: FastifyRequest): AuditOrigin => ({ actor: request.actor!, ip: request.ip });

/** Administration under /api/v1/management (issue #13; docs/api.md "Administration"). */
export function managementRoutes(app: App, deps: ModuleDeps): void {
  const clients = deps.services.management.clients;
  const clientRow = managedClientSchema;

  app.get(
    '/api/v1/management/clients',
    {
      config: { permission: ACTIONS['management.clients.read'] },
      schema: {
        tags,
        summary:
          'Clients (staff): search (name or uid), where[…], order_by, paging (paginate=true), with[users]=* for their users; every client when unpaged (the client picker)',
        querystring: listQuery,
        response: { 200: z.union([wrapped(z.array(clientRow)), paginated(clientRow)]) },
      },
    },
    async (request) => {
      const result = await clients.list(request.query);
      if (result.kind === 'list') return { data: result.rows };
      const { rows, total, page, pageLength } = result;
      return { data: { data: rows, total, page, pageLength } };
    },
  );

  app.get(
    '/api/v1/management/clients/:id',
    {
      config: { permission: ACTIONS['management.clients.read'] },
      schema: {
        tags,
        summary: 'One client with its users',
        params: idParamsSchema,
        response: { 200: wrapped(clientRow) },
      },
    },
    async (request) => ({ data: await clients.get(request.params.id) }),
  );

  app.post(
    '/api/v1/management/clients',
    {
      config: { permission: ACTIONS['management.clients.write'] },
      schema: {
        tags,
        summary: 'Create a client with its first user (role client): name, email, password, password_confirmation',
        body: createClientBodySchema,
        response: { 201: wrapped(clientRow) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await clients.create(originOf(request), request.body) }),
  );

  app.put(
    '/api/v1/management/clients/:id',
    {
      config: { permission: ACTIONS['management.clients.write'] },
      schema: {
        tags,
        summary:
          'Rename (name) and/or switch a client on or off (is_active 0|1); off ends its users’ sessions, stops its sends and refuses its subscribe calls',
        params: idParamsSchema,
        body: updateClientBodySchema,
        response: { 200: wrapped(clientRow) },
      },
    },
    async (request) => ({ data: await clients.update(originOf(request), request.params.id, request.body) }),
  );

  const users = deps.services.management.users;
  const usersPermission = ACTIONS['management.users'];

  app.get(
    '/api/v1/management/users',
    {
      config: { permission: usersPermission },
      schema: {
        tags,
        summary:
          'Users the actor manages (admin: all; moder: non-staff users of clients): client_id, role, is_active, search (name or email), page, pageLength',
        querystring: userListQuerySchema,
        response: { 200: paginated(managedUserSchema) },
      },
    },
    async (request) => ({ data: await users.list(request.actor!, request.query) }),
  );

  app.get(
    '/api/v1/management/users/:id',
    {
      config: { permission: usersPermission },
      schema: { tags, summary: 'One user', params: idParamsSchema, response: { 200: wrapped(managedUserSchema) } },
    },
    async (request) => ({ data: await users.get(request.actor!, request.params.id) }),
  );

  app.post(
    '/api/v1/management/users',
    {
      config: { permission: usersPermission },
      schema: {
        tags,
        summary:
          'Create a user of a client: name, email, password, password_confirmation, client_id, role (all required)',
        body: createUserBodySchema,
        response: { 201: wrapped(managedUserSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await users.create(originOf(request), request.body) }),
  );

  app.put(
    '/api/v1/management/users/:id',
    {
      config: { permission: usersPermission },
      schema: {
        tags,
        summary:
          'Switch a user on or off (is_active; off ends their sessions), sync roles (a list, in order) or direct permissions',
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: wrapped(managedUserSchema) },
      },
    },
    async (request) => ({ data: await users.update(originOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/management/users/:id',
    {
      config: { permission: usersPermission },
      schema: { tags, summary: 'Delete a user (and their sessions)', params: idParamsSchema },
    },
    async (request, reply) => {
      await users.delete(originOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  const roles = deps.services.management.roles;
  const read = ACTIONS['management.roles.read'];
  const write = ACTIONS['management.roles.write'];

  app.get(
    '/api/v1/management/roles',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Roles with their permissions and how many users hold each',
        response: { 200: wrapped(z.array(roleSchema)) },
      },
    },
    async () => ({ data: await roles.listRoles() }),
  );

  app.get(
    '/api/v1/management/roles/:id',
    {
      config: { permission: read },
      schema: { tags, summary: 'One role', params: idParamsSchema, response: { 200: wrapped(roleSchema) } },
    },
    async (request) => ({ data: await roles.getRole(request.params.id) }),
  );

  app.post(
    '/api/v1/management/roles',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Create a role: name, optional permissions',
        body: createRoleBodySchema,
        response: { 201: wrapped(roleSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await roles.createRole(originOf(request), request.body) }),
  );

  app.put(
    '/api/v1/management/roles/:id',
    {
      config: { permission: write },
      schema: {
        tags,
        summary:
          'Rename a role (not a built-in one) or sync its permissions; holders see the change on their next request',
        params: idParamsSchema,
        body: updateRoleBodySchema,
        response: { 200: wrapped(roleSchema) },
      },
    },
    async (request) => ({ data: await roles.updateRole(originOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/management/roles/:id',
    {
      config: { permission: write },
      schema: { tags, summary: 'Delete a role nobody holds (not a built-in one)', params: idParamsSchema },
    },
    async (request, reply) => {
      await roles.deleteRole(originOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/management/permissions',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'Permissions with the roles holding each',
        response: { 200: wrapped(z.array(permissionSchema)) },
      },
    },
    async () => ({ data: await roles.listPermissions() }),
  );

  app.get(
    '/api/v1/management/permissions/:id',
    {
      config: { permission: read },
      schema: {
        tags,
        summary: 'One permission with the roles holding it',
        params: idParamsSchema,
        response: { 200: wrapped(permissionSchema) },
      },
    },
    async (request) => ({ data: await roles.getPermission(request.params.id) }),
  );

  app.post(
    '/api/v1/management/permissions',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Create a permission: name',
        body: permissionBodySchema,
        response: { 201: wrapped(permissionSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await roles.createPermission(originOf(request), request.body) }),
  );

  app.put(
    '/api/v1/management/permissions/:id',
    {
      config: { permission: write },
      schema: {
        tags,
        summary: 'Rename a permission (not one the console uses)',
        params: idParamsSchema,
        body: permissionBodySchema,
        response: { 200: wrapped(permissionSchema) },
      },
    },
    async (request) => ({ data: await roles.updatePermission(originOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/management/permissions/:id',
    {
      config: { permission: write },
      schema: { tags, summary: 'Delete a permission (not one the console uses)', params: idParamsSchema },
    },
    async (request, reply) => {
      await roles.deletePermission(originOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
