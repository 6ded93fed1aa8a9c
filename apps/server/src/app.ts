import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@pushdeck/contracts';
import type { EndpointPolicy } from '@pushdeck/web-push';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.ts';
import type { DB } from './db/schema.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { LiveBus } from './lib/live-events.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { copyToolsRoutes } from './modules/copy-tools/copy-tools.routes.ts';
import { domainsRoutes } from './modules/domains/domains.routes.ts';
import { dripsRoutes } from './modules/drips/drips.routes.ts';
import { eventsRoutes } from './modules/exports/events.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import type { ConnectionTestTiming } from './modules/infrastructure/clusters.service.ts';
import { infrastructureRoutes } from './modules/infrastructure/infrastructure.routes.ts';
import { clientDeletionRoutes } from './modules/management/client-deletion.routes.ts';
import { managementRoutes } from './modules/management/management.routes.ts';
import type { ModuleDeps } from './modules/module-deps.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { gettingStartedRoutes } from './modules/onboarding/getting-started.routes.ts';
import { segmentsRoutes } from './modules/segments/segments.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { subscribersRoutes } from './modules/subscribers/subscribers.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { trackingLimits, trackingRoutes } from './modules/tracking/tracking.routes.ts';
import type { TriggerScheduler } from './modules/tracking/tracking.service.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { registerApiKeys } from './plugins/api-key.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputTextCheck } from './plugins/input-text.ts';
import { enforceRouteDeclarations, type RegisteredRoute } from './plugins/route-declarations.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import type { App } from './plugins/types.ts';
import { createServices } from './services.ts';

export type { RegisteredRoute };

export interface AppDeps {
  config: AppConfig;
  db: Kysely<DB>;
  /** The instance secret (PUSHDECK_SECRET or DATA_DIR/secret.key). */
  secret: string;
  /** Creates trigger occurrences; the delivery engine's scheduler. */
  triggers: TriggerScheduler;
  /** Which subscription endpoints are accepted. */
  endpointPolicy: EndpointPolicy;
  jobs?: JobRunner;
  /** Live events (SSE /api/events): NOTIFY/LISTEN on a PostgreSQL server; in-process when not given. */
  live?: LiveBus;
  /** Rate limits kept in the database, shared by every API process (on a PostgreSQL server); else in memory. */
  sharedRateLimits?: boolean;
  /** Tests only: how a cluster connection test is timed (clusters.service.ts CONNECTION_TEST_TIMING otherwise). */
  connectionTest?: ConnectionTestTiming;
  /** Tests only: how long a webhook's test event waits for its answer (10 s otherwise). */
  webhookTimeoutMs?: number;
  /** false in tests that do not want request logs; a stream (tests) receives every line at the given level */
  logger?: boolean | { stream: NodeJS.WritableStream; level: string };
}

export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.old_password',
  '*.new_password',
  '*.new_password_confirmation',
  // the infrastructure's secrets, one level further down (db_entities_master, config, images_storage)
  '*.*.password',
  '*.IMAGES_STORAGE_PASSWORD',
  '*.*.IMAGES_STORAGE_PASSWORD',
];

/** The Fastify app: plugins, every module's routes, the SPA. Every /api route must declare a permission. */
export async function buildApp(deps: AppDeps): Promise<{ app: App; routes: RegisteredRoute[] }> {
  const { config, db } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : typeof deps.logger === 'object'
          ? {
              level: deps.logger.level,
              stream: deps.logger.stream,
              redact: { paths: LOG_REDACT, censor: '[redacted]' },
            }
          : { level: config.logLevel, redact: { paths: LOG_REDACT, censor: '[redacted]' } },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>() as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes: RegisteredRoute[] = [];
  enforceRouteDeclarations(app, routes);

  registerErrorHandling(app);
  registerSecurityHeaders(app, { config });
  // API answers over 1 KB compressed (brotli at a fast level, else gzip); the console's files come precompressed
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 2000 },
  });
  // after multipart, whose preValidation hook puts the form fields into the body
  registerInputTextCheck(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Pushdeck API', version: APP_VERSION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'pushdeck_session' },
          // the server API (issue #27): Authorization: Bearer <key>
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made in the console (API keys)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const services = createServices(deps);
  registerSession(app, { config, sessions: services.sessions, clients: services.clients, auth: services.auth });
  registerApiKeys(app, { keys: services.apiKeys, shared: deps.sharedRateLimits ? { db } : undefined });

  systemRoutes(app, { system: services.system });
  authRoutes(app, { auth: services.auth, sessions: services.sessions, config });
  clientsRoutes(app, { clients: services.clients });
  const moduleDeps: ModuleDeps = { config, services, ...(deps.jobs ? { jobs: deps.jobs } : {}) };
  domainsRoutes(app, moduleDeps);
  filesRoutes(app, { domains: services.domainKeys, config, connections: services.infrastructure.connections });
  tagsRoutes(app, moduleDeps);
  segmentsRoutes(app, moduleDeps);
  subscribersRoutes(app, moduleDeps);
  statisticsRoutes(app, moduleDeps);
  dripsRoutes(app, moduleDeps);
  gettingStartedRoutes(app, moduleDeps);
  billingRoutes(app, moduleDeps);
  auditRoutes(app, moduleDeps);
  managementRoutes(app, moduleDeps);
  clientDeletionRoutes(app, moduleDeps);
  apiKeysRoutes(app, moduleDeps);
  notificationsRoutes(app, moduleDeps);
  copyToolsRoutes(app, moduleDeps);
  infrastructureRoutes(app, moduleDeps);
  webhooksRoutes(app, moduleDeps);
  exportsRoutes(app, { exports: services.exports });
  eventsRoutes(app, { streams: services.streams, exports: services.exports, auth: services.auth });
  trackingRoutes(app, {
    tracking: services.tracking,
    limits: trackingLimits(deps.sharedRateLimits ? { db } : undefined),
  });

  await registerSpa(app, config);
  return { app, routes };
}

async function registerSpa(app: App, config: AppConfig): Promise<void> {
  const root = config.staticDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasSpa = existsSync(path.join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // dist/**/*.br and *.gz written by the console's build (apps/web/build/precompress.ts)
      preCompressed: true,
      // Never the build's manifest (dist/.vite); source maps answer 404 unless PUSHDECK_SERVE_SOURCEMAPS=1
      // (plugins/security-headers.ts)
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders(reply, filePath) {
        // Vite's hashed files never change under their name; everything else is checked again after an hour
        // (index.html names the current hashes: always revalidated)
        const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        const page = path.basename(filePath) === 'index.html';
        reply.header(
          'cache-control',
          page ? 'no-cache' : hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // a file under /assets/ that is not there (a source map, an old build's chunk) is a 404, never the page
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/') && hasSpa;
    if (!isPage) return reply.status(404).send({ message: 'Not found.' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  });
}
