import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

const clusterColumns = [
  'id',
  'cluster_uid',
  'cluster_name',
  'is_active',
  'is_default',
  'driver',
  'host',
  'port',
  'database',
  'username',
  'password_sealed',
] as const;
const subColumns = [
  'id',
  'cluster_id',
  'name',
  'region',
  'shard_number',
  'is_active',
  'driver',
  'host',
  'port',
  'database',
  'username',
  'password_sealed',
] as const;

export interface ServerColumns {
  driver: string;
  host: string;
  port: number;
  database: string;
  username: string;
  password_sealed: string;
}

export type ClusterRecord = Awaited<ReturnType<ClustersRepository['clusters']>>[number];
export type DbSubRecord = Awaited<ReturnType<ClustersRepository['subs']>>[number];

/** Clusters, their db subs and the clients assigned to them (global, admin-only data: no tenant to scope by). */
export class ClustersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  clusters(id?: number) {
    let q = this.db.selectFrom('clusters').select(clusterColumns).orderBy('id');
    if (id !== undefined) q = q.where('id', '=', id);
    return q.execute();
  }

  subs(clusterIds: number[]) {
    if (clusterIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('db_subs')
      .select(subColumns)
      .where('cluster_id', 'in', clusterIds)
      .orderBy('cluster_id')
      .orderBy('shard_number')
      .orderBy('id')
      .execute();
  }

  sub(id: number) {
    return this.db.selectFrom('db_subs').select(subColumns).where('id', '=', id).executeTakeFirst();
  }

  clientsOf(clusterIds: number[]) {
    if (clusterIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('clients')
      .select(['id', 'client_uid', 'name', 'cluster_id'])
      .where('cluster_id', 'in', clusterIds)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async existingClients(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('clients').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  insertCluster(values: { cluster_name: string; is_active?: number; is_default: number } & ServerColumns) {
    return this.db.insertInto('clusters').values(values).returning('id').executeTakeFirstOrThrow();
  }

  updateCluster(
    id: number,
    patch: Partial<{ cluster_name: string; is_active: number; is_default: number } & ServerColumns>,
  ) {
    return this.db
      .updateTable('clusters')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
  }

  /** Only one default cluster: the others stop being it. */
  clearDefault(exceptId: number | null) {
    let q = this.db.updateTable('clusters').set({ is_default: 0, updated_at: new Date() }).where('is_default', '=', 1);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.execute();
  }

  deleteCluster(id: number) {
    return this.db.deleteFrom('clusters').where('id', '=', id).returning('id').executeTakeFirst();
  }

  /** The cluster's clients become exactly these (the ones it had and are not listed leave it). */
  async assignClients(clusterId: number, clientIds: number[]) {
    let release = this.db.updateTable('clients').set({ cluster_id: null }).where('cluster_id', '=', clusterId);
    if (clientIds.length > 0) release = release.where('id', 'not in', clientIds);
    await release.execute();
    if (clientIds.length > 0) {
      await this.db.updateTable('clients').set({ cluster_id: clusterId }).where('id', 'in', clientIds).execute();
    }
  }

  insertSub(
    values: {
      cluster_id: number;
      name: string;
      region: string;
      shard_number: number;
      is_active?: number;
    } & ServerColumns,
  ) {
    return this.db.insertInto('db_subs').values(values).returning('id').executeTakeFirstOrThrow();
  }

  updateSub(
    id: number,
    patch: Partial<
      { cluster_id: number; name: string; region: string; shard_number: number; is_active: number } & ServerColumns
    >,
  ) {
    return this.db
      .updateTable('db_subs')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
  }

  shardTaken(clusterId: number, shard: number, exceptId: number | null) {
    let q = this.db
      .selectFrom('db_subs')
      .select('id')
      .where('cluster_id', '=', clusterId)
      .where('shard_number', '=', shard);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.executeTakeFirst();
  }

  deleteSub(id: number) {
    return this.db.deleteFrom('db_subs').where('id', '=', id).returning('id').executeTakeFirst();
  }
}
