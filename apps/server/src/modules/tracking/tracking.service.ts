import { MANAGEMENT_MSG, type PingBody, type SubscribeBody } from '@pushdeck/contracts';
import { type EndpointPolicy, parseEndpoint, WebPushInputError } from '@pushdeck/web-push';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError, ValidationError } from '../../lib/errors.ts';
import type { MessageTokens } from '../../lib/message-token.ts';
import { QuotaRepository } from '../billing/quota.repository.ts';
import { QUOTA_MSG } from '../billing/quota-messages.ts';
import { addToRollups } from '../stats/rollups.repository.ts';
import { NO_WEBHOOKS, type WebhookEvent, type WebhookEvents } from '../webhooks/webhook-events.ts';
import { type SubscriberFields, TrackingRepository } from './tracking.repository.ts';

export interface SubscriberMeta {
  ip: string | null;
  location: string | null;
}

export interface TriggerScheduler {
  /** Creates the trigger's occurrence for one subscriber, due after the trigger's delay. */
  fireTrigger(input: { dripId: number; subscriberId: number; delayMs: number }): Promise<void>;
}

const UNKNOWN_WEBSITE = 'Unknown website.';

class OverQuota extends Error {
  constructor(readonly cap: number) {
    super('over quota');
  }
}

/** What subscriber sites report: subscriptions, visits, trigger events, deliveries and clicks. */
export class TrackingService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tokens: MessageTokens,
    private readonly policy: EndpointPolicy,
    private readonly triggers: TriggerScheduler,
    /** Outcome webhooks (issue #27): told of deliveries, clicks and unsubscribes in the transaction that counts them. */
    private readonly webhooks: WebhookEvents = NO_WEBHOOKS,
  ) {}

  private async domain(websiteId: string) {
    const d = await new TrackingRepository(this.db).website(websiteId);
    if (!d) throw new HttpError(404, UNKNOWN_WEBSITE);
    return d;
  }

  private checkEndpoint(endpoint: string, field: string): void {
    try {
      parseEndpoint(endpoint, this.policy);
    } catch (err) {
      if (err instanceof WebPushInputError) throw new ValidationError({ [field]: [err.message] });
      throw err;
    }
  }

  /** The endpoint, and the rotated-away `old_endpoint`, must both be push endpoints the policy allows. */
  async subscribe(body: SubscribeBody, meta: SubscriberMeta): Promise<{ id: number }> {
    this.checkEndpoint(body.subscription.endpoint, 'subscription.endpoint');
    if (body.old_endpoint) this.checkEndpoint(body.old_endpoint, 'old_endpoint');
    const domain = await this.subscribingWebsite(body.website_id);
    const now = new Date();
    const fields = subscriberFields(body, meta, now);
    const quota = await new QuotaRepository(this.db).quotaOf(domain.client_id);
    try {
      return await this.db
        .transaction()
        .execute((trx) => this.recordSubscription(trx, { domain, body, fields, now, cap: quota.active_subscribers }));
    } catch (error) {
      if (!(error instanceof OverQuota)) throw error;
      await new QuotaRepository(this.db).countRefusal(domain.client_id, 'subscribers', quota.timezone);
      throw new HttpError(403, QUOTA_MSG.subscribers(error.cap));
    }
  }

  /** The website subscribed to; a deactivated client's websites take none until it is switched on again. */
  private async subscribingWebsite(websiteId: string) {
    const domain = await this.domain(websiteId);
    if (domain.client_active !== 1) throw new HttpError(403, MANAGEMENT_MSG.clientInactive);
    return domain;
  }

  /**
   * Inside the subscribe transaction: a rotated endpoint keeps its subscriber, a known one is refreshed, a new one is
   * added; the latter two only within the client's active-subscriber cap (OverQuota when it is reached).
   */
  private async recordSubscription(trx: Kysely<DB>, call: Subscription): Promise<{ id: number }> {
    const { domain, body } = call;
    const repo = new TrackingRepository(trx);
    const mayAdd = await this.subscriberCapGate(trx, domain.client_id, call.cap);
    const current = await repo.subscriberByEndpoint(domain.id, body.subscription.endpoint);
    if (!current && body.old_endpoint) {
      const rotated = await rotateSubscription(repo, call, body.old_endpoint);
      if (rotated) return rotated;
    }
    if (current) return refreshSubscriber(trx, repo, call, current, mayAdd);
    await mayAdd();
    const row = await repo.insertSubscriber({
      ...call.fields,
      domain_id: domain.id,
      client_id: domain.client_id,
      endpoint: body.subscription.endpoint,
      subscription_url: body.subscription_url || null,
      created_at: call.now,
    });
    await countSubscribed(trx, domain, call.now);
    return row;
  }

  /**
   * With a cap, holds the client's subscribe lock for the transaction (one subscribe call of a capped client at a
   * time, so N are let in and never N+1) and answers the check to make before one more becomes active.
   */
  private async subscriberCapGate(trx: Kysely<DB>, clientId: number, cap: number | null): Promise<() => Promise<void>> {
    const quotas = new QuotaRepository(trx);
    if (cap !== null) await quotas.lockSubscribers(clientId);
    return async () => {
      if (cap !== null && (await quotas.activeSubscribers(clientId)) >= cap) throw new OverQuota(cap);
    };
  }

  private async subscriber(websiteId: string, endpoint: string) {
    const domain = await this.domain(websiteId);
    const s = await new TrackingRepository(this.db).subscriberByEndpoint(domain.id, endpoint);
    if (!s) throw new HttpError(404, 'Unknown subscription.');
    return { ...s, domain };
  }

  async visit(websiteId: string, endpoint: string, url: string): Promise<void> {
    const s = await this.subscriber(websiteId, endpoint);
    await new TrackingRepository(this.db).updateSubscriber(s.id, {
      last_url_visited: url || null,
      updated_at: new Date(),
    });
  }

  /**
   * `pushmine('identify', id)`: the site's own id for this subscriber (its `subscribable_id`, which the server API
   * sends to); identifying again replaces it. Answers whether it changed.
   */
  async identify(websiteId: string, endpoint: string, subscribableId: string): Promise<{ changed: boolean }> {
    const s = await this.subscriber(websiteId, endpoint);
    if (s.subscribable_id === subscribableId) return { changed: false };
    await new TrackingRepository(this.db).updateSubscriber(s.id, {
      subscribable_id: subscribableId,
      updated_at: new Date(),
    });
    return { changed: true };
  }

  /** `full`: the browser withdrew the permission too; counted as unsubscribed and full_unsubscribed. */
  async unsubscribe(websiteId: string, endpoint: string, full = false): Promise<void> {
    const s = await this.subscriber(websiteId, endpoint);
    if (s.is_active === 0) return;
    const now = new Date();
    await this.db.transaction().execute(async (trx) => {
      await new TrackingRepository(trx).updateSubscriber(s.id, {
        is_active: 0,
        status: 'unsubscribed',
        unsubscribed_at: now,
        updated_at: now,
      });
      await addToRollups(trx, [
        {
          domain_id: s.domain.id,
          client_id: s.domain.client_id,
          at: now,
          counters: full ? { unsubscribed: 1, full_unsubscribed: 1 } : { unsubscribed: 1 },
        },
      ]);
      await this.webhooks.emit(trx, [
        { type: 'unsubscribed', domainId: s.domain.id, at: now, data: { subscriber_id: s.id, full } },
      ]);
    });
  }

  /** Fires the domain's active trigger for `event`; an unknown event is accepted and does nothing. */
  async trigger(websiteId: string, endpoint: string, event: string): Promise<{ queued: boolean }> {
    const s = await this.subscriber(websiteId, endpoint);
    if (s.is_active === 0) return { queued: false };
    const drip = await new TrackingRepository(this.db).activeTrigger(s.domain.id, event);
    if (!drip) return { queued: false };
    const delay = Number((drip.meta as { delay?: unknown } | null)?.delay ?? 0);
    await this.triggers.fireTrigger({
      dripId: drip.id,
      subscriberId: s.id,
      delayMs: Number.isFinite(delay) && delay > 0 ? Math.min(delay, 30 * 86_400_000) : 0,
    });
    return { queued: true };
  }

  /** Counts a delivery (or a click, which also proves delivery) once per message. */
  async ping(kind: 'delivered' | 'clicked', body: PingBody): Promise<{ counted: boolean }> {
    const ledgerId = this.tokens.read(body.m);
    if (ledgerId === null) throw new ValidationError({ m: ['Unknown message.'] });
    const now = new Date();
    return this.db.transaction().execute(async (trx) => {
      const repo = new TrackingRepository(trx);
      const delivered = await repo.markMessage(ledgerId, 'delivered_at', now);
      const clicked = kind === 'clicked' ? await repo.markMessage(ledgerId, 'clicked_at', now) : undefined;
      const row = delivered ?? clicked;
      if (!row) return { counted: false };
      const counters = { ...(delivered ? { delivered: 1 } : {}), ...(clicked ? { clicked: 1 } : {}) };
      const { subscriber_id: _subscriber, ...keys } = row;
      await addToRollups(trx, [{ ...keys, at: now, counters }]);
      await repo.addDripCounts(row.drip_id, delivered ? 1 : 0, clicked ? 1 : 0);
      const data = { message_id: ledgerId, subscriber_id: row.subscriber_id, drip_id: row.drip_id, type: row.type };
      const events: WebhookEvent[] = [];
      if (delivered) events.push({ type: 'delivered', domainId: row.domain_id, at: now, data });
      if (clicked) {
        events.push({
          type: 'clicked',
          domainId: row.domain_id,
          at: now,
          data: { ...data, action: body.action ?? 'main' },
        });
      }
      await this.webhooks.emit(trx, events);
      return { counted: true };
    });
  }
}

interface Subscription {
  domain: { id: number; client_id: number };
  body: SubscribeBody;
  fields: ReturnType<typeof subscriberFields>;
  now: Date;
  /** The client's active-subscriber cap; null: none. */
  cap: number | null;
}

/** The browser rotated the subscription: the subscriber keeps its history and fields under the new endpoint. */
function rotateSubscription(repo: TrackingRepository, call: Subscription, oldEndpoint: string) {
  return repo.rotateEndpoint(call.domain.id, oldEndpoint, {
    endpoint: call.body.subscription.endpoint,
    p256dh: call.fields.p256dh,
    auth: call.fields.auth,
    is_active: 1,
    status: 'active',
    updated_at: call.now,
  });
}

/** A known endpoint: refreshed, and counted (and held to the cap) again only if it had left. */
async function refreshSubscriber(
  trx: Kysely<DB>,
  repo: TrackingRepository,
  call: Subscription,
  current: { id: number; is_active: number },
  mayAdd: () => Promise<void>,
): Promise<{ id: number }> {
  if (current.is_active === 0) await mayAdd();
  await repo.updateSubscriber(current.id, call.fields);
  if (current.is_active === 0) await countSubscribed(trx, call.domain, call.now);
  return { id: current.id };
}

/** The subscriber's fields as a subscribe call reports them (the same for a new and a refreshed subscriber). */
function subscriberFields(body: SubscribeBody, meta: SubscriberMeta, now: Date) {
  return {
    p256dh: body.subscription.keys.p256dh,
    auth: body.subscription.keys.auth,
    device: body.device ?? null,
    os: body.os ?? null,
    browser: body.browser ?? null,
    resolution: body.resolution || null,
    language: body.language ?? null,
    timezone: body.timezone ?? null,
    last_url_visited: body.last_url_visited || body.subscription_url || null,
    ip: meta.ip,
    location: meta.location,
    is_active: 1 as const,
    status: 'active' as const,
    updated_at: now,
  } satisfies SubscriberFields;
}

/** One more subscribed in the website's rollups. */
function countSubscribed(trx: Kysely<DB>, domain: { id: number; client_id: number }, now: Date): Promise<void> {
  return addToRollups(trx, [
    { domain_id: domain.id, client_id: domain.client_id, at: now, counters: { subscribed: 1 } },
  ]);
}
