import {
  ACTIONS,
  clientPlanBodySchema,
  clientPlanListResponseSchema,
  idParamsSchema,
  type PlanFeature,
  planBodySchema,
  planDecisionBodySchema,
  planListResponseSchema,
  planRequestBodySchema,
  planRequestListResponseSchema,
  planRequestResponseSchema,
  planResponseSchema,
  usageOverviewResponseSchema,
  usageResponseSchema,
} from '@pushdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { AuditOrigin } from '../audit/audit.service.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { usageCsv } from './usage-csv.ts';

const tags = ['billing'];
const originOf = (request: FastifyRequest): AuditOrigin => ({ actor: request.actor!, ip: request.ip });
const admin = ACTIONS['management.clients.write'];

/** The plan feature a route belongs to, by the permission it declares (a feature off answers 403). */
const FEATURE_OF = new Map<unknown, PlanFeature>([
  [ACTIONS['stats.dataExplorer'], 'data_explorer'],
  [ACTIONS['tools.copy2'], 'copy_tools'],
  [ACTIONS['tools.recurringMigration'], 'copy_tools'],
]);

const EXPORT_STARTS = new Set(['/api/v1/files/customExport', '/api/v1/files/generateUnitFile']);

/** Calls that start a server export: the Files screen's two, and a v2 statistics call with `file` set. */
function startsExport(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  if (EXPORT_STARTS.has(url)) return true;
  return url.startsWith('/api/v2/statistics/') && Boolean((request.query as { file?: unknown } | undefined)?.file);
}

/** Plans, quotas and usage (issue #18; docs/billing.md, docs/api.md "Billing"). */
export function billingRoutes(app: App, deps: ModuleDeps): void {
  const { billing } = deps.services;

  // a feature switched off in the client's plan: its calls answer 403 (exports are checked where they start)
  app.addHook('preValidation', async (request) => {
    if (!request.actor) return;
    const feature =
      FEATURE_OF.get(request.routeOptions.config?.permission) ?? (startsExport(request) ? 'exports' : undefined);
    if (feature) await billing.assertFeature(request.actor, feature);
  });

  app.get(
    '/api/v1/billing/plans',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Every plan with its quotas (null: unlimited) and features',
        response: { 200: planListResponseSchema },
      },
    },
    async () => ({ data: await billing.plans() }),
  );

  app.post(
    '/api/v1/billing/plans',
    {
      config: { permission: admin },
      schema: {
        tags,
        summary: 'Create a plan: name, monthly_sends, active_subscribers, websites (null: unlimited), features',
        body: planBodySchema,
        response: { 201: planResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await billing.createPlan(originOf(request), request.body) }),
  );

  app.put(
    '/api/v1/billing/plans/:id',
    {
      config: { permission: admin },
      schema: {
        tags,
        summary: 'Change a plan (applies to its clients at once)',
        params: idParamsSchema,
        body: planBodySchema,
        response: { 200: planResponseSchema },
      },
    },
    async (request) => ({ data: await billing.updatePlan(originOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/billing/plans/:id',
    {
      config: { permission: admin },
      schema: { tags, summary: 'Delete a plan; its clients become unlimited', params: idParamsSchema },
    },
    async (request, reply) => {
      await billing.deletePlan(originOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/v1/billing/clients/:id/plan',
    {
      config: { permission: admin },
      schema: {
        tags,
        summary: 'Put a client on a plan (plan_id null: unlimited)',
        params: idParamsSchema,
        body: clientPlanBodySchema,
      },
    },
    async (request, reply) => {
      await billing.assign(originOf(request), request.params.id, request.body.plan_id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/billing/clients',
    {
      config: { permission: ACTIONS['management.clients.read'] },
      schema: {
        tags,
        summary: 'The plan of every client (plan_id null: unlimited), for Clients Management',
        response: { 200: clientPlanListResponseSchema },
      },
    },
    async () => ({ data: await billing.clientPlans() }),
  );

  app.get(
    '/api/v1/billing/usage',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The client's plan, this month's usage against each quota, by day, and the last 12 months",
        response: { 200: usageResponseSchema },
      },
    },
    async (request) => ({ data: await billing.usage(request.actor!) }),
  );

  app.get(
    '/api/v1/billing/overview',
    {
      config: { permission: ACTIONS['management.clients.read'] },
      schema: {
        tags,
        summary:
          "Staff: every client's plan and this month's usage (as its Billing reads it), paged (page, pageLength ≤ 100), search (name or uid), order_by name|plan_name|active_subscribers|sends|websites|percent; meta.totals over every client matching the search",
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: { 200: usageOverviewResponseSchema },
      },
    },
    async (request) => billing.overview(request.query),
  );

  app.get(
    '/api/v1/billing/usage/export',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: 'The last 12 months of usage as a CSV download' },
    },
    async (request, reply) => {
      const usage = await billing.usage(request.actor!);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usage-${usage.month}.csv"`)
        .send(await usageCsv(usage));
    },
  );

  app.get(
    '/api/v1/billing/requests',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Plan change requests: every client’s for staff, one’s own for a client; status filters',
        querystring: z.object({ status: z.enum(['pending', 'approved', 'declined']).optional() }),
        response: { 200: planRequestListResponseSchema },
      },
    },
    async (request) => ({ data: await billing.requests(request.actor!, request.query.status) }),
  );

  app.post(
    '/api/v1/billing/requests',
    {
      config: { permission: ACTIONS['billing.request'] },
      schema: {
        tags,
        summary: 'Ask to move the client to another plan',
        body: planRequestBodySchema,
        response: { 201: planRequestResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await billing.requestChange(request.actor!, request.body.plan_id) }),
  );

  app.post(
    '/api/v1/billing/requests/:id/decision',
    {
      config: { permission: admin },
      schema: {
        tags,
        summary: 'Approve (the plan applies at once) or decline a pending request',
        params: idParamsSchema,
        body: planDecisionBodySchema,
        response: { 200: planRequestResponseSchema },
      },
    },
    async (request) => ({ data: await billing.decide(originOf(request), request.params.id, request.body.decision) }),
  );
}
