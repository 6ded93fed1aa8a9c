import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

const MAX_INT = 2_147_483_647;
const asId = (v: string) => (/^\d{1,10}$/.test(v) && Number(v) <= MAX_INT ? Number(v) : null);

/** Lookups that turn the ids and uids a statistics request names into clients and websites. */
export class ScopeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Clients named by id (digits) or client_uid. */
  async clients(refs: readonly string[]): Promise<{ id: number; client_uid: string }[]> {
    if (refs.length === 0) return [];
    const ids = refs.map(asId).filter((n): n is number => n !== null);
    return this.db
      .selectFrom('clients')
      .select(['id', 'client_uid'])
      .where((eb) => eb.or([eb('client_uid', 'in', [...refs]), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
      .execute();
  }

  /** Live websites named by id (digits) or website_id, within the given clients (null = any client). */
  async domains(refs: readonly string[], clientIds: readonly number[] | null): Promise<{ id: number }[]> {
    if (refs.length === 0 || clientIds?.length === 0) return [];
    const ids = refs.map(asId).filter((n): n is number => n !== null);
    let q = this.db
      .selectFrom('domains')
      .select('id')
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('website_id', 'in', [...refs]), ...(ids.length ? [eb('id', 'in', ids)] : [])]));
    if (clientIds !== null) q = q.where('client_id', 'in', [...clientIds]);
    return q.orderBy('id').execute();
  }
}
