import {
  ACTIONS,
  dataExplorerBodySchema,
  serverPerformanceBodySchema,
  statsTableResponseSchema,
  statsV2QuerySchema,
  topStatsBodySchema,
} from '@pushdeck/contracts';
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

/** Statistics v2 (part 1 §7): Data Explorer, Server Performance, the Performance report's top tables. */
export function statsV2Routes(app: App, s: { explorer: ExplorerService; serverPerformance: ServerPerformanceService }) {
  app.post(
    `${BASE}/getDataExplorer`,
    {
      config: { permission: ACTIONS['stats.dataExplorer'] },
      schema: {
        tags: ['statistics'],
        summary: 'Data Explorer: grouped rollups, paged, with the totals of all matching rows',
        body: dataExplorerBodySchema,
        querystring: statsV2QuerySchema({ pageLength: 50, paginate: false }),
        response: { 200: statsTableResponseSchema },
      },
    },
    (request) => s.explorer.dataExplorer(request.actor!, request.body, request.query),
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
        response: { 200: statsTableResponseSchema },
      },
    },
    (request) => s.serverPerformance.page(request.actor!, request.body, request.query),
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
          response: { 200: statsTableResponseSchema },
        },
      },
      (request) => s.explorer.top(request.actor!, kind, request.body, request.query),
    );
  }
}
