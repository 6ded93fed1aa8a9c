import { randomUUID } from 'node:crypto';
import { JOBS, type WebhookBody, type WebhookEventType } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { webhookTargets } from './webhook-targets.ts';
import { WebhooksRepository } from './webhooks.repository.ts';

/** Something that happened that a website's webhooks may want. */
export interface WebhookEvent {
  type: WebhookEventType;
  domainId: number;
  at: Date;
  data: Record<string, unknown>;
}

/**
 * The port the event sources (tracking's pings and unsubscribes, the sender's deactivations) call inside the
 * transaction of the fact: the deliveries are written and their jobs enqueued in that transaction, so they commit
 * or roll back with it. Costs nothing (no query) when no active webhook of the websites wants the events.
 */
export interface WebhookEvents {
  emit(trx: Kysely<DB>, events: readonly WebhookEvent[]): Promise<void>;
}

export const NO_WEBHOOKS: WebhookEvents = { emit: async () => undefined };

/** One delivery (and one job) per event and webhook that wants it. */
export class WebhookEmitter implements WebhookEvents {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: JobRunner,
  ) {}

  async emit(trx: Kysely<DB>, events: readonly WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const targets = webhookTargets(this.db);
    const wanted: WebhookEvent[] = [];
    for (const e of events) if (await targets.wants(trx, [e.domainId], e.type)) wanted.push(e);
    if (wanted.length === 0) return;
    const repo = new WebhooksRepository(trx);
    const hooks = await repo.activeFor([...new Set(wanted.map((e) => e.domainId))]);
    const rows = [];
    for (const e of wanted) {
      const eventId = randomUUID();
      const body: WebhookBody = {
        id: eventId,
        type: e.type,
        created_at: e.at.toISOString(),
        website_id: e.domainId,
        data: e.data,
      };
      const text = JSON.stringify(body);
      for (const h of hooks) {
        if (h.domain_id !== e.domainId || !h.events.includes(e.type)) continue;
        rows.push({
          id: randomUUID(),
          webhook_id: h.id,
          client_id: h.client_id,
          event_id: eventId,
          event_type: e.type,
          body: text,
        });
      }
    }
    await repo.insertDeliveries(rows);
    for (const r of rows) await this.jobs.send(JOBS.webhookDeliver, { deliveryId: r.id }, { trx });
  }
}
