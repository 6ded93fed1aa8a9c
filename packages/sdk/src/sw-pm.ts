// Entry of dist/sw_pm.js (the service worker). The server prepends `self.PUSHMINE_CONFIG = {…};`.
import { createApiClient } from './api-client.ts';
import { readConfig } from './bootstrap.ts';
import { collectEnvironment } from './environment.ts';
import { createLogger } from './logger.ts';
import { handleNotificationClick, handlePush, handleSubscriptionChange, type SwDeps } from './sw-handlers.ts';
import type { SwGlobalLike } from './sw-types.ts';

const sw = globalThis as unknown as SwGlobalLike;
const logger = createLogger(sw.console);
const config = readConfig(sw.PUSHMINE_CONFIG, logger);
const deps: SwDeps = {
  registration: sw.registration,
  clients: sw.clients,
  config,
  api: config ? createApiClient({ config, fetch: (url, init) => sw.fetch(url, init), logger }) : null,
  origin: sw.location.origin,
  logger,
  environment: () => collectEnvironment({ navigator: sw.navigator }),
};

const guard = (task: Promise<unknown>): Promise<unknown> =>
  task.catch((error: unknown) => logger.error(error instanceof Error ? error.message : error));

sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
sw.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data ? event.data.text() : null;
  } catch {
    text = null;
  }
  event.waitUntil(guard(handlePush(deps, text)));
});
sw.addEventListener('notificationclick', (event) => {
  event.waitUntil(guard(handleNotificationClick(deps, event.notification, event.action)));
});
sw.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(guard(handleSubscriptionChange(deps, event.oldSubscription, event.newSubscription)));
});
