import {
  ACTIONS,
  dataExplorerBodySchema,
  type ExportStarted,
  exportStartedSchema,
  serverPerformanceBodySchema,
  statsTableResponseSchema,
  statsV2QuerySchema,
  topStatsBodySchema,
  wrapped,
} from '@pushdeck/contracts';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import type { App } from '../../plugins/types.ts';
import type { ExplorerService, TopKind } from './explorer.service.ts';
import type { ServerPerformanceService } from './server-performance.service.ts';

const BASE = '/api/v2/statistics';
const TOP: [string, TopKind][] = [
  ['getTopClientsByRecurringSentPush', { by: 'client', family: 'recurring' }],
  ['getTopDomainsBySentRecurringPushes', { by: 'website_id', family: 'recurring' }],
  ['getTopClientsByWelcomePushSent', { by: 'client', family: 'welcome' }],
  ['getTopDomainsBySentWelcomePushes', { by: 'website_id', family: 'welcome' }],
];

/** With the `file` flag a v2 call starts an export of the same rows instead (issue #14): 202 with the file's path. */
const responses = { 200: statsTableResponseSchema, 202: wrapped(exportStartedSchema) };

export type StartExport = (
  actor: Actor,
  call: string,
  params: { body: unknown; query: unknown },
) => Promise<ExportStarted>;

/** Statistics v2 (part 1 §7): Data Explorer, Server Performance, the Performance report's top tables. */
export function statsV2Routes(
  app: App,
  s: { explorer: ExplorerService; serverPerformance: ServerPerformanceService; startExport: StartExport },
) {
  /** The `file` flag: the export job gets the call's body and query; else the table answers. */
  const fileOr = async <T>(
    call: string,
    request: { actor: Actor | null; body: unknown; query: { file: boolean } },
    reply: FastifyReply,
    table: () => Promise<T>,
  ) => {
    if (!request.query.file) return table();
    const started = await s.startExport(request.actor!, call, { body: request.body, query: request.query });
    return reply.status(202).send({ data: started });
  };
  app.post(
    `${BASE}/getDataExplorer`,
    {
      config: { permission: ACTIONS['stats.dataExplorer'] },
      schema: {
        tags: ['statistics'],
        summary: 'Data Explorer: grouped rollups, paged, with the totals of all matching rows',
        body: dataExplorerBodySchema,
        querystring: statsV2QuerySchema({ pageLength: 50, paginate: false }),
        response: responses,
      },
    },
    (request, reply) =>
      fileOr('getDataExplorer', request, reply, () =>
        s.explorer.dataExplorer(request.actor!, request.body, request.query),
      ),
  );
  app.post(
    `${BASE}/getServerPerformancePage`,
    {
      config: { permission: ACTIONS['stats.serverPerformance'] },
      schema: {
        tags: ['statistics'],
        summary: 'Server Performance rows per website, client, date and type',
        body: serverPerformanceBodySchema,
        querystring: statsV2QuerySchema({ pageLength: 50, paginate: true }),
        response: responses,
      },
    },
    (request, reply) =>
      fileOr('getServerPerformancePage', request, reply, () =>
        s.serverPerformance.page(request.actor!, request.body, request.query),
      ),
  );
  for (const [name, kind] of TOP) {
    app.post(
      `${BASE}/${name}`,
      {
        config: { permission: ACTIONS['stats.performance'] },
        schema: {
          tags: ['statistics'],
          summary: `Top ${kind.by === 'client' ? 'clients (staff only)' : 'websites'} by sent ${kind.family} pushes`,
          body: topStatsBodySchema,
          querystring: statsV2QuerySchema({ pageLength: 5, paginate: true }),
          response: responses,
        },
      },
      (request, reply) =>
        fileOr(name, request, reply, () => s.explorer.top(request.actor!, kind, request.body, request.query)),
    );
  }
}
