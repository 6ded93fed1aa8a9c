import type { ApiClient } from './api-client.ts';
import { urlBase64ToUint8Array } from './base64url.ts';
import { clickTarget } from './click-target.ts';
import type { SdkConfig } from './config.ts';
import type { SubscriberEnvironment } from './environment.ts';
import type { Logger } from './logger.ts';
import {
  type BuiltNotification,
  fallbackNotification,
  type NotificationOptionsLike,
  notificationFromPush,
} from './notification.ts';
import type { PushSubscriptionLike } from './push-types.ts';
import { buildSubscribeBody } from './subscription.ts';
import type { ClientsLike, SwRegistrationLike } from './sw-types.ts';

export interface SwDeps {
  registration: SwRegistrationLike;
  clients: ClientsLike;
  /** Null when PUSHMINE_CONFIG is missing: notifications still show and open, nothing is reported. */
  config: SdkConfig | null;
  api: ApiClient | null;
  origin: string;
  logger: Logger;
  environment(): SubscriberEnvironment;
}

/** Shows the notification, then reports it delivered (not for the generic fallback). */
export async function handlePush(deps: SwDeps, text: string | null): Promise<void> {
  const built = notificationFromPush(text, deps.origin);
  try {
    await deps.registration.showNotification(built.title, built.options);
  } catch (error) {
    // e.g. a rejected option: still show something, since every push must be visible.
    deps.logger.warn('showNotification failed:', error instanceof Error ? error.message : error);
    const fallback = fallbackNotification(deps.origin);
    await deps.registration.showNotification(built.title || fallback.title, { ...fallback.options, ...pick(built) });
  }
  if (built.m && deps.api) await deps.api.post('delivered', { m: built.m });
}

/** Closes, reports the click and focuses or opens the target (in parallel: opening needs the click's activation). */
export async function handleNotificationClick(
  deps: SwDeps,
  notification: { readonly data: unknown; close(): void },
  action: string,
): Promise<void> {
  notification.close();
  const target = clickTarget(notification.data, action, deps.origin);
  const tasks: Promise<unknown>[] = [];
  if (target.url) tasks.push(focusOrOpen(deps.clients, target.url));
  else deps.logger.warn('notification has no http(s) url to open');
  if (target.m && deps.api) tasks.push(deps.api.post('clicked', { m: target.m, action: target.action }));
  await Promise.all(tasks);
}

export async function focusOrOpen(clients: ClientsLike, url: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url && typeof client.focus === 'function');
  if (same?.focus) await same.focus();
  else await clients.openWindow(url);
}

/**
 * The push service replaced or expired the subscription: subscribe again and tell the API the old endpoint. When the
 * visitor withdrew the permission in the browser's settings there is nothing to subscribe with: the old subscription
 * is reported as fully unsubscribed instead.
 */
export async function handleSubscriptionChange(
  deps: SwDeps,
  oldSubscription: { readonly endpoint: string } | null | undefined,
  newSubscription: PushSubscriptionLike | null | undefined,
): Promise<void> {
  const { config, api } = deps;
  if (!config || !api) return;
  if (!newSubscription && (await permissionWithdrawn(deps))) {
    if (oldSubscription?.endpoint) {
      await api.post('unsubscribe', { website_id: config.websiteId, endpoint: oldSubscription.endpoint, full: true });
    }
    return;
  }
  const subscription =
    newSubscription ??
    (await deps.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToUint8Array(config.vapidPublicKey),
    }));
  const body = buildSubscribeBody({
    websiteId: config.websiteId,
    subscription,
    environment: deps.environment(),
    url: `${deps.origin}/`,
    oldEndpoint: oldSubscription?.endpoint,
  });
  await api.post('subscribe', { ...body });
}

async function permissionWithdrawn(deps: SwDeps): Promise<boolean> {
  const { pushManager } = deps.registration;
  if (typeof pushManager.permissionState !== 'function') return false;
  try {
    return (await pushManager.permissionState({ userVisibleOnly: true })) !== 'granted';
  } catch {
    return false;
  }
}

/** The plain members every browser accepts. */
function pick(built: BuiltNotification): NotificationOptionsLike {
  const { body, tag, data } = built.options;
  return { body: body ?? '', tag: tag ?? 'pushmine-fallback', ...(data ? { data } : {}) };
}
