import type { PingBody, SubscribeBody } from '@pushdeck/contracts';
import { type EndpointPolicy, parseEndpoint, WebPushInputError } from '@pushdeck/web-push';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError, ValidationError } from '../../lib/errors.ts';
import type { MessageTokens } from '../../lib/message-token.ts';
import { addToRollups } from '../stats/rollups.ts';

export interface SubscriberMeta {
  ip: string | null;
  location: string | null;
}

export interface TriggerScheduler {
  /** Creates the trigger's occurrence for one subscriber, due after the trigger's delay. */
  fireTrigger(input: { dripId: number; subscriberId: number; delayMs: number }): Promise<void>;
}

const UNKNOWN_WEBSITE = 'Unknown website.';

/** What subscriber sites report: subscriptions, visits, trigger events, deliveries and clicks. */
export class TrackingService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tokens: MessageTokens,
    private readonly policy: EndpointPolicy,
    private readonly triggers: TriggerScheduler,
  ) {}

  private async domain(websiteId: string) {
    const d = await this.db
      .selectFrom('domains')
      .select(['id', 'client_id'])
      .where('website_id', '=', websiteId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
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
    const domain = await this.domain(body.website_id);
    const now = new Date();
    const fields = {
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
      is_active: 1,
      status: 'active' as const,
      updated_at: now,
    };
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('subscribers')
        .select(['id', 'is_active'])
        .where('domain_id', '=', domain.id)
        .where('endpoint', '=', body.subscription.endpoint)
        .executeTakeFirst();
      if (!current && body.old_endpoint) {
        // the browser rotated the subscription: keep the subscriber, its history and its fields
        const replaced = await trx
          .updateTable('subscribers')
          .set({
            endpoint: body.subscription.endpoint,
            p256dh: fields.p256dh,
            auth: fields.auth,
            is_active: 1,
            status: 'active',
            updated_at: now,
          })
          .where('domain_id', '=', domain.id)
          .where('endpoint', '=', body.old_endpoint)
          .returning('id')
          .executeTakeFirst();
        if (replaced) return replaced;
      }
      if (current) {
        await trx.updateTable('subscribers').set(fields).where('id', '=', current.id).execute();
        if (current.is_active === 0) {
          await addToRollups(trx, [
            { domain_id: domain.id, client_id: domain.client_id, at: now, counters: { subscribed: 1 } },
          ]);
        }
        return { id: current.id };
      }
      const row = await trx
        .insertInto('subscribers')
        .values({
          ...fields,
          domain_id: domain.id,
          client_id: domain.client_id,
          endpoint: body.subscription.endpoint,
          subscription_url: body.subscription_url || null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addToRollups(trx, [
        { domain_id: domain.id, client_id: domain.client_id, at: now, counters: { subscribed: 1 } },
      ]);
      return row;
    });
  }

  private async subscriber(websiteId: string, endpoint: string) {
    const domain = await this.domain(websiteId);
    const s = await this.db
      .selectFrom('subscribers')
      .select(['id', 'is_active'])
      .where('domain_id', '=', domain.id)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    if (!s) throw new HttpError(404, 'Unknown subscription.');
    return { ...s, domain };
  }

  async visit(websiteId: string, endpoint: string, url: string): Promise<void> {
    const s = await this.subscriber(websiteId, endpoint);
    await this.db
      .updateTable('subscribers')
      .set({ last_url_visited: url || null, updated_at: new Date() })
      .where('id', '=', s.id)
      .execute();
  }

  /** `full`: the browser withdrew the permission too; counted as unsubscribed and full_unsubscribed. */
  async unsubscribe(websiteId: string, endpoint: string, full = false): Promise<void> {
    const s = await this.subscriber(websiteId, endpoint);
    if (s.is_active === 0) return;
    const now = new Date();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscribers')
        .set({ is_active: 0, status: 'unsubscribed', unsubscribed_at: now, updated_at: now })
        .where('id', '=', s.id)
        .execute();
      await addToRollups(trx, [
        {
          domain_id: s.domain.id,
          client_id: s.domain.client_id,
          at: now,
          counters: full ? { unsubscribed: 1, full_unsubscribed: 1 } : { unsubscribed: 1 },
        },
      ]);
    });
  }

  /** Fires the domain's active trigger for `event`; an unknown event is accepted and does nothing. */
  async trigger(websiteId: string, endpoint: string, event: string): Promise<{ queued: boolean }> {
    const s = await this.subscriber(websiteId, endpoint);
    if (s.is_active === 0) return { queued: false };
    const drip = await this.db
      .selectFrom('drips')
      .select(['id', 'meta'])
      .where('domain_id', '=', s.domain.id)
      .where('type', '=', 'trigger')
      .where('event', '=', event)
      .where('is_active', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
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
      const delivered = await trx
        .updateTable('send_ledger')
        .set({ delivered_at: now })
        .where('id', '=', ledgerId)
        .where('delivered_at', 'is', null)
        .returning(['drip_id', 'domain_id', 'client_id', 'type'])
        .executeTakeFirst();
      const clicked =
        kind === 'clicked'
          ? await trx
              .updateTable('send_ledger')
              .set({ clicked_at: now })
              .where('id', '=', ledgerId)
              .where('clicked_at', 'is', null)
              .returning(['drip_id', 'domain_id', 'client_id', 'type'])
              .executeTakeFirst()
          : undefined;
      const row = delivered ?? clicked;
      if (!row) return { counted: false };
      const counters = { ...(delivered ? { delivered: 1 } : {}), ...(clicked ? { clicked: 1 } : {}) };
      await addToRollups(trx, [{ ...row, at: now, counters }]);
      await trx
        .updateTable('drips')
        .set((eb) => ({
          delivered: eb('delivered', '+', delivered ? 1 : 0),
          clicked: eb('clicked', '+', clicked ? 1 : 0),
        }))
        .where('id', '=', row.drip_id)
        .execute();
      return { counted: true };
    });
  }
}
