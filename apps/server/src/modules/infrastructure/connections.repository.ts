import type { ConnectionType } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

const columns = [
  'connections.id',
  'connections.type',
  'connections.name',
  'connections.attribute',
  'connections.number',
  'connections.tag',
  'connections.datacenter',
  'connections.region',
  'connections.is_active',
] as const;

export type ConnectionRecord = Awaited<ReturnType<ConnectionsRepository['list']>>[number];

/** Connections (global, admin-only) and their binding to websites (domain_connections). */
export class ConnectionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  list(filter: { type?: ConnectionType | undefined; is_active?: number | undefined; ids?: number[] } = {}) {
    let q = this.db.selectFrom('connections').select(columns).orderBy('connections.id');
    if (filter.type) q = q.where('connections.type', '=', filter.type);
    if (filter.is_active !== undefined) q = q.where('connections.is_active', '=', filter.is_active);
    if (filter.ids) q = q.where('connections.id', 'in', filter.ids.length ? filter.ids : [0]);
    return q.execute();
  }

  find(id: number) {
    return this.db.selectFrom('connections').select(columns).where('connections.id', '=', id).executeTakeFirst();
  }

  insert(values: {
    type: ConnectionType;
    name: string;
    attribute: string;
    number: number | null;
    tag: string | null;
    datacenter: string | null;
    region: string | null;
    is_active?: number;
  }) {
    return this.db.insertInto('connections').values(values).returning('id').executeTakeFirstOrThrow();
  }

  update(
    id: number,
    patch: Partial<{
      name: string;
      attribute: string;
      number: number | null;
      tag: string | null;
      datacenter: string | null;
      region: string | null;
      is_active: number;
    }>,
  ) {
    return this.db
      .updateTable('connections')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
  }

  delete(id: number) {
    return this.db.deleteFrom('connections').where('id', '=', id).returning('id').executeTakeFirst();
  }

  /** A live (not deleted) website, locked for the rest of the transaction when `lock`. */
  domain(id: number, lock = false) {
    let q = this.db
      .selectFrom('domains')
      .select(['id', 'client_id', 'website_id', 'url'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /** A website's connections of one kind, with how each is bound. */
  ofDomain(domainId: number, kind: ConnectionType) {
    return this.db
      .selectFrom('domain_connections')
      .innerJoin('connections', 'connections.id', 'domain_connections.connection_id')
      .select([...columns, 'domain_connections.type as pivot_type'])
      .where('domain_connections.domain_id', '=', domainId)
      .where('domain_connections.kind', '=', kind)
      .orderBy(sql`domain_connections.type = 'master'`, 'desc')
      .orderBy('connections.id')
      .execute();
  }

  binding(domainId: number, connectionId: number) {
    return this.db
      .selectFrom('domain_connections')
      .select(['kind', 'type'])
      .where('domain_id', '=', domainId)
      .where('connection_id', '=', connectionId)
      .executeTakeFirst();
  }

  async bind(domainId: number, connectionId: number, kind: ConnectionType): Promise<boolean> {
    const rows = await this.db
      .insertInto('domain_connections')
      .values({ domain_id: domainId, connection_id: connectionId, kind, type: 'slave' })
      .onConflict((oc) => oc.columns(['domain_id', 'connection_id']).doNothing())
      .returning('connection_id')
      .execute();
    return rows.length > 0;
  }

  unbind(domainId: number, connectionId: number) {
    return this.db
      .deleteFrom('domain_connections')
      .where('domain_id', '=', domainId)
      .where('connection_id', '=', connectionId)
      .returning('connection_id')
      .executeTakeFirst();
  }

  /** This connection becomes the website's master of its kind; the others of that kind become slave. */
  async makeMaster(domainId: number, connectionId: number, kind: ConnectionType) {
    await this.db
      .updateTable('domain_connections')
      .set({ type: 'slave' })
      .where('domain_id', '=', domainId)
      .where('kind', '=', kind)
      .where('type', '=', 'master')
      .where('connection_id', '!=', connectionId)
      .execute();
    await this.db
      .updateTable('domain_connections')
      .set({ type: 'master' })
      .where('domain_id', '=', domainId)
      .where('connection_id', '=', connectionId)
      .execute();
  }

  /** The names of a website's geo tags. */
  async geoTags(domainId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('domain_tags')
      .innerJoin('tags', 'tags.id', 'domain_tags.tag_id')
      .select('tags.name')
      .where('domain_tags.domain_id', '=', domainId)
      .where('tags.type', '=', 'geo')
      .execute();
    return rows.map((r) => r.name);
  }

  /** Active connections whose region is one of these names (case-insensitive). */
  byRegions(regions: string[], kind?: ConnectionType) {
    if (regions.length === 0) return Promise.resolve([]);
    let q = this.db
      .selectFrom('connections')
      .select(columns)
      .where('connections.is_active', '=', 1)
      .where(
        sql<string>`lower(connections.region)`,
        'in',
        regions.map((r) => r.toLowerCase()),
      )
      .orderBy('connections.id');
    if (kind) q = q.where('connections.type', '=', kind);
    return q.execute();
  }

  /** The base URL of a website's active master API connection, if it has one. */
  async masterApi(domainId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('domain_connections')
      .innerJoin('connections', 'connections.id', 'domain_connections.connection_id')
      .select('connections.attribute')
      .where('domain_connections.domain_id', '=', domainId)
      .where('domain_connections.kind', '=', 'api')
      .where('domain_connections.type', '=', 'master')
      .where('connections.is_active', '=', 1)
      .executeTakeFirst();
    return row?.attribute ?? null;
  }
}
