import {
  ACTIONS,
  bestDripSchema,
  CACHE_HEADER,
  dashboardTotalsQuerySchema,
  dashboardTotalsResponseSchema,
  logCronSchema,
  logSentSchema,
  RESULT_GROUP_BY_HEADER,
  STATS_CACHE_DEFAULTS,
  statsEventsResponseSchema,
  statsRowsResponseSchema,
  statsV1QuerySchema,
  topPushSchema,
  WITH_FORMULAS_HEADER,
  wrapped,
} from '@pushdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { DashboardTotalsService } from './dashboard-totals.service.ts';
import type { DripStatsService } from './drip-stats.service.ts';
import type { StatsV1Service, V1Headers } from './stats-v1.service.ts';

const BASE = '/api/v1/statistics';
const DASHBOARD = ACTIONS['stats.dashboard'];
const MORE_INFO = ACTIONS['stats.moreInfo'];
const LOGS = ACTIONS['stats.logs'];
const MAX_CACHE_SECONDS = 86_400;

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
}

/** `cache` (seconds; 0 = no cache; default 3600), `resultGroupBy`, `withFormulas` (true|1). */
export function v1Headers(request: FastifyRequest): V1Headers {
  const raw = header(request, CACHE_HEADER);
  const n = raw === undefined ? Number.NaN : Number(raw);
  const formulas = header(request, WITH_FORMULAS_HEADER);
  return {
    cacheSeconds: Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_CACHE_SECONDS) : STATS_CACHE_DEFAULTS.v1Seconds,
    resultGroupBy: header(request, RESULT_GROUP_BY_HEADER),
    withFormulas: formulas === 'true' || formulas === '1',
  };
}

const schema = (summary: string, response: z.ZodType) => ({
  tags: ['statistics'],
  summary,
  querystring: statsV1QuerySchema,
  response: { 200: response },
});

/** Statistics v1 (part 1 §7): dashboards, More Info and Compare, logs. */
export function statsV1Routes(
  app: App,
  s: { v1: StatsV1Service; drips: DripStatsService; cards: DashboardTotalsService },
): void {
  app.get(
    `${BASE}/getDashboardTotals`,
    {
      config: { permission: DASHBOARD },
      schema: {
        tags: ['statistics'],
        summary: "The dashboard cards' figures: all time, the last month and the last 7 days, from one query",
        querystring: dashboardTotalsQuerySchema,
        response: { 200: dashboardTotalsResponseSchema },
      },
    },
    async (request) => ({
      data: await s.cards.totals(request.actor!, request.query, v1Headers(request).cacheSeconds),
    }),
  );
  app.get(
    `${BASE}/getStatsBySubscribables`,
    { config: { permission: DASHBOARD }, schema: schema('Subscriber counters per bucket', statsRowsResponseSchema) },
    async (request) => ({ data: await s.v1.subscribables(request.actor!, request.query, v1Headers(request)) }),
  );
  app.get(
    `${BASE}/getStatsEventsByDrips`,
    {
      config: { permission: DASHBOARD },
      schema: schema('Drip events per bucket (a list, or by type with resultGroupBy)', statsEventsResponseSchema),
    },
    async (request) => ({ data: await s.v1.eventsByDrips(request.actor!, request.query, v1Headers(request)) }),
  );
  app.get(
    `${BASE}/getStatsPushErrors`,
    { config: { permission: DASHBOARD }, schema: schema('Push errors per bucket', statsRowsResponseSchema) },
    async (request) => ({ data: await s.v1.pushErrors(request.actor!, request.query, v1Headers(request)) }),
  );
  app.post(
    `${BASE}/getStatsPushErrors`,
    {
      config: { permission: DASHBOARD },
      // the parameters may come in the query string, the body, or both (the body wins)
      preValidation: async (request) => {
        const body = request.body && typeof request.body === 'object' ? request.body : {};
        request.body = { ...(request.query as object), ...body } as typeof request.body;
      },
      schema: {
        tags: ['statistics'],
        summary: 'Push errors per bucket (POST form)',
        body: statsV1QuerySchema,
        response: { 200: statsRowsResponseSchema },
      },
    },
    async (request) => ({ data: await s.v1.pushErrors(request.actor!, request.body, v1Headers(request)) }),
  );
  app.get(
    `${BASE}/getTheBestDripRequest`,
    {
      config: { permission: MORE_INFO },
      schema: schema('The drip with the best push CTR', wrapped(z.array(bestDripSchema))),
    },
    async (request) => ({ data: await s.drips.best(request.actor!, request.query, v1Headers(request)) }),
  );
  app.get(
    `${BASE}/getTopPush`,
    {
      config: { permission: MORE_INFO },
      schema: schema('Drips ranked by clicks (order_by)', wrapped(z.array(topPushSchema))),
    },
    async (request) => ({ data: await s.drips.top(request.actor!, request.query, v1Headers(request)) }),
  );
  app.get(
    `${BASE}/getLogSent`,
    { config: { permission: LOGS }, schema: schema('Sends per occurrence', wrapped(z.array(logSentSchema))) },
    async (request) => ({ data: await s.drips.logSent(request.actor!, request.query, v1Headers(request)) }),
  );
  app.get(
    `${BASE}/getLogCron`,
    { config: { permission: LOGS }, schema: schema('Scheduler occurrences', wrapped(z.array(logCronSchema))) },
    async (request) => ({ data: await s.drips.logCron(request.actor!, request.query, v1Headers(request)) }),
  );
}
