import pino from 'pino';
import { buildApp, LOG_REDACT } from './app.ts';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seedAdmin, seedRolesAndPermissions } from './db/seed.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { maintenanceJob } from './jobs/maintenance.job.ts';
import { systemPingJob } from './jobs/system-ping.job.ts';
import { SecretBox } from './lib/crypto.ts';
import { loadInstanceSecret } from './lib/instance-secret.ts';
import { openLiveBus } from './lib/live-events.ts';
import { MessageTokens } from './lib/message-token.ts';
import { pruneRateLimits } from './lib/rate-limiter.ts';
import { startupStep } from './lib/startup-step.ts';
import { LoginThrottle } from './modules/auth/login-throttle.repository.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { createDelivery, endpointPolicy, startTicking } from './modules/delivery/delivery.ts';
import { backfillDomainKeys } from './modules/domains/domain-keys.ts';
import { exportThreadScript, runExportInThread } from './modules/exports/export-threads.ts';
import { IdempotencyRepository } from './modules/notifications/idempotency.repository.ts';
import { SystemRepository } from './modules/system/system.repository.ts';
import { TrackingService } from './modules/tracking/tracking.service.ts';
import { WebhookEmitter } from './modules/webhooks/webhook-events.ts';
import { defineWorkerJobs } from './worker-services.ts';

/**
 * One process: API + worker + built SPA on one port (DESIGN.md). PUSHDECK_WORKER=0 runs the API alone. Loaded by
 * main.ts once the Node.js version is right.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, redact: LOG_REDACT });
  const secret = await loadInstanceSecret(config.dataDir, config.secret);
  const box = new SecretBox(secret);
  const tokens = new MessageTokens(secret);
  const handle = await startupStep(log, 'the database to open', () =>
    openDatabase(config, {
      onConnectionError: (err) => log.warn({ err }, 'database connection lost; it is reopened'),
      onStall: (stall) => log.warn(stall, 'the embedded database has been busy with one statement or transaction'),
    }),
  );
  log.info({ database: handle.kind, dataDir: handle.kind === 'pglite' ? config.dataDir : undefined }, 'database open');
  const applied = await startupStep(log, 'the database migrations', () => migrate(handle));
  if (applied.length) log.info({ applied }, 'migrations applied');
  // The demo is loaded only when it is on (demo/index.ts is its one seam).
  const demo = config.seedDemo || config.localPush.enabled ? await import('./demo/index.ts') : undefined;
  const { seeded } = await startupStep(log, 'the roles, permissions and initial data', async () => {
    await seedRolesAndPermissions(handle.db);
    const first = await seedAdmin(handle.db, config);
    if (first.seeded && config.seedDemo) await demo?.seedDemoAccounts(handle.db);
    return first;
  });
  if (seeded) log.info({ admin: config.adminEmail, demo: config.seedDemo }, 'initial data seeded');
  await startupStep(log, "the websites' VAPID keys", () => backfillDomainKeys(handle.db, box));
  if (!config.adminPasswordFromEnv && config.adminPassword === DEFAULT_ADMIN_PASSWORD) {
    log.warn('the admin uses the default password: set PUSHDECK_ADMIN_PASSWORD before the first start in production');
  }

  let tracking: TrackingService | undefined;
  const localPush =
    demo && config.localPush.enabled
      ? await startupStep(log, 'the local push service', () => demo.startLocalPush(config, log, () => tracking))
      : undefined;
  const local = localPush?.ca ? { origin: localPush.origin, ca: localPush.ca } : undefined;

  const jobs = new JobRunner(handle, log);
  const delivery = createDelivery({ db: handle.db, jobs, config, box, tokens, log, ...(local ? { local } : {}) });
  jobs.define(systemPingJob(new SystemRepository(handle.db)));
  jobs.define(
    maintenanceJob(new SessionsRepository(handle.db), new LoginThrottle(handle.db), async () => {
      await pruneRateLimits(handle.db);
      // Idempotency-Key answers are kept 24 h (docs/delivery.md, "Sends from the server API")
      await new IdempotencyRepository(handle.db).purge();
    }),
  );
  const live = await startupStep(log, 'the live events', () =>
    openLiveBus(handle, (err) => log.warn({ err }, 'live events connection lost; it is reopened')),
  );
  const { databaseUrl } = config;
  const inThread =
    handle.kind === 'postgres' && databaseUrl && config.exportHeapMb > 0
      ? (fileId: number) =>
          runExportInThread(
            { databaseUrl, secret, dataDir: config.dataDir, fileId },
            { script: exportThreadScript(import.meta.url), heapMb: config.exportHeapMb },
          )
      : undefined;
  defineWorkerJobs(jobs, {
    db: handle.db,
    box,
    dataDir: config.dataDir,
    live,
    exportRetentionDays: config.exportRetentionDays,
    inThread,
    webhookHosts: config.webhookHosts,
  });
  await startupStep(log, 'the job queues', () => jobs.start({ work: false }));
  const policy = endpointPolicy(config, local);
  tracking = new TrackingService(handle.db, tokens, policy, delivery.scheduler, new WebhookEmitter(handle.db, jobs));
  if (demo && localPush && config.seedDemo) {
    const n = await startupStep(log, 'the demo subscribers', () => demo.seedDemoDelivery(handle.db, localPush));
    if (n) log.info({ websites: n }, 'demo subscribers and welcome drips created');
  }
  if (demo && config.seedDemo) {
    // a demo database seeded before its recurring drips had an audience (issue #25): they get 'All subscribers'
    const fixed = await startupStep(log, "the demo drips' audiences", () => demo.giveDemoDripsAudiences(handle.db));
    if (fixed) log.info({ drips: fixed }, "demo recurring drips given their website's 'All subscribers' audience");
  }

  const { app } = await buildApp({
    config,
    db: handle.db,
    secret,
    triggers: delivery.scheduler,
    endpointPolicy: policy,
    jobs,
    live,
    sharedRateLimits: handle.kind === 'postgres',
  });
  await startupStep(log, `the HTTP port ${config.port}`, () => app.listen({ port: config.port, host: config.host }));
  if (config.runWorker) await startupStep(log, 'the job workers', () => jobs.work());
  const stopTicking = config.runWorker ? startTicking(delivery.scheduler, log) : async () => {};
  log.info(`Pushdeck is running at http://localhost:${config.port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await app.close();
    await stopTicking();
    await jobs.stop();
    await live.close();
    await delivery.close();
    await localPush?.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
