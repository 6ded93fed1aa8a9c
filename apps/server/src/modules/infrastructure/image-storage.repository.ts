import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface StoragePatch {
  images_storage?: string | null;
  images_storage_password_sealed?: string | null;
  images_storage_public_folder?: string | null;
}

/** A client's cluster and image storage columns (issue #16). */
export class ImageStorageRepository {
  constructor(private readonly db: Kysely<DB>) {}

  ofClient(clientId: number) {
    return this.db
      .selectFrom('clients')
      .select([
        'client_uid',
        'cluster_id',
        'images_storage',
        'images_storage_password_sealed',
        'images_storage_public_folder',
      ])
      .where('id', '=', clientId)
      .executeTakeFirst();
  }

  clusterExists(id: number) {
    return this.db.selectFrom('clusters').select('id').where('id', '=', id).executeTakeFirst();
  }

  async setCluster(clientId: number, clusterId: number | null) {
    await this.db.updateTable('clients').set({ cluster_id: clusterId }).where('id', '=', clientId).execute();
  }

  async set(clientId: number, patch: StoragePatch) {
    await this.db.updateTable('clients').set(patch).where('id', '=', clientId).execute();
  }
}
