import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, SubscribersTable } from '../../db/schema.ts';

export type SubscriberFields = Updateable<SubscribersTable>;

/** What the subscriber sites' calls read and write: websites by public id, subscribers by endpoint, message marks. */
export class TrackingRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A website that is not deleted, by its public website_id, with whether its client is switched on. */
  website(websiteId: string) {
    return this.db
      .selectFrom('domains')
      .innerJoin('clients', 'clients.id', 'domains.client_id')
      .select(['domains.id', 'domains.client_id', 'clients.is_active as client_active'])
      .where('domains.website_id', '=', websiteId)
      .where('domains.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  subscriberByEndpoint(domainId: number, endpoint: string) {
    return this.db
      .selectFrom('subscribers')
      .select(['id', 'is_active', 'subscribable_id'])
      .where('domain_id', '=', domainId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
  }

  /** Moves the subscriber at `oldEndpoint` to its new endpoint and keys (the browser rotated it); its id, if any. */
  rotateEndpoint(domainId: number, oldEndpoint: string, fields: SubscriberFields) {
    return this.db
      .updateTable('subscribers')
      .set(fields)
      .where('domain_id', '=', domainId)
      .where('endpoint', '=', oldEndpoint)
      .returning('id')
      .executeTakeFirst();
  }

  async updateSubscriber(id: number, fields: SubscriberFields): Promise<void> {
    await this.db.updateTable('subscribers').set(fields).where('id', '=', id).execute();
  }

  insertSubscriber(values: Insertable<SubscribersTable>): Promise<{ id: number }> {
    return this.db.insertInto('subscribers').values(values).returning('id').executeTakeFirstOrThrow();
  }

  /** The website's active trigger drip for this event name. */
  activeTrigger(domainId: number, event: string) {
    return this.db
      .selectFrom('drips')
      .select(['id', 'meta'])
      .where('domain_id', '=', domainId)
      .where('type', '=', 'trigger')
      .where('event', '=', event)
      .where('is_active', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Marks the message delivered (or clicked) at `now` unless it already is; its counting keys when it was not. */
  markMessage(ledgerId: number, column: 'delivered_at' | 'clicked_at', now: Date) {
    return this.db
      .updateTable('send_ledger')
      .set({ [column]: now })
      .where('id', '=', ledgerId)
      .where(column, 'is', null)
      .returning(['drip_id', 'domain_id', 'client_id', 'type', 'subscriber_id'])
      .executeTakeFirst();
  }

  async addDripCounts(dripId: number, delivered: number, clicked: number): Promise<void> {
    await this.db
      .updateTable('drips')
      .set((eb) => ({ delivered: eb('delivered', '+', delivered), clicked: eb('clicked', '+', clicked) }))
      .where('id', '=', dripId)
      .execute();
  }
}
