import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** How long the first answer to an Idempotency-Key is kept. */
export const IDEMPOTENCY_HOURS = 24;

/**
 * First answers to Idempotency-Keys, per API key. `claim` inserts the key in the caller's transaction: on a
 * PostgreSQL server a concurrent request with the same key waits on the primary key until that transaction ends,
 * then finds the key taken (and reads the answer it committed), or claims it if the first one rolled back.
 */
export class IdempotencyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** True when this request now owns the key (new, or its previous use is older than 24 h). */
  async claim(apiKeyId: number, key: string, requestHash: string): Promise<boolean> {
    const row = await this.db
      .insertInto('api_idempotency')
      .values({ api_key_id: apiKeyId, key, request_hash: requestHash, status_code: null, body: 'null' })
      .onConflict((oc) =>
        oc
          .columns(['api_key_id', 'key'])
          .doUpdateSet({ request_hash: requestHash, status_code: null, body: 'null', created_at: new Date() })
          .where('api_idempotency.created_at', '<', new Date(Date.now() - IDEMPOTENCY_HOURS * 3_600_000)),
      )
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  }

  find(apiKeyId: number, key: string) {
    return this.db
      .selectFrom('api_idempotency')
      .select(['request_hash', 'status_code', 'body'])
      .where('api_key_id', '=', apiKeyId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async saveAnswer(apiKeyId: number, key: string, statusCode: number, body: unknown): Promise<void> {
    await this.db
      .updateTable('api_idempotency')
      .set({ status_code: statusCode, body: JSON.stringify(body) })
      .where('api_key_id', '=', apiKeyId)
      .where('key', '=', key)
      .execute();
  }

  /** Answers older than 24 h (the maintenance job's sweep). */
  async purge(): Promise<number> {
    const r = await this.db
      .deleteFrom('api_idempotency')
      .where('created_at', '<', new Date(Date.now() - IDEMPOTENCY_HOURS * 3_600_000))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
