import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { ActiveSubscribersRepository } from './active-subscribers.repository.ts';
import { DashboardTotalsRepository } from './dashboard-totals.repository.ts';
import { DashboardTotalsService } from './dashboard-totals.service.ts';
import { DripStatsRepository } from './drip-stats.repository.ts';
import { DripStatsService } from './drip-stats.service.ts';
import { ExplorerService } from './explorer.service.ts';
import { FactsRepository } from './facts.repository.ts';
import { ScopeRepository } from './scope.repository.ts';
import { ServerPerformanceService } from './server-performance.service.ts';
import { StatsCache } from './stats-cache.ts';
import { statsV1Routes } from './stats-v1.routes.ts';
import { StatsV1Service } from './stats-v1.service.ts';
import { statsV2Routes } from './stats-v2.routes.ts';

/** Statistics v1 and v2, Data Explorer, Server Performance (issue 7). One response cache per app instance. */
export function statisticsRoutes(app: App, deps: ModuleDeps): void {
  const facts = new FactsRepository(deps.db);
  const scopes = new ScopeRepository(deps.db);
  const cache = new StatsCache();
  const v1 = new StatsV1Service(facts, scopes, cache);
  statsV1Routes(app, {
    v1,
    drips: new DripStatsService(v1, facts, new DripStatsRepository(deps.db), cache),
    cards: new DashboardTotalsService(new DashboardTotalsRepository(deps.db), scopes, cache),
  });
  statsV2Routes(app, {
    explorer: new ExplorerService(facts, scopes, cache),
    serverPerformance: new ServerPerformanceService(facts, scopes, new ActiveSubscribersRepository(deps.db), cache),
  });
}
