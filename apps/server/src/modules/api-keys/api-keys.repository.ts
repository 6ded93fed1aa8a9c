import type { ApiKey, ApiScope } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A key found by its hash, with what the server API's guard needs. */
export interface KeyRow {
  id: number;
  client_id: number;
  client_uid: string;
  client_active: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  website_ids: number[] | null;
  created_by: number | null;
  created_by_email: string | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The api_keys rows (issue #27): every query scoped to a client, or to all of them for staff. */
export class ApiKeysRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(clientId: number | null): Promise<ApiKey[]> {
    let q = this.db
      .selectFrom('api_keys as k')
      .innerJoin('clients as c', 'c.id', 'k.client_id')
      .select([
        'k.id',
        'k.client_id',
        'c.name as client_name',
        'k.name',
        'k.prefix',
        'k.scopes',
        'k.website_ids',
        'k.created_by_email',
        'k.created_at',
        'k.last_used_at',
        'k.last_used_ip',
        'k.revoked_at',
      ])
      .orderBy(sql`k.revoked_at is not null`)
      .orderBy('k.created_at', 'desc')
      .orderBy('k.id', 'desc');
    if (clientId !== null) q = q.where('k.client_id', '=', clientId);
    const rows = await q.execute();
    return rows.map((r) => ({
      ...r,
      scopes: r.scopes as ApiScope[],
      created_at: iso(r.created_at)!,
      last_used_at: iso(r.last_used_at),
      revoked_at: iso(r.revoked_at),
    }));
  }

  async find(id: number, clientId: number | null): Promise<ApiKey | undefined> {
    return (await this.list(clientId)).find((k) => k.id === id);
  }

  async countLive(clientId: number): Promise<number> {
    const r = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Which of `ids` are websites of the client. */
  async websitesOf(clientId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('domains')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  async insert(values: {
    client_id: number;
    name: string;
    prefix: string;
    hash: string;
    scopes: ApiScope[];
    website_ids: number[] | null;
    created_by: number;
    created_by_email: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('api_keys')
      .values({
        ...values,
        scopes: sql<string[]>`${sql.val(values.scopes)}::text[]`,
        website_ids: values.website_ids === null ? null : sql<number[]>`${sql.val(values.website_ids)}::integer[]`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Revokes a live key of the client (any client's for staff); false when there is none to revoke. */
  async revoke(id: number, clientId: number | null): Promise<boolean> {
    let q = this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null);
    if (clientId !== null) q = q.where('client_id', '=', clientId);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** A live key of an active client by its hash. */
  byHash(hash: string): Promise<KeyRow | undefined> {
    return this.db
      .selectFrom('api_keys as k')
      .innerJoin('clients as c', 'c.id', 'k.client_id')
      .select([
        'k.id',
        'k.client_id',
        'c.client_uid',
        'c.is_active as client_active',
        'k.name',
        'k.prefix',
        'k.scopes',
        'k.website_ids',
        'k.created_by',
        'k.created_by_email',
        'k.last_used_at',
        'k.last_used_ip',
      ])
      .where('k.hash', '=', hash)
      .where('k.revoked_at', 'is', null)
      .$castTo<KeyRow>()
      .executeTakeFirst();
  }

  async touch(id: number, ip: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(), last_used_ip: ip })
      .where('id', '=', id)
      .execute();
  }

  clientName(clientId: number) {
    return this.db.selectFrom('clients').select(['name', 'client_uid']).where('id', '=', clientId).executeTakeFirst();
  }
}
