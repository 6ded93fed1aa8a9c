import { type Kysely, sql } from 'kysely';
import type { DB, DomainRow } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  applySelect,
  conditionSql,
  type ListResult,
  likePattern,
  listColumns,
  type ParsedListQuery,
  runList,
} from '../../lib/query/index.ts';
import { scopeToActor } from '../../lib/tenancy.ts';
import { DOMAIN_LIST_DEFAULT_LIMIT, DOMAIN_LIST_SPEC } from './domain-list-spec.ts';

/** A domain as the API shows it: no client_id, never the sealed VAPID private key. */
export type DomainRecord = Omit<DomainRow, 'client_id' | 'vapid_private_key'>;
export type DomainListResult = ListResult<Partial<DomainRecord>>;

const PUBLIC_COLUMNS = [
  'domains.id',
  'domains.website_id',
  'domains.url',
  'domains.is_active',
  'domains.postback',
  'domains.created_at',
  'domains.updated_at',
  'domains.deleted_at',
  'domains.vapid_public_key',
] as const;

export class DomainsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Ids of the domains (deleted ones too) that have no VAPID key pair yet. */
  async withoutKeys(): Promise<number[]> {
    const rows = await this.db.selectFrom('domains').select('id').where('vapid_public_key', 'is', null).execute();
    return rows.map((r) => r.id);
  }

  /** Stores a domain's key pair unless it got one meanwhile. */
  async setKeysIfMissing(id: number, keys: { vapid_public_key: string; vapid_private_key: string }): Promise<void> {
    await this.db.updateTable('domains').set(keys).where('id', '=', id).where('vapid_public_key', 'is', null).execute();
  }

  /** Live (not deleted) domains of the actor's scope. */
  private live(actor: Actor) {
    return scopeToActor(
      this.db.selectFrom('domains').where('domains.deleted_at', 'is', null),
      actor,
      'domains.client_id',
    );
  }

  /** Live domains in scope shaped by a parsed list query: search, filters, tag filters, select, order, window. */
  async list(actor: Actor, parsed: ParsedListQuery): Promise<DomainListResult> {
    let q = this.live(actor);
    if (parsed.search) {
      const term = parsed.search;
      const asId = /^\d{1,10}$/.test(term) && Number(term) <= 2_147_483_647 ? Number(term) : null;
      q = q.where((eb) =>
        eb.or([
          eb('domains.url', 'ilike', likePattern(term)),
          eb('domains.website_id', '=', term),
          ...(asId !== null ? [eb('domains.id', '=', asId)] : []),
        ]),
      );
    }
    for (const c of parsed.whereRelation) {
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('domain_tags')
            .innerJoin('tags', 'tags.id', 'domain_tags.tag_id')
            .select(sql`1`.as('one'))
            .whereRef('domain_tags.domain_id', '=', 'domains.id')
            .where(conditionSql(c, 'tags')),
        ),
      );
    }
    const selected = applySelect(q, listColumns(parsed, DOMAIN_LIST_SPEC), { table: 'domains' });
    return runList(this.db, selected, parsed, { table: 'domains', defaultLimit: DOMAIN_LIST_DEFAULT_LIMIT });
  }

  /** One live domain in the actor's scope; undefined for unknown, deleted or another client's ids. */
  findLive(actor: Actor, id: number): Promise<DomainRecord | undefined> {
    return this.live(actor).select(PUBLIC_COLUMNS).where('domains.id', '=', id).executeTakeFirst();
  }

  /** Live domains in scope having any of the tags, oldest first. */
  withAnyTag(actor: Actor, tagIds: readonly number[]): Promise<DomainRecord[]> {
    return this.live(actor)
      .select(PUBLIC_COLUMNS)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('domain_tags')
            .select(sql`1`.as('one'))
            .whereRef('domain_tags.domain_id', '=', 'domains.id')
            .where('domain_tags.tag_id', 'in', [...tagIds]),
        ),
      )
      .orderBy('domains.id')
      .execute();
  }

  async clientIdOf(id: number): Promise<number> {
    const row = await this.db.selectFrom('domains').select('client_id').where('id', '=', id).executeTakeFirstOrThrow();
    return row.client_id;
  }

  /** Whether the client already has a live website with this (normalised) URL, other than `exceptId`. */
  async urlTaken(clientId: number, url: string, exceptId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('domains')
      .select('id')
      .where('client_id', '=', clientId)
      .where('url', '=', url)
      .where('deleted_at', 'is', null);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(values: {
    client_id: number;
    url: string;
    vapid_public_key: string;
    vapid_private_key: string;
  }): Promise<DomainRecord> {
    return this.db.insertInto('domains').values(values).returning(PUBLIC_COLUMNS).executeTakeFirstOrThrow();
  }

  /** Updates a live domain (the caller has checked scope); undefined when it was deleted meanwhile. */
  update(
    id: number,
    patch: { url?: string; postback?: string; is_active?: number },
  ): Promise<DomainRecord | undefined> {
    return this.db
      .updateTable('domains')
      .set({ ...patch, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirst();
  }

  /** Soft delete: sets deleted_at; the delivery engine stops sending for it, lists leave it out. */
  softDelete(id: number): Promise<DomainRecord | undefined> {
    return this.db
      .updateTable('domains')
      .set({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirst();
  }

  /** Websites (by website_id) in the actor's scope with their public VAPID key; unknown or foreign ids are left out. */
  async keysForActor(actor: Actor, websiteIds: readonly string[]) {
    if (websiteIds.length === 0) return [];
    const rows = await this.live(actor)
      .select(['domains.id', 'domains.website_id', 'domains.url', 'domains.vapid_public_key'])
      .where('domains.website_id', 'in', [...websiteIds])
      .orderBy('domains.id')
      .execute();
    return rows.filter((r): r is typeof r & { vapid_public_key: string } => r.vapid_public_key !== null);
  }

  /** Integration files were generated for these websites (in scope): the getting-started 'script' step. */
  async markIntegrationDownloaded(domainIds: readonly number[]): Promise<void> {
    if (domainIds.length === 0) return;
    await this.db
      .insertInto('integration_downloads')
      .columns(['domain_id', 'client_id'])
      .expression((eb) =>
        eb
          .selectFrom('domains')
          .select(['domains.id', 'domains.client_id'])
          .where('domains.id', 'in', [...domainIds]),
      )
      .onConflict((oc) => oc.column('domain_id').doUpdateSet({ last_at: new Date() }))
      .execute();
  }

  /** The newest subscription of a website (uses the (domain_id, created_at) index). */
  async lastSubscribedAt(domainId: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('subscribers')
      .select('created_at')
      .where('domain_id', '=', domainId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }
}
