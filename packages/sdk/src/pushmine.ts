// Entry of dist/pushmine.js (the site script). The server prepends `self.PUSHMINE_CONFIG = {…};`.
import { createApiClient, type FetchLike } from './api-client.ts';
import { readConfig } from './bootstrap.ts';
import { installable, isInstalled, processQueue } from './command-queue.ts';
import { createDisabledClient } from './disabled-client.ts';
import { collectEnvironment } from './environment.ts';
import type { StorageLike } from './identity.ts';
import { createLogger } from './logger.ts';
import type { NotificationStaticLike, ServiceWorkerContainerLike } from './push-types.ts';
import { createPushmineClient, type PushmineClient } from './pushmine-client.ts';

interface PageGlobalLike {
  PUSHMINE_CONFIG?: unknown;
  pushmine?: unknown;
  PushManager?: unknown;
  Notification?: NotificationStaticLike;
  navigator?: {
    serviceWorker?: ServiceWorkerContainerLike;
    userAgent?: string;
    language?: string;
    maxTouchPoints?: number;
  };
  screen?: { width: number; height: number };
  location?: { href: string };
  console?: { warn?(...args: unknown[]): void; error?(...args: unknown[]): void };
  fetch?: FetchLike;
  localStorage?: StorageLike;
}

const page = globalThis as unknown as PageGlobalLike;
const logger = createLogger(page.console);

function install(): void {
  const queued = page.pushmine;
  if (isInstalled(queued)) {
    logger.warn('pushmine.js is included more than once; keeping the first copy');
    return;
  }
  const config = readConfig(page.PUSHMINE_CONFIG, logger);
  const client: PushmineClient = config ? createClient(config) : createDisabledClient(logger);
  const api = installable(client, logger);
  page.pushmine = api;
  void client.start();
  processQueue(queued, api, logger);
}

function createClient(config: Parameters<typeof createPushmineClient>[1]): PushmineClient {
  const nav = page.navigator;
  const supported = Boolean(nav?.serviceWorker && page.PushManager && page.Notification);
  const fetchImpl = page.fetch;
  const fetch: FetchLike = fetchImpl
    ? (url, init) => fetchImpl.call(globalThis, url, init)
    : () => Promise.reject(new Error('fetch is not available'));
  return createPushmineClient(
    {
      serviceWorker: supported ? (nav?.serviceWorker ?? null) : null,
      notification: supported ? (page.Notification ?? null) : null,
      api: createApiClient({ config, fetch, logger }),
      logger,
      currentUrl: () => page.location?.href ?? '',
      environment: () => collectEnvironment({ navigator: nav, screen: page.screen }),
      storage: pageStorage(),
    },
    config,
  );
}

/** localStorage, or null where reading it throws (storage blocked for the site). */
function pageStorage(): StorageLike | null {
  try {
    return page.localStorage ?? null;
  } catch {
    return null;
  }
}

try {
  install();
} catch (error) {
  logger.error('failed to start:', error);
}
