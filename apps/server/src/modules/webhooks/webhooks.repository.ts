import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, WebhookAttemptsTable, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { scopeToActor } from '../../lib/tenancy.ts';

export type WebhookRow = Selectable<WebhooksTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable> & { event_id: string; event_type: string };

const WEBHOOK_COLUMNS = [
  'webhooks.id',
  'webhooks.client_id',
  'webhooks.domain_id',
  'webhooks.url',
  'webhooks.events',
  'webhooks.is_active',
  'webhooks.created_at',
  'webhooks.updated_at',
] as const;

/** All SQL of the webhooks: the webhooks of a website, their deliveries and attempts. */
export class WebhooksRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A live website of the actor's client. */
  website(actor: Actor, domainId: number) {
    const q = this.db
      .selectFrom('domains')
      .select(['domains.id', 'domains.client_id'])
      .where('domains.id', '=', domainId)
      .where('domains.deleted_at', 'is', null);
    return scopeToActor(q, actor, 'domains.client_id').executeTakeFirst();
  }

  /** The webhooks of a website (already scoped by the caller's website check), oldest first. */
  listForWebsite(domainId: number) {
    return this.db
      .selectFrom('webhooks')
      .select(WEBHOOK_COLUMNS)
      .where('domain_id', '=', domainId)
      .orderBy('id')
      .execute();
  }

  async countForWebsite(domainId: number): Promise<number> {
    const r = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('domain_id', '=', domainId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Holds the website's row for the transaction: one webhook creation of a website at a time (the limit holds). */
  async lockWebsite(domainId: number): Promise<void> {
    await this.db.selectFrom('domains').select('id').where('id', '=', domainId).forUpdate().execute();
  }

  /** One webhook of the actor's client on a live website. */
  find(actor: Actor, id: number) {
    const q = this.db
      .selectFrom('webhooks')
      .innerJoin('domains', 'domains.id', 'webhooks.domain_id')
      .select(WEBHOOK_COLUMNS)
      .where('webhooks.id', '=', id)
      .where('domains.deleted_at', 'is', null);
    return scopeToActor(q, actor, 'webhooks.client_id').executeTakeFirst();
  }

  insert(values: Insertable<WebhooksTable>) {
    return this.db.insertInto('webhooks').values(values).returning('id').executeTakeFirstOrThrow();
  }

  async update(id: number, values: Updateable<WebhooksTable>): Promise<void> {
    await this.db.updateTable('webhooks').set(values).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('webhooks').where('id', '=', id).execute();
  }

  /** The sealed secret (a delivery or a test event signs with it). */
  async sealedSecret(id: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('webhooks').select('secret_sealed').where('id', '=', id).executeTakeFirst();
    return r?.secret_sealed;
  }

  /** The last attempts of webhooks, newest first, `perWebhook` of each. */
  async lastAttempts(webhookIds: readonly number[], perWebhook: number): Promise<AttemptRow[]> {
    if (webhookIds.length === 0) return [];
    const rows: AttemptRow[] = [];
    for (const id of webhookIds) {
      rows.push(
        ...(await this.db
          .selectFrom('webhook_attempts')
          .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
          .selectAll('webhook_attempts')
          .select(['webhook_deliveries.event_id', 'webhook_deliveries.event_type'])
          .where('webhook_attempts.webhook_id', '=', id)
          .orderBy('webhook_attempts.id', 'desc')
          .limit(perWebhook)
          .execute()),
      );
    }
    return rows;
  }

  /** Every active webhook's website and events: what the event sources' cache (webhook-targets.ts) holds. */
  activeTargets() {
    return this.db.selectFrom('webhooks').select(['domain_id', 'events']).where('is_active', '=', 1).execute();
  }

  /** The active webhooks of these websites that want any of these events. */
  activeFor(domainIds: readonly number[]) {
    return this.db
      .selectFrom('webhooks')
      .select(['id', 'client_id', 'domain_id', 'events'])
      .where('domain_id', 'in', domainIds)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
  }

  async insertDeliveries(rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto('webhook_deliveries').values(rows).execute();
  }

  /** A delivery with its webhook (absent when the webhook was deleted). */
  delivery(id: string) {
    return this.db
      .selectFrom('webhook_deliveries')
      .leftJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select([
        'webhook_deliveries.id',
        'webhook_deliveries.webhook_id',
        'webhook_deliveries.client_id',
        'webhook_deliveries.event_type',
        'webhook_deliveries.body',
        'webhook_deliveries.status',
        'webhook_deliveries.attempts',
        'webhooks.url',
        'webhooks.is_active',
        'webhooks.secret_sealed',
      ])
      .where('webhook_deliveries.id', '=', id)
      .executeTakeFirst();
  }

  async finishDelivery(
    id: string,
    values: Pick<Updateable<WebhookDeliveriesTable>, 'status' | 'attempts' | 'finished_at'>,
  ): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(values).where('id', '=', id).execute();
  }

  /** Deletes the finished deliveries created before `before` (their attempts go with them); how many. */
  async deleteFinishedBefore(before: Date): Promise<number> {
    const r = await this.db
      .deleteFrom('webhook_deliveries')
      .where('created_at', '<', before)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  insertAttempt(values: Insertable<WebhookAttemptsTable>) {
    return this.db.insertInto('webhook_attempts').values(values).returningAll().executeTakeFirstOrThrow();
  }
}
