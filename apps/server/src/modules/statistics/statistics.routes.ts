import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { statsV1Routes } from './stats-v1.routes.ts';
import { statsV2Routes } from './stats-v2.routes.ts';

/** Statistics v1 and v2, Data Explorer, Server Performance (issue 7). */
export function statisticsRoutes(app: App, deps: ModuleDeps): void {
  const { v1, drips, cards, explorer, serverPerformance } = deps.services.statistics;
  statsV1Routes(app, { v1, drips, cards });
  const exports = deps.services.exports;
  statsV2Routes(app, {
    explorer,
    serverPerformance,
    startExport: (actor, call, params) => exports.start(actor, `stats:${call}`, params),
  });
}
