import type { SdkConfig } from './config.ts';
import { createIdentity, validateSubscribableId } from './identity.ts';
import type { PushSubscriptionLike } from './push-types.ts';
import { type BrowserDeps, runSubscribeFlow, type SubscribeResult } from './subscribe-flow.ts';

export const MAX_EVENT_LENGTH = 191;

/** What `window.pushmine` offers to the host page. No method ever rejects. */
export interface PushmineApi {
  subscribe(): Promise<SubscribeResult>;
  unsubscribe(): Promise<boolean>;
  /** The delay of a triggered notification is set in the console, not here. */
  triggerPushEvent(eventName: string, delay?: never): Promise<boolean>;
  getSubscription(): Promise<PushSubscriptionLike | null>;
  /**
   * The site's own id for this visitor (e.g. its user id), which its back end can send to through the server API
   * (`subscribable_ids`). Sent once per change, not on every page view; kept until the visitor subscribes when it
   * is not subscribed yet. Calling it again with another id replaces it.
   */
  identify(id: string): Promise<boolean>;
}

export interface PushmineClient extends PushmineApi {
  /** Starts the automatic flow (prompting only when config.autoPrompt). */
  start(): Promise<SubscribeResult>;
}

/** Returns an error text, or null when the event name is acceptable. */
export function validateEventName(eventName: unknown): string | null {
  if (typeof eventName !== 'string' || eventName.trim() === '') return 'event name must be a non-empty string';
  if (eventName.length > MAX_EVENT_LENGTH) return `event name must be at most ${MAX_EVENT_LENGTH} characters`;
  return null;
}

export function createPushmineClient(deps: BrowserDeps, config: SdkConfig): PushmineClient {
  const visit = { sent: false };
  let current: Promise<SubscribeResult> | null = null;
  const identity = createIdentity({
    api: deps.api,
    logger: deps.logger,
    storage: deps.storage,
    websiteId: config.websiteId,
  });

  const run = (prompt: boolean): Promise<SubscribeResult> => {
    current = runSubscribeFlow(deps, config, { prompt, visit }).then(async (result) => {
      // an id asked for before the visitor subscribed (on this page or an earlier one) goes with the subscription
      if (result.status === 'subscribed') await identity.sync(result.endpoint);
      return result;
    });
    return current;
  };
  const settled = (): Promise<SubscribeResult> => current ?? run(config.autoPrompt);

  return {
    start: settled,
    async subscribe() {
      const previous = await settled();
      return previous.status === 'subscribed' ? previous : run(true);
    },
    async unsubscribe() {
      if ((await settled()).status !== 'subscribed') return false;
      const subscription = await readSubscription(deps);
      if (!subscription) return false;
      const endpoint = subscription.endpoint;
      const done = await subscription.unsubscribe().catch(() => false);
      await deps.api.post('unsubscribe', { website_id: config.websiteId, endpoint }, { keepalive: true });
      current = Promise.resolve({ status: 'default' });
      return done;
    },
    async triggerPushEvent(eventName: string, delay?: never) {
      const problem = validateEventName(eventName);
      if (problem) {
        deps.logger.error(`triggerPushEvent: ${problem}`);
        return false;
      }
      if (delay !== undefined) deps.logger.warn('triggerPushEvent: the delay is set on the trigger in the console');
      const result = await settled();
      if (result.status !== 'subscribed') {
        deps.logger.warn(`triggerPushEvent("${eventName}") skipped: not subscribed (${result.status})`);
        return false;
      }
      const body = { website_id: config.websiteId, endpoint: result.endpoint, event: eventName };
      return (await deps.api.post('trigger', body, { keepalive: true })) !== null;
    },
    async identify(id: string) {
      const problem = validateSubscribableId(id);
      if (problem) {
        deps.logger.error(`identify: ${problem}`);
        return false;
      }
      identity.want(id);
      const result = await settled();
      if (result.status !== 'subscribed') {
        deps.logger.warn(`identify: kept until the visitor subscribes (${result.status})`);
        return false;
      }
      return identity.sync(result.endpoint);
    },
    async getSubscription() {
      // Only after a successful flow: serviceWorker.ready never settles when registration failed.
      if ((await settled()).status !== 'subscribed') return null;
      return readSubscription(deps);
    },
  };
}

async function readSubscription(deps: BrowserDeps): Promise<PushSubscriptionLike | null> {
  if (!deps.serviceWorker || !deps.notification || deps.notification.permission !== 'granted') return null;
  try {
    const registration = await deps.serviceWorker.ready;
    return await registration.pushManager.getSubscription();
  } catch (error) {
    deps.logger.warn('getSubscription failed:', error instanceof Error ? error.message : error);
    return null;
  }
}
