// Test doubles for the browser objects the SDK touches (used by *.test.ts only; never bundled).
import type { FetchInitLike, FetchLike } from './api-client.ts';
import { createApiClient } from './api-client.ts';
import { urlBase64ToUint8Array } from './base64url.ts';
import type { SdkConfig } from './config.ts';
import type { StorageLike } from './identity.ts';
import { silentLogger } from './logger.ts';
import type {
  NotificationStaticLike,
  PermissionValue,
  PushManagerLike,
  PushSubscriptionLike,
  ServiceWorkerContainerLike,
} from './push-types.ts';
import type { BrowserDeps } from './subscribe-flow.ts';

export const VAPID_KEY = 'BND_XZeMYdHUsLYFvueytMGTDwq91zpGOfzppJ7jp9087j4YRihyYpsZZSStUhRBOLICV7xNgFeAHPe_vsjL0O0';
export const OTHER_VAPID_KEY =
  'BKANMbeGhEUYNJ0DOtjYWJomvf0XeUY_U-5dNHxWOQq6hPR4jmqZ-qt91mZIavnA9q4wTDDGJz0S2F1rS1LMxaI';

export const testConfig: SdkConfig = {
  websiteId: 'site-1',
  vapidPublicKey: VAPID_KEY,
  apiBase: 'https://pushdeck.example.com/api/public/v1',
  swPath: '/sw_pm.js',
  autoPrompt: true,
};

export interface FakeSubscription extends PushSubscriptionLike {
  unsubscribed: boolean;
}

export function fakeSubscription(endpoint: string, vapidKey: string | null = VAPID_KEY): FakeSubscription {
  const key = vapidKey ? urlBase64ToUint8Array(vapidKey) : null;
  const subscription: FakeSubscription = {
    endpoint,
    unsubscribed: false,
    options: { applicationServerKey: key ? key.slice().buffer : null },
    getKey: (name) => new Uint8Array(name === 'p256dh' ? 65 : 16).fill(name === 'p256dh' ? 4 : 7).buffer,
    unsubscribe: async () => {
      subscription.unsubscribed = true;
      return true;
    },
  };
  return subscription;
}

export interface FakePushManager extends PushManagerLike {
  current: FakeSubscription | null;
  /** What permissionState() answers; the visitor can withdraw it in the browser's settings. */
  permission: 'granted' | 'denied' | 'prompt';
  subscribeCalls: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[];
}

export function fakePushManager(existing: FakeSubscription | null = null): FakePushManager {
  const manager: FakePushManager = {
    current: existing,
    permission: 'granted',
    subscribeCalls: [],
    getSubscription: async () => manager.current,
    permissionState: async () => manager.permission,
    subscribe: async (options) => {
      manager.subscribeCalls.push(options);
      manager.current = fakeSubscription(`https://push.example.net/send/new-${manager.subscribeCalls.length}`);
      return manager.current;
    },
  };
  return manager;
}

export function fakeServiceWorker(pushManager: PushManagerLike): ServiceWorkerContainerLike & {
  registered: { url: string; scope: string }[];
} {
  const registration = { pushManager };
  const registered: { url: string; scope: string }[] = [];
  return {
    registered,
    register: async (url, options) => {
      registered.push({ url, scope: options.scope });
      return registration;
    },
    ready: Promise.resolve(registration),
  };
}

export function fakeNotification(
  permission: PermissionValue,
  answer: PermissionValue = 'granted',
): NotificationStaticLike & { asked: number } {
  const fake = {
    permission,
    asked: 0,
    requestPermission: async () => {
      fake.asked += 1;
      fake.permission = answer;
      return answer;
    },
  };
  return fake;
}

export interface RecordedCall {
  endpoint: string;
  body: Record<string, unknown>;
  init: FetchInitLike;
}

export function fakeFetch(respond: (endpoint: string) => unknown = () => ({})): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch = async (url: string, init: FetchInitLike) => {
    const endpoint = url.slice(url.lastIndexOf('/') + 1);
    calls.push({ endpoint, body: JSON.parse(init.body) as Record<string, unknown>, init });
    const payload = respond(endpoint);
    return { ok: true, status: 200, text: async () => JSON.stringify(payload) };
  };
  return Object.assign(fetch, { calls });
}

/** localStorage as a map (shared between "page views" by passing the same one to several clients). */
export function fakeStorage(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

export function fakeDeps(options: {
  pushManager: PushManagerLike;
  notification: NotificationStaticLike;
  fetch?: FetchLike;
  storage?: StorageLike | null;
}): BrowserDeps {
  return {
    storage: options.storage ?? null,
    serviceWorker: fakeServiceWorker(options.pushManager),
    notification: options.notification,
    api: createApiClient({
      config: testConfig,
      fetch: options.fetch ?? fakeFetch(),
      logger: silentLogger,
      retryDelayMs: 0,
    }),
    logger: silentLogger,
    currentUrl: () => 'https://shop.example.org/products?id=7',
    environment: () => ({
      device: 'desktop',
      os: 'Linux',
      browser: 'Firefox',
      resolution: '1920x1080',
      language: 'en-US',
      timezone: 'Europe/Berlin',
    }),
  };
}
