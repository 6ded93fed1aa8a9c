import { uint8ArrayToUrlBase64 } from './base64url.ts';
import type { SubscriberEnvironment } from './environment.ts';
import type { NotificationStaticLike, PermissionValue, PushSubscriptionLike, SubscriptionJson } from './push-types.ts';

export interface SubscribeBody extends SubscriberEnvironment {
  website_id: string;
  subscription: SubscriptionJson;
  old_endpoint?: string;
  subscription_url: string;
  last_url_visited: string;
}

/** Endpoint and keys of a subscription; throws when the browser gives no keys (payloads would be impossible). */
export function subscriptionToJson(subscription: PushSubscriptionLike): SubscriptionJson {
  const p256dh = subscription.getKey('p256dh');
  const auth = subscription.getKey('auth');
  if (!p256dh || !auth) throw new Error('The push subscription has no encryption keys');
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: uint8ArrayToUrlBase64(p256dh), auth: uint8ArrayToUrlBase64(auth) },
  };
}

export function buildSubscribeBody(input: {
  websiteId: string;
  subscription: PushSubscriptionLike;
  environment: SubscriberEnvironment;
  url: string;
  oldEndpoint?: string | undefined;
}): SubscribeBody {
  const body: SubscribeBody = {
    website_id: input.websiteId,
    subscription: subscriptionToJson(input.subscription),
    ...input.environment,
    subscription_url: input.url,
    last_url_visited: input.url,
  };
  if (input.oldEndpoint && input.oldEndpoint !== body.subscription.endpoint) body.old_endpoint = input.oldEndpoint;
  return body;
}

/** Notification.requestPermission() in either its promise or its (old Safari) callback form. */
export function requestPermission(notification: NotificationStaticLike): Promise<PermissionValue> {
  return new Promise((resolve) => {
    try {
      const result = notification.requestPermission(resolve);
      if (result && typeof result.then === 'function') result.then(resolve, () => resolve(notification.permission));
    } catch {
      resolve(notification.permission);
    }
  });
}
