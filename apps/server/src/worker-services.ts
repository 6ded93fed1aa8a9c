import { JOBS } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { QueueOptions } from 'pg-boss';
import type { DB } from './db/schema.ts';
import { clientDeleteJob } from './jobs/client-delete.job.ts';
import { copyRecurringJob } from './jobs/copy-tools.job.ts';
import { exportRetentionJob, exportRunJob } from './jobs/exports.jobs.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { webhookDeliverJob, webhookRetentionJob } from './jobs/webhooks.job.ts';
import type { SecretBox } from './lib/crypto.ts';
import type { HostList } from './lib/host-list.ts';
import type { LiveBus } from './lib/live-events.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { CopyToolsService } from './modules/copy-tools/copy-tools.service.ts';
import { DomainsService } from './modules/domains/domains.service.ts';
import { DripsService } from './modules/drips/drips.service.ts';
import { ExportsRepository } from './modules/exports/exports.repository.ts';
import { ExportsService } from './modules/exports/exports.service.ts';
import { ClientDeletionService } from './modules/management/client-deletion.service.ts';
import { ActiveSubscribersRepository } from './modules/statistics/active-subscribers.repository.ts';
import { ExplorerService } from './modules/statistics/explorer.service.ts';
import { FactsRepository } from './modules/statistics/facts.repository.ts';
import { ScopeRepository } from './modules/statistics/scope.repository.ts';
import { ServerPerformanceService } from './modules/statistics/server-performance.service.ts';
import { StatsCache } from './modules/statistics/stats-cache.ts';
import { WebhookDeliveryService } from './modules/webhooks/webhook-delivery.service.ts';
import { WebhookHostPolicy } from './modules/webhooks/webhook-hosts.ts';

/** The services an export reads through: the same calls the screens make, so a file holds what the screen shows. */
export interface ExportReads {
  drips: Pick<DripsService, 'list'>;
  domains: Pick<DomainsService, 'list'>;
  explorer: ExplorerService;
  serverPerformance: ServerPerformanceService;
}

/** The reads of a composition that has no API services (a worker process, the export thread), with a cache of its own. */
export function exportReads(db: Kysely<DB>, box: SecretBox): ExportReads {
  const facts = new FactsRepository(db);
  const scopes = new ScopeRepository(db);
  const cache = new StatsCache();
  return {
    drips: new DripsService(db),
    domains: new DomainsService(db, box),
    explorer: new ExplorerService(facts, scopes, cache),
    serverPerformance: new ServerPerformanceService(facts, scopes, new ActiveSubscribersRepository(db), cache),
  };
}

export interface ExportsDeps {
  db: Kysely<DB>;
  box: SecretBox;
  dataDir: string;
  live: LiveBus;
  jobs?: JobRunner | undefined;
  /** The API's services (services.ts); a worker or the export thread builds its own (exportReads). */
  reads?: ExportReads;
}

/**
 * The exports service on a database: the API's (starts, lists, serves files) and the worker's (runs the jobs) are the
 * same service, built here only.
 */
export function createExports(deps: ExportsDeps): ExportsService {
  const { db, jobs } = deps;
  const reads = deps.reads ?? exportReads(db, deps.box);
  const repo = new ExportsRepository(db);
  return new ExportsService({
    repo,
    sources: {
      explorer: reads.explorer,
      serverPerformance: reads.serverPerformance,
      lists: {
        drips: (actor, type, query) => reads.drips.list(actor, type, query),
        domains: (actor, query) => reads.domains.list(actor, query),
        messages: (actor, slice) => repo.messagesPage(actor, slice),
      },
    },
    dataDir: deps.dataDir,
    live: deps.live,
    ...(jobs ? { enqueue: (trx, fileId) => jobs.send(JOBS.exportsRun, { fileId }, { trx }) } : {}),
  });
}

/**
 * The job workers' composition, next to the API's (services.ts): the module jobs a worker runs (copy tools, export
 * files and their retention) and the services they run on, wired once. An export may run in a worker thread
 * (`inThread`, PostgreSQL), which builds its own exports service on its own connection (export-thread.ts).
 */
export function defineWorkerJobs(
  jobs: JobRunner,
  deps: Omit<ExportsDeps, 'jobs' | 'reads'> & {
    exportRetentionDays: number;
    inThread?: ((fileId: number) => Promise<void>) | undefined;
    /** PUSHDECK_WEBHOOK_HOSTS: the webhook URLs allowed besides public https hosts. */
    webhookHosts: HostList;
    /** Tests only: the deliveries' retry policy and timeout (jobs/webhooks.job.ts WEBHOOK_RETRY, 10 s otherwise). */
    webhooks?: { retry?: QueueOptions; timeoutMs?: number };
  },
): { exports: ExportsService; copyTools: CopyToolsService; clientDeletion: ClientDeletionService } {
  const exports = createExports({ db: deps.db, box: deps.box, dataDir: deps.dataDir, live: deps.live, jobs });
  const copyTools = new CopyToolsService(deps.db);
  jobs.define(copyRecurringJob(copyTools));
  jobs.define(exportRunJob(exports, deps.inThread));
  jobs.define(exportRetentionJob(exports, deps.exportRetentionDays));
  const clientDeletion = new ClientDeletionService(deps.db, new AuditService(deps.db), deps.dataDir);
  jobs.define(clientDeleteJob(clientDeletion));
  const webhookDelivery = new WebhookDeliveryService(
    deps.db,
    deps.box,
    new WebhookHostPolicy(deps.webhookHosts),
    deps.webhooks?.timeoutMs !== undefined ? { timeoutMs: deps.webhooks.timeoutMs } : {},
  );
  jobs.define(webhookDeliverJob(webhookDelivery, deps.webhooks?.retry));
  jobs.define(webhookRetentionJob(webhookDelivery));
  return { exports, copyTools, clientDeletion };
}
