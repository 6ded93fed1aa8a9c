import type { ClientSummary } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  applySelect,
  type ListResult,
  likePattern,
  listColumns,
  type ParsedListQuery,
  runList,
} from '../../lib/query/index.ts';
import { CLIENT_LIST_SPEC } from './client-list-spec.ts';

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

  /** Clients Management's list: `search` on name or uid, the shared list parameters; name order by default. */
  async page(parsed: ParsedListQuery): Promise<ListResult<ClientSummary>> {
    let q = this.db.selectFrom('clients');
    if (parsed.search) {
      const p = likePattern(parsed.search);
      q = q.where((eb) => eb.or([eb('clients.name', 'ilike', p), eb('clients.client_uid', 'ilike', p)]));
    }
    if (parsed.orderBy.length === 0) q = q.orderBy(sql`lower(clients.name)`).orderBy('clients.id');
    const selected = applySelect(q, listColumns(parsed, CLIENT_LIST_SPEC), { table: 'clients' });
    return runList(this.db, selected, parsed, { table: 'clients' });
  }

  /** Renames and/or switches a client; the row after, undefined when gone. */
  update(id: number, patch: { name?: string | undefined; is_active?: 0 | 1 | undefined }) {
    return this.db
      .updateTable('clients')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.is_active !== undefined ? { is_active: patch.is_active } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst();
  }

  findById(id: number) {
    return this.db.selectFrom('clients').select(columns).where('id', '=', id).executeTakeFirst();
  }
}
