import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { WebhookHostPolicy } from './webhook-hosts.ts';
import { type PostResult, postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-post.ts';
import { WebhooksRepository } from './webhooks.repository.ts';

/** Attempts of one delivery: the first and 5 retries with exponential backoff (jobs/webhooks.job.ts), about 1 h. */
export const WEBHOOK_MAX_ATTEMPTS = 6;

/** Finished deliveries and their attempts are kept this many days (the console shows the last 20 attempts). */
export const WEBHOOK_RETENTION_DAYS = 30;

/** Thrown to have pg-boss retry the delivery later (its queue's backoff). */
export class WebhookRetry extends Error {
  constructor(readonly result: PostResult) {
    super(`webhook delivery failed (${result.statusCode ?? result.error}); retried later`);
    this.name = 'WebhookRetry';
  }
}

/**
 * Posts webhook deliveries (the `webhooks.deliver` job): one attempt per run, recorded with its outcome; 2xx ends the
 * delivery, anything else is retried until WEBHOOK_MAX_ATTEMPTS. A delivery whose webhook was deleted or switched off
 * since is cancelled without a request.
 */
export class WebhookDeliveryService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
    private readonly policy: WebhookHostPolicy,
    private readonly opts: { timeoutMs?: number; maxAttempts?: number } = {},
  ) {}

  /** Deletes the finished deliveries older than WEBHOOK_RETENTION_DAYS (the `webhooks.retention` job, hourly). */
  prune(now = new Date()): Promise<number> {
    return new WebhooksRepository(this.db).deleteFinishedBefore(
      new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000),
    );
  }

  async deliver(deliveryId: string): Promise<void> {
    const repo = new WebhooksRepository(this.db);
    const d = await repo.delivery(deliveryId);
    if (d?.status !== 'pending') return;
    if (d.url === null || d.secret_sealed === null || d.is_active !== 1) {
      await repo.finishDelivery(d.id, { status: 'cancelled', finished_at: new Date() });
      return;
    }
    const attempt = d.attempts + 1;
    const result = await postWebhook(
      this.policy,
      {
        url: d.url,
        secret: this.box.open(d.secret_sealed),
        deliveryId: d.id,
        eventType: d.event_type,
        body: d.body,
      },
      this.opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    );
    const last = result.ok || attempt >= (this.opts.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS);
    await this.db.transaction().execute(async (trx) => {
      const r = new WebhooksRepository(trx);
      await r.insertAttempt({
        delivery_id: d.id,
        webhook_id: d.webhook_id,
        client_id: d.client_id,
        attempt,
        status_code: result.statusCode,
        error: result.error,
        duration_ms: result.durationMs,
        ok: result.ok,
      });
      await r.finishDelivery(d.id, {
        attempts: attempt,
        ...(last ? { status: result.ok ? 'delivered' : 'failed', finished_at: new Date() } : {}),
      });
    });
    if (!last) throw new WebhookRetry(result);
  }
}
