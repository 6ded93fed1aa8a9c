import { CSRF_COOKIE, SESSION_COOKIE, type UserInfo } from '@pushdeck/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { QueueOptions } from 'pg-boss';
import pino from 'pino';
import { buildApp, type RegisteredRoute } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seedRolesAndPermissions } from '../db/seed.ts';
import { DEMO_PASSWORD, seedInitialData } from '../demo/index.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { SecretBox } from '../lib/crypto.ts';
import { type LiveBus, openLiveBus } from '../lib/live-events.ts';
import { MessageTokens } from '../lib/message-token.ts';
import { createDelivery, type Delivery, endpointPolicy, type LocalPushTrust } from '../modules/delivery/delivery.ts';
import { backfillDomainKeys } from '../modules/domains/domain-keys.ts';
import type { ConnectionTestTiming } from '../modules/infrastructure/clusters.service.ts';
import type { App } from '../plugins/types.ts';
import { defineWorkerJobs } from '../worker-services.ts';
import type { TestBackend } from './backends.ts';

export interface TestApp {
  app: App;
  handle: DatabaseHandle;
  config: AppConfig;
  routes: RegisteredRoute[];
  jobs: JobRunner;
  delivery: Delivery;
  box: SecretBox;
  tokens: MessageTokens;
  live: LiveBus;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Consume the job queues (fan-out, sends) in this process. Default false: jobs are only enqueued. */
  work?: boolean;
  /** Trust and accept a local push service. */
  local?: LocalPushTrust;
  /** Sender tuning for fault tests (fewer, faster retries). */
  sender?: { maxAttempts?: number; backoffBaseMs?: number; timeoutMs?: number };
  /** Settings over the test defaults (e.g. a staticDir with a built console). */
  config?: Partial<AppConfig>;
  /** How a cluster connection test is timed (the product's 1 s floor and 3 s timeout otherwise). */
  connectionTest?: ConnectionTestTiming;
  /** Webhook deliveries: their retry policy (pg-boss queue options) and timeout, small in tests. */
  webhooks?: { retry?: QueueOptions; timeoutMs?: number };
  /** Receives the app's log lines at the given level (default: no logs). */
  log?: { stream: NodeJS.WritableStream; level: string };
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export const ADMIN = { email: 'admin@pushdeck.test', password: 'admin-test-password' };
export const DEMO = {
  moder: 'moder@pushdeck.test',
  client: 'client@pushdeck.test',
  user: 'user@pushdeck.test',
  viewer: 'viewer@pushdeck.test',
  globex: 'globex@pushdeck.test',
  password: DEMO_PASSWORD,
};

/** A migrated, seeded database with the demo data, and the app on it (requests through app.inject). */
export async function createTestApp(backend: TestBackend, opts: TestAppOptions = {}): Promise<TestApp> {
  const { handle, drop } = await backend.open();
  const config: AppConfig = {
    ...loadConfig({}),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    staticDir: '/nonexistent',
    ...opts.config,
  };
  await migrate(handle);
  await seedRolesAndPermissions(handle.db);
  await seedInitialData(handle.db, config);
  const box = new SecretBox(TEST_SECRET);
  const tokens = new MessageTokens(TEST_SECRET);
  await backfillDomainKeys(handle.db, box);
  const log = pino({ level: 'silent' });
  const jobs = new JobRunner(handle, log);
  const delivery = createDelivery({
    db: handle.db,
    jobs,
    config,
    box,
    tokens,
    log,
    ...(opts.local ? { local: opts.local } : {}),
    ...(opts.sender ? { sender: opts.sender } : {}),
  });
  const live = await openLiveBus(handle);
  defineWorkerJobs(jobs, {
    db: handle.db,
    box,
    dataDir: config.dataDir,
    live,
    exportRetentionDays: config.exportRetentionDays,
    webhookHosts: config.webhookHosts,
    ...(opts.webhooks ? { webhooks: opts.webhooks } : {}),
  });
  await jobs.start({ work: opts.work ?? false });
  const { app, routes } = await buildApp({
    config,
    db: handle.db,
    secret: TEST_SECRET,
    triggers: delivery.scheduler,
    endpointPolicy: endpointPolicy(config, opts.local),
    jobs,
    live,
    sharedRateLimits: backend.name === 'postgres',
    ...(opts.webhooks?.timeoutMs !== undefined ? { webhookTimeoutMs: opts.webhooks.timeoutMs } : {}),
    logger: opts.log ?? false,
    ...(opts.connectionTest ? { connectionTest: opts.connectionTest } : {}),
  });
  await app.ready();
  return {
    app,
    handle,
    config,
    routes,
    jobs,
    delivery,
    box,
    tokens,
    live,
    async close() {
      await app.close();
      await jobs.stop();
      await live.close();
      await delivery.close();
      await drop();
    },
  };
}

function parseSetCookies(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.cookies as { name: string; value: string }[]) out[c.name] = c.value;
  return out;
}

/** A browser-like client: keeps cookies, sends X-XSRF-TOKEN from the XSRF-TOKEN cookie on unsafe methods. */
export class TestClient {
  cookies: Record<string, string> = {};
  constructor(
    private readonly app: App,
    readonly ip = '127.0.0.1',
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies[SESSION_COOKIE];
  }

  async request(
    method: InjectOptions['method'],
    url: string,
    opts: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method));
    const headers: Record<string, string> = { ...opts.headers };
    if (unsafe && opts.csrf !== false && this.cookies[CSRF_COOKIE])
      headers['x-xsrf-token'] ??= this.cookies[CSRF_COOKIE];
    const res = await this.app.inject({
      method,
      url,
      headers,
      cookies: this.cookies,
      remoteAddress: this.ip,
      ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
    });
    for (const [k, v] of Object.entries(parseSetCookies(res))) {
      if (v === '') delete this.cookies[k];
      else this.cookies[k] = v;
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, headers ? { headers } : {});
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, { body, ...(headers ? { headers } : {}) });

  async csrf(): Promise<void> {
    await this.get('/api/csrf-cookie');
  }

  async login(email: string, password = DEMO.password): Promise<UserInfo> {
    await this.csrf();
    const res = await this.post('/api/auth/user/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().data;
  }
}

export async function signedIn(t: TestApp, email: string, password = DEMO.password): Promise<TestClient> {
  const c = new TestClient(t.app);
  await c.login(email, password);
  return c;
}
