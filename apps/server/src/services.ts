import type { EndpointPolicy } from '@pushdeck/web-push';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.ts';
import type { DB } from './db/schema.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { SecretBox } from './lib/crypto.ts';
import { type LiveBus, LocalLiveBus } from './lib/live-events.ts';
import { MessageTokens } from './lib/message-token.ts';
import { ApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginThrottle } from './modules/auth/login-throttle.repository.ts';
import { SessionSignals } from './modules/auth/session-signals.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { SignUpThrottle } from './modules/auth/sign-up-throttle.ts';
import { UsersRepository } from './modules/auth/users.repository.ts';
import { BillingService } from './modules/billing/billing.service.ts';
import { ClientsRepository } from './modules/clients/clients.repository.ts';
import { CopyToolsService } from './modules/copy-tools/copy-tools.service.ts';
import { RecurringMigrationService } from './modules/copy-tools/recurring-migration.service.ts';
import { DomainsRepository } from './modules/domains/domains.repository.ts';
import { DomainsService } from './modules/domains/domains.service.ts';
import { DripSaveService } from './modules/drips/drip-save.service.ts';
import { DripsService } from './modules/drips/drips.service.ts';
import { GroupsService } from './modules/drips/groups.service.ts';
import { ImageStore } from './modules/drips/image-upload.ts';
import { SpamService } from './modules/drips/spam.service.ts';
import { LiveStreams } from './modules/exports/live-streams.ts';
import { ClustersService, type ConnectionTestTiming } from './modules/infrastructure/clusters.service.ts';
import { ConnectionsService } from './modules/infrastructure/connections.service.ts';
import { ImageStorageService } from './modules/infrastructure/image-storage.ts';
import { S3HostPolicy } from './modules/infrastructure/s3-hosts.ts';
import { ClientDeletionService } from './modules/management/client-deletion.service.ts';
import { ClientsAdminService } from './modules/management/clients-admin.service.ts';
import { RolesAdminService } from './modules/management/roles-admin.service.ts';
import { UsersAdminService } from './modules/management/users-admin.service.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { GettingStartedRepository } from './modules/onboarding/getting-started.repository.ts';
import { segmentLookup } from './modules/segments/segment-lookup.ts';
import { SegmentsRepository } from './modules/segments/segments.repository.ts';
import { SegmentsService } from './modules/segments/segments.service.ts';
import { ActiveSubscribersRepository } from './modules/statistics/active-subscribers.repository.ts';
import { DashboardTotalsRepository } from './modules/statistics/dashboard-totals.repository.ts';
import { DashboardTotalsService } from './modules/statistics/dashboard-totals.service.ts';
import { DripStatsRepository } from './modules/statistics/drip-stats.repository.ts';
import { DripStatsService } from './modules/statistics/drip-stats.service.ts';
import { ExplorerService } from './modules/statistics/explorer.service.ts';
import { FactsRepository } from './modules/statistics/facts.repository.ts';
import { ScopeRepository } from './modules/statistics/scope.repository.ts';
import { ServerPerformanceService } from './modules/statistics/server-performance.service.ts';
import { StatsCache } from './modules/statistics/stats-cache.ts';
import { StatsV1Service } from './modules/statistics/stats-v1.service.ts';
import { SubscribersRepository } from './modules/subscribers/subscribers.repository.ts';
import { SubscribersService } from './modules/subscribers/subscribers.service.ts';
import { WebsitesRepository } from './modules/subscribers/websites.repository.ts';
import { SystemRepository } from './modules/system/system.repository.ts';
import { TagsService } from './modules/tags/tags.service.ts';
import { TrackingService, type TriggerScheduler } from './modules/tracking/tracking.service.ts';
import { NO_WEBHOOKS, WebhookEmitter } from './modules/webhooks/webhook-events.ts';
import { WebhookHostPolicy } from './modules/webhooks/webhook-hosts.ts';
import { WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { createExports } from './worker-services.ts';

export interface ServiceDeps {
  db: Kysely<DB>;
  config: AppConfig;
  /** The instance secret (PUSHDECK_SECRET or DATA_DIR/secret.key). */
  secret: string;
  triggers: TriggerScheduler;
  endpointPolicy: EndpointPolicy;
  /** Enqueues jobs (exports); absent where nothing is enqueued. */
  jobs?: JobRunner;
  /** Live events to the browsers; in-process when not given. */
  live?: LiveBus;
  /** Tests only: how a cluster connection test is timed (a floor of 1 s, failures at the 3 s timeout otherwise). */
  connectionTest?: ConnectionTestTiming;
  /** Rate limits kept in the database, shared by every API process (on a PostgreSQL server); else in memory. */
  sharedRateLimits?: boolean;
  /** Tests only: how long a webhook's test event waits for its answer (10 s otherwise). */
  webhookTimeoutMs?: number;
}

/**
 * Every service of the API and what it is built on, wired in this one place (the composition root): routes receive
 * what they call from here and construct nothing, and modules that would depend on each other both ways meet here
 * through a port instead (subscribers' SegmentLookup, implemented by segments).
 */
export function createServices(deps: ServiceDeps) {
  const { db, config } = deps;
  const box = new SecretBox(deps.secret);
  const sessions = new SessionsRepository(db);
  const websites = new WebsitesRepository(db);
  const segmentsRepository = new SegmentsRepository(db);
  const subscribers = new SubscribersService(
    new SubscribersRepository(db),
    websites,
    segmentLookup(segmentsRepository),
  );
  const facts = new FactsRepository(db);
  const scopes = new ScopeRepository(db);
  // one response cache per app instance
  const cache = new StatsCache();
  const statsV1 = new StatsV1Service(facts, scopes, cache);
  const audit = new AuditService(db);
  const copyTools = new CopyToolsService(db);
  const live = deps.live ?? new LocalLiveBus();
  const signals = new SessionSignals(live);
  const drips = new DripsService(db);
  const domains = new DomainsService(db, box);
  const explorer = new ExplorerService(facts, scopes, cache);
  const serverPerformance = new ServerPerformanceService(facts, scopes, new ActiveSubscribersRepository(db), cache);
  const imageStore = new ImageStore(config);
  const s3Hosts = new S3HostPolicy(config.s3Hosts);
  const webhookEvents = deps.jobs ? new WebhookEmitter(db, deps.jobs) : NO_WEBHOOKS;
  return {
    box,
    sessions,
    audit,
    auth: new AuthService(
      db,
      new UsersRepository(db),
      sessions,
      new LoginThrottle(db),
      config.sessionTtlMinutes,
      audit,
      new SignUpThrottle(deps.sharedRateLimits ? { db } : undefined),
      signals,
    ),
    clients: new ClientsRepository(db),
    domains,
    domainKeys: new DomainsRepository(db),
    drips,
    dripSave: new DripSaveService(db),
    groups: new GroupsService(db),
    spam: new SpamService(db),
    tags: new TagsService(db),
    subscribers,
    segments: new SegmentsService(segmentsRepository, websites, subscribers),
    gettingStarted: new GettingStartedRepository(db),
    management: {
      clients: new ClientsAdminService(db, audit, box, s3Hosts, signals),
      clientDeletion: new ClientDeletionService(db, audit, config.dataDir, signals),
      users: new UsersAdminService(db, audit, signals),
      roles: new RolesAdminService(db, audit),
    },
    statistics: {
      v1: statsV1,
      drips: new DripStatsService(statsV1, facts, new DripStatsRepository(db), cache),
      cards: new DashboardTotalsService(new DashboardTotalsRepository(db), scopes, cache),
      explorer,
      serverPerformance,
    },
    infrastructure: {
      clusters: new ClustersService(db, box, audit, {
        hosts: config.clusterHosts,
        ...(deps.connectionTest ? { timing: deps.connectionTest } : {}),
      }),
      connections: new ConnectionsService(db, audit),
    },
    imageStore,
    images: new ImageStorageService(db, box, imageStore, s3Hosts),
    tracking: new TrackingService(
      db,
      new MessageTokens(deps.secret),
      deps.endpointPolicy,
      deps.triggers,
      webhookEvents,
    ),
    webhooks: new WebhooksService(db, box, new WebhookHostPolicy(config.webhookHosts), deps.webhookTimeoutMs),
    notifications: new NotificationsService(db, deps.jobs),
    apiKeys: new ApiKeysService(db, audit),
    billing: new BillingService(db, audit),
    copyTools,
    recurringMigration: new RecurringMigrationService(db, copyTools),
    system: new SystemRepository(db),
    live,
    streams: new LiveStreams(live),
    exports: createExports({
      db,
      box,
      dataDir: config.dataDir,
      live,
      jobs: deps.jobs,
      reads: { drips, domains, explorer, serverPerformance },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
