import { JOBS } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { LiveBus } from '../../lib/live-events.ts';
import { DomainsService } from '../domains/domains.service.ts';
import { DripsService } from '../drips/drips.service.ts';
import { ActiveSubscribersRepository } from '../statistics/active-subscribers.repository.ts';
import { ExplorerService } from '../statistics/explorer.service.ts';
import { FactsRepository } from '../statistics/facts.repository.ts';
import { ScopeRepository } from '../statistics/scope.repository.ts';
import { ServerPerformanceService } from '../statistics/server-performance.service.ts';
import { StatsCache } from '../statistics/stats-cache.ts';
import { ExportsRepository } from './exports.repository.ts';
import { ExportsService } from './exports.service.ts';

/**
 * The exports service on a database: the API's (starts, lists, serves files) and the worker's (runs the jobs) are the
 * same; exports read through the statistics services with the cache off, so a file holds what the screen shows.
 */
export function createExports(deps: {
  db: Kysely<DB>;
  box: SecretBox;
  dataDir: string;
  live: LiveBus;
  jobs?: JobRunner | undefined;
}) {
  const { db, jobs } = deps;
  const drips = new DripsService(db);
  const domains = new DomainsService(db, deps.box);
  const facts = new FactsRepository(db);
  const scopes = new ScopeRepository(db);
  const cache = new StatsCache();
  const repo = new ExportsRepository(db);
  return new ExportsService({
    repo,
    sources: {
      explorer: new ExplorerService(facts, scopes, cache),
      serverPerformance: new ServerPerformanceService(facts, scopes, new ActiveSubscribersRepository(db), cache),
      lists: {
        drips: (actor, type, query) => drips.list(actor, type, query),
        domains: (actor, query) => domains.list(actor, query),
        messages: (actor, slice) => repo.messagesPage(actor, slice),
      },
    },
    dataDir: deps.dataDir,
    live: deps.live,
    ...(jobs ? { enqueue: (trx, fileId) => jobs.send(JOBS.exportsRun, { fileId }, { trx }) } : {}),
  });
}
