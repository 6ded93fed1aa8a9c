import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

const columns = ['id', 'client_uid', 'name', 'is_active'] as const;

export class ClientsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  list() {
    return this.db.selectFrom('clients').select(columns).orderBy('name').orderBy('id').execute();
  }

  findByUid(clientUid: string) {
    return this.db.selectFrom('clients').select(columns).where('client_uid', '=', clientUid).executeTakeFirst();
  }

  /** A new client with a fresh public uid. */
  insert(values: { client_uid: string; name: string }) {
    return this.db.insertInto('clients').values(values).returning(columns).executeTakeFirstOrThrow();
  }

  findById(id: number) {
    return this.db.selectFrom('clients').select(columns).where('id', '=', id).executeTakeFirst();
  }
}
