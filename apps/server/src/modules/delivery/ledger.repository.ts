import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { OccurrenceRow } from './occurrences.repository.ts';

/**
 * The send ledger (one row per occurrence and subscriber, unique) and the subscriber rows the engine reads and
 * updates around it. Constructed on the caller's transaction.
 */
export class LedgerRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The next `limit` active subscribers of the occurrence's website after its cursor, in id order, matching `audience`. */
  async audienceBatch(occ: OccurrenceRow, audience: Expression<SqlBool>, limit: number): Promise<number[]> {
    let q = this.db
      .selectFrom('subscribers')
      .select('id')
      .where('domain_id', '=', occ.domain_id)
      .where('is_active', '=', 1)
      .where('id', '>', occ.cursor);
    q = occ.subscriber_id !== null ? q.where('id', '=', occ.subscriber_id) : q.where(audience);
    return (await q.orderBy('id').limit(limit).execute()).map((r) => r.id);
  }

  /** Ledger rows for these subscribers of the occurrence; the ids of the rows that were new. */
  async queue(occ: OccurrenceRow, subscriberIds: readonly number[]): Promise<number[]> {
    if (subscriberIds.length === 0) return [];
    const rows = await this.db
      .insertInto('send_ledger')
      .values(
        subscriberIds.map((subscriber_id) => ({
          occurrence_id: occ.id,
          subscriber_id,
          drip_id: occ.drip_id,
          domain_id: occ.domain_id,
          client_id: occ.client_id,
          type: occ.type,
        })),
      )
      .onConflict((oc) => oc.columns(['occurrence_id', 'subscriber_id']).doNothing())
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Ledger rows of a welcome occurrence for the website's active subscribers who subscribed in [earliest, latest] and
   * have none yet, `limit` at a time in id order; the ids of the new rows.
   */
  async queueWelcome(
    occurrenceId: number,
    s: { drip_id: number; domain_id: number },
    window: { earliest: Date; latest: Date },
    limit: number,
  ): Promise<number[]> {
    const rows = await this.db
      .insertInto('send_ledger')
      .columns(['occurrence_id', 'subscriber_id', 'drip_id', 'domain_id', 'client_id', 'type'])
      .expression((eb) =>
        eb
          .selectFrom('subscribers as sub')
          .select([
            sql.lit(occurrenceId).as('occurrence_id'),
            'sub.id',
            sql.lit(s.drip_id).as('drip_id'),
            'sub.domain_id',
            'sub.client_id',
            sql.lit('welcome').as('type'),
          ])
          .where('sub.domain_id', '=', s.domain_id)
          .where('sub.is_active', '=', 1)
          .where('sub.created_at', '>=', window.earliest)
          .where('sub.created_at', '<=', window.latest)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('send_ledger as l')
                  .select('l.id')
                  .where('l.occurrence_id', '=', occurrenceId)
                  .whereRef('l.subscriber_id', '=', 'sub.id'),
              ),
            ),
          )
          .orderBy('sub.id')
          .limit(limit),
      )
      .onConflict((oc) => oc.columns(['occurrence_id', 'subscriber_id']).doNothing())
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** Marks the rows still queued (or left sending by a crash) as sending, one attempt more; with their subscriptions. */
  claim(ledgerIds: readonly number[]) {
    return this.db
      .updateTable('send_ledger as l')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('l.attempts', '+', 1),
        quota_at: sql<Date>`coalesce(l.quota_at, now())`,
      }))
      .from('subscribers as s')
      .whereRef('s.id', '=', 'l.subscriber_id')
      .where('l.id', 'in', [...ledgerIds])
      .where('l.status', 'in', ['queued', 'sending'])
      .returning([
        'l.id',
        'l.subscriber_id',
        'l.drip_id',
        'l.domain_id',
        'l.client_id',
        'l.type',
        's.endpoint',
        's.p256dh',
        's.auth',
        's.is_active',
      ])
      .execute();
  }

  /** Of these ledger rows, those not yet counted against a send quota (quota_at null) and still to send. */
  async notYetCounted(ledgerIds: readonly number[]): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('send_ledger')
      .select('id')
      .where('id', 'in', [...ledgerIds])
      .where('quota_at', 'is', null)
      .where('status', 'in', ['queued', 'sending'])
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Rows beyond the client's send quota: `over_quota`, never sent; the claim's attempt is given back. */
  async markOverQuota(ledgerIds: readonly number[]): Promise<void> {
    await this.db
      .updateTable('send_ledger')
      .set({ status: 'over_quota', attempts: sql`greatest(attempts - 1, 0)` })
      .where('id', 'in', [...ledgerIds])
      .execute();
  }

  payloadDrips(dripIds: readonly number[]) {
    return this.db
      .selectFrom('drips as d')
      .innerJoin('domains as w', 'w.id', 'd.domain_id')
      .select(['d.id', 'd.title', 'd.body', 'd.url', 'd.icon', 'd.customization', 'd.drip_number'])
      .select('w.url as siteUrl')
      .where('d.id', 'in', [...dripIds])
      .execute();
  }

  websiteKeys(domainId: number): Promise<{ vapid_public_key: string | null; vapid_private_key: string | null }> {
    return this.db
      .selectFrom('domains')
      .select(['vapid_public_key', 'vapid_private_key'])
      .where('id', '=', domainId)
      .executeTakeFirstOrThrow();
  }

  /** One outcome for these ledger rows. */
  async setOutcome(ledgerIds: readonly number[], outcome: string, httpStatus: number, now: Date): Promise<void> {
    await this.db
      .updateTable('send_ledger')
      .set({ status: outcome, http_status: httpStatus || null, sent_at: outcome === 'sent' ? now : null })
      .where('id', 'in', [...ledgerIds])
      .execute();
  }

  async addSent(dripId: number, n: number): Promise<void> {
    await this.db
      .updateTable('drips')
      .set((eb) => ({ sended: eb('sended', '+', n) }))
      .where('id', '=', dripId)
      .execute();
  }

  /** Locks these subscriber rows in id order (callers then update them without waiting on each other in a cycle). */
  async lockSubscribers(ids: readonly number[]): Promise<void> {
    await sql`select id from subscribers where id = any(cast(${[...ids]} as int[])) order by id for update`.execute(
      this.db,
    );
  }

  async deactivateSubscribers(ids: readonly number[], now: Date): Promise<void> {
    await this.db
      .updateTable('subscribers')
      .set({ is_active: 0, status: 'deactivated', deactivated_at: now, updated_at: now })
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Raises each subscriber's last drip number to at least the given one. */
  async raiseLastDripNumbers(numbers: ReadonlyMap<number, number>): Promise<void> {
    await sql`update subscribers s set last_drip_number = greatest(s.last_drip_number, v.n)
        from unnest(cast(${[...numbers.keys()]} as int[]), cast(${[...numbers.values()]} as int[])) as v(id, n)
        where s.id = v.id`.execute(this.db);
  }
}
