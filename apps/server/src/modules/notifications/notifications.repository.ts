import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { scopeToActor } from '../../lib/tenancy.ts';

export interface ApiSendValues {
  client_id: number;
  domain_id: number;
  api_key_id: number | null;
  target: 'subscribers' | 'segment' | 'all';
  subscriber_ids: number[] | null;
  segment_id: number | null;
  recipients: number;
  send_at: Date | null;
}

/** The server API's sends: their drip, occurrence and target, and their outcomes read from the send ledger. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The actor's live website with this id (its client's, not deleted). */
  website(actor: Actor, websiteId: number) {
    return scopeToActor(
      this.db
        .selectFrom('domains')
        .select(['id', 'client_id', 'url'])
        .where('id', '=', websiteId)
        .where('deleted_at', 'is', null),
      actor,
      'client_id',
    ).executeTakeFirst();
  }

  /** A segment of that website (undefined for another website's or client's). */
  segment(domainId: number, clientId: number, segmentId: number) {
    return this.db
      .selectFrom('segments')
      .select(['id', 'query'])
      .where('id', '=', segmentId)
      .where('domain_id', '=', domainId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** Of these subscriber ids, the active subscribers of the website, in id order. */
  async activeByIds(domainId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('subscribers')
      .select('id')
      .where('domain_id', '=', domainId)
      .where('is_active', '=', 1)
      .where(sql<boolean>`id = any(cast(${[...ids]} as int[]))`)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The active subscribers of the website whose subscribable_id is one of these (every device of a user). */
  async activeBySubscribableIds(domainId: number, ids: readonly string[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('subscribers')
      .select('id')
      .where('domain_id', '=', domainId)
      .where('is_active', '=', 1)
      .where(sql<boolean>`subscribable_id = any(cast(${[...ids]} as text[]))`)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** How many active subscribers of the website match the audience now. */
  async countActive(domainId: number, audience: Expression<SqlBool>): Promise<number> {
    const row = await this.db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('domain_id', '=', domainId)
      .where('is_active', '=', 1)
      .where(audience)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertDrip(values: {
    domain_id: number;
    client_id: number;
    title: string;
    body: string;
    url: string;
    icon: string | null;
    customization: Record<string, unknown>;
  }): Promise<number> {
    const row = await this.db
      .insertInto('drips')
      .values({ ...values, type: 'api', customization: JSON.stringify(values.customization), meta: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertOccurrence(values: {
    drip_id: number;
    domain_id: number;
    client_id: number;
    due_at: Date;
  }): Promise<number> {
    const row = await this.db
      .insertInto('occurrences')
      .values({ ...values, type: 'api', schedule_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  insertSend(values: ApiSendValues & { drip_id: number; occurrence_id: number }) {
    return this.db.insertInto('api_sends').values(values).returning(['id', 'created_at']).executeTakeFirstOrThrow();
  }

  /** One send of the actor's client, with its occurrence's progress. */
  find(actor: Actor, id: number) {
    return scopeToActor(
      this.db
        .selectFrom('api_sends as a')
        .innerJoin('occurrences as o', 'o.id', 'a.occurrence_id')
        .select([
          'a.id',
          'a.client_id',
          'a.occurrence_id',
          'a.recipients',
          'a.send_at',
          'a.created_at',
          'a.domain_id',
          'o.status as occurrence_status',
          'o.due_at',
        ])
        .where('a.id', '=', id),
      actor,
      'a.client_id',
    ).executeTakeFirst();
  }

  /** The ledger of one occurrence summed by status and HTTP status. */
  ledgerCounts(occurrenceId: number) {
    return this.db
      .selectFrom('send_ledger')
      .select((eb) => [
        'status',
        'http_status',
        eb.fn.countAll<string>().as('n'),
        eb.fn.count<string>('delivered_at').as('delivered'),
        eb.fn.count<string>('clicked_at').as('clicked'),
      ])
      .where('occurrence_id', '=', occurrenceId)
      .groupBy(['status', 'http_status'])
      .execute();
  }
}
