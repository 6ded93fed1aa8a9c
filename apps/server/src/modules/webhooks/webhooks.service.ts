import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_ATTEMPTS_SHOWN,
  WEBHOOK_MSG,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_PER_WEBSITE,
  type Webhook,
  type WebhookAttempt,
  type WebhookBody,
  type WebhookCreate,
  type WebhookEventType,
  type WebhookUpdate,
  type WebhookWithSecret,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import type { WebhookHostPolicy } from './webhook-hosts.ts';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-post.ts';
import { webhookTargets } from './webhook-targets.ts';
import { type AttemptRow, type WebhookRow, WebhooksRepository } from './webhooks.repository.ts';

/** A new secret: `whsec_` and 32 random bytes, base64url. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const attemptOf = (a: AttemptRow): WebhookAttempt => ({
  id: Number(a.id),
  delivery_id: a.delivery_id,
  event_id: a.event_id,
  event_type: a.event_type,
  attempt: a.attempt,
  status_code: a.status_code,
  error: a.error,
  duration_ms: a.duration_ms,
  ok: a.ok,
  created_at: new Date(a.created_at).toISOString(),
});

type ShownRow = Pick<WebhookRow, 'id' | 'domain_id' | 'url' | 'events' | 'is_active' | 'created_at' | 'updated_at'>;

const webhookOf = (w: ShownRow, last: AttemptRow | undefined): Webhook => ({
  id: w.id,
  website_id: w.domain_id,
  url: w.url,
  events: w.events as WebhookEventType[],
  is_active: w.is_active,
  created_at: new Date(w.created_at).toISOString(),
  updated_at: new Date(w.updated_at).toISOString(),
  last_attempt: last ? attemptOf(last) : null,
});

/**
 * A website's outcome webhooks, for the console (and any caller with an Actor): every call scoped to the actor's
 * client (another client's website or webhook is a 404). The secret is made here, sealed, and shown only in the
 * answers of create and rollSecret.
 */
export class WebhooksService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
    private readonly policy: WebhookHostPolicy,
    private readonly timeoutMs = WEBHOOK_TIMEOUT_MS,
  ) {}

  private async website(repo: WebhooksRepository, actor: Actor, domainId: number) {
    const w = await repo.website(actor, domainId);
    if (!w) throw notFound(WEBHOOK_MSG.websiteNotFound);
    return w;
  }

  private async found(repo: WebhooksRepository, actor: Actor, id: number) {
    const w = await repo.find(actor, id);
    if (!w) throw notFound(WEBHOOK_MSG.notFound);
    return w;
  }

  /** The url field's verdict under the outbound rules (422 on `url`). */
  private async checkUrl(url: string): Promise<void> {
    if (!(await this.policy.allowsOnSave(url))) throw new ValidationError({ url: [WEBHOOK_MSG.urlHost] });
  }

  private async shown(repo: WebhooksRepository, w: ShownRow): Promise<Webhook> {
    const [last] = await repo.lastAttempts([w.id], 1);
    return webhookOf(w, last);
  }

  async list(actor: Actor, domainId: number): Promise<Webhook[]> {
    const repo = new WebhooksRepository(this.db);
    await this.website(repo, actor, domainId);
    const rows = await repo.listForWebsite(domainId);
    const last = new Map(
      (
        await repo.lastAttempts(
          rows.map((r) => r.id),
          1,
        )
      ).map((a) => [a.webhook_id, a]),
    );
    return rows.map((r) => webhookOf(r, last.get(r.id)));
  }

  async create(actor: Actor, domainId: number, body: WebhookCreate): Promise<WebhookWithSecret> {
    // another client's website is a 404 whatever the URL; the URL is judged (a DNS lookup) outside the transaction
    await this.website(new WebhooksRepository(this.db), actor, domainId);
    await this.checkUrl(body.url);
    const secret = newSecret();
    const webhook = await this.db.transaction().execute(async (trx) => {
      const repo = new WebhooksRepository(trx);
      const site = await this.website(repo, actor, domainId);
      await repo.lockWebsite(site.id);
      if ((await repo.countForWebsite(site.id)) >= WEBHOOKS_PER_WEBSITE) throw new HttpError(422, WEBHOOK_MSG.limit);
      const { id } = await repo.insert({
        client_id: site.client_id,
        domain_id: site.id,
        url: body.url,
        events: [...body.events],
        secret_sealed: this.box.seal(secret),
        is_active: body.is_active,
        created_by: actor.user.id,
      });
      return this.shown(repo, await this.found(repo, actor, id));
    });
    webhookTargets(this.db).invalidate();
    return { webhook, secret };
  }

  async update(actor: Actor, id: number, body: WebhookUpdate): Promise<Webhook> {
    const repo = new WebhooksRepository(this.db);
    await this.found(repo, actor, id);
    if (body.url !== undefined) await this.checkUrl(body.url);
    await repo.update(id, {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events !== undefined ? { events: [...body.events] } : {}),
      ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
      updated_at: new Date(),
    });
    webhookTargets(this.db).invalidate();
    return this.shown(repo, await this.found(repo, actor, id));
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const repo = new WebhooksRepository(this.db);
    await this.found(repo, actor, id);
    await repo.delete(id);
    webhookTargets(this.db).invalidate();
  }

  /** A new secret replaces the old one at once; the answer is the only place it is shown. */
  async rollSecret(actor: Actor, id: number): Promise<WebhookWithSecret> {
    const repo = new WebhooksRepository(this.db);
    await this.found(repo, actor, id);
    const secret = newSecret();
    await repo.update(id, { secret_sealed: this.box.seal(secret), updated_at: new Date() });
    return { webhook: await this.shown(repo, await this.found(repo, actor, id)), secret };
  }

  async attempts(actor: Actor, id: number): Promise<WebhookAttempt[]> {
    const repo = new WebhooksRepository(this.db);
    await this.found(repo, actor, id);
    return (await repo.lastAttempts([id], WEBHOOK_ATTEMPTS_SHOWN)).map(attemptOf);
  }

  /**
   * "Send test event": one signed `test` event posted now, whether the webhook is switched on or not, recorded as
   * its attempt (never retried); the answer is that attempt.
   */
  async sendTest(actor: Actor, id: number): Promise<WebhookAttempt> {
    const repo = new WebhooksRepository(this.db);
    const w = await this.found(repo, actor, id);
    const sealed = await repo.sealedSecret(id);
    if (!sealed) throw notFound(WEBHOOK_MSG.notFound);
    const eventId = randomUUID();
    const deliveryId = randomUUID();
    const body: WebhookBody = {
      id: eventId,
      type: WEBHOOK_TEST_EVENT,
      created_at: new Date().toISOString(),
      website_id: w.domain_id,
      data: { webhook_id: w.id, message: 'A test event from Pushdeck.' },
    };
    const text = JSON.stringify(body);
    await repo.insertDeliveries([
      {
        id: deliveryId,
        webhook_id: w.id,
        client_id: w.client_id,
        event_id: eventId,
        event_type: WEBHOOK_TEST_EVENT,
        body: text,
      },
    ]);
    const result = await postWebhook(
      this.policy,
      { url: w.url, secret: this.box.open(sealed), deliveryId, eventType: WEBHOOK_TEST_EVENT, body: text },
      this.timeoutMs,
    );
    return this.db.transaction().execute(async (trx) => {
      const r = new WebhooksRepository(trx);
      const row = await r.insertAttempt({
        delivery_id: deliveryId,
        webhook_id: w.id,
        client_id: w.client_id,
        attempt: 1,
        status_code: result.statusCode,
        error: result.error,
        duration_ms: result.durationMs,
        ok: result.ok,
      });
      await r.finishDelivery(deliveryId, {
        attempts: 1,
        status: result.ok ? 'delivered' : 'failed',
        finished_at: new Date(),
      });
      return attemptOf({ ...row, event_id: eventId, event_type: WEBHOOK_TEST_EVENT });
    });
  }
}
