import type { ApiClient } from './api-client.ts';
import { sameKey, urlBase64ToUint8Array } from './base64url.ts';
import type { SdkConfig } from './config.ts';
import type { SubscriberEnvironment } from './environment.ts';
import type { StorageLike } from './identity.ts';
import type { Logger } from './logger.ts';
import type { NotificationStaticLike, PushSubscriptionLike, ServiceWorkerContainerLike } from './push-types.ts';
import { buildSubscribeBody, requestPermission } from './subscription.ts';

/** Everything the flow needs from the page, injected so it runs against fakes in Node. */
export interface BrowserDeps {
  /** null when the browser lacks serviceWorker, PushManager or Notification. */
  serviceWorker: ServiceWorkerContainerLike | null;
  notification: NotificationStaticLike | null;
  api: ApiClient;
  logger: Logger;
  currentUrl(): string;
  environment(): SubscriberEnvironment;
  /** localStorage, where `identify` remembers what it told the server; null or absent: memory only. */
  storage?: StorageLike | null;
}

export type SubscribeResult =
  | { status: 'subscribed'; endpoint: string; created: boolean; id?: string | number }
  | { status: 'unsupported' | 'denied' | 'default' | 'error' };

export interface FlowOptions {
  /** Ask for permission when it is still 'default'. */
  prompt: boolean;
  /** Shared per page load: the visit ping goes out at most once. */
  visit: { sent: boolean };
}

/** Registers the worker, then subscribes or refreshes the subscription as the permission allows. Never rejects. */
export async function runSubscribeFlow(
  deps: BrowserDeps,
  config: SdkConfig,
  options: FlowOptions,
): Promise<SubscribeResult> {
  const { serviceWorker, notification, logger } = deps;
  if (!serviceWorker || !notification) return { status: 'unsupported' };
  try {
    await serviceWorker.register(config.swPath, { scope: '/' });
    let permission = notification.permission;
    if (permission === 'default' && options.prompt) permission = await requestPermission(notification);
    if (permission !== 'granted') return { status: permission === 'denied' ? 'denied' : 'default' };
    const { pushManager } = await serviceWorker.ready;
    const key = urlBase64ToUint8Array(config.vapidPublicKey);
    const existing = await pushManager.getSubscription();
    if (existing && keyMatches(existing, key)) {
      if (!options.visit.sent) {
        options.visit.sent = true;
        const url = deps.currentUrl();
        void deps.api.post(
          'visit',
          { website_id: config.websiteId, endpoint: existing.endpoint, url },
          { keepalive: true },
        );
      }
      return { status: 'subscribed', endpoint: existing.endpoint, created: false };
    }
    if (existing) await existing.unsubscribe().catch(() => false);
    const subscription = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    options.visit.sent = true;
    const body = buildSubscribeBody({
      websiteId: config.websiteId,
      subscription,
      environment: deps.environment(),
      url: deps.currentUrl(),
      oldEndpoint: existing?.endpoint,
    });
    const response = await deps.api.post('subscribe', { ...body });
    const id = readId(response);
    return {
      status: 'subscribed',
      endpoint: subscription.endpoint,
      created: true,
      ...(id === undefined ? {} : { id }),
    };
  } catch (error) {
    logger.warn('subscription failed:', error instanceof Error ? error.message : error);
    return { status: 'error' };
  }
}

/** Browsers without PushSubscription.options cannot tell the key: keep their subscription rather than churn. */
function keyMatches(subscription: PushSubscriptionLike, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  return current == null ? subscription.options === undefined : sameKey(current, key);
}

function readId(response: unknown): string | number | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const data = (response as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
