import type { Tag, TagType } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  applyListQuery,
  applySelect,
  type ParsedListQuery,
  runPaginated,
  selectedColumns,
} from '../../lib/query/index.ts';
import { TAG_LIST_SPEC } from './tag-list-spec.ts';

export type TagListResult =
  | { kind: 'list'; rows: Partial<Tag>[] }
  | { kind: 'page'; rows: Partial<Tag>[]; total: number; page: number; pageLength: number };

const COLUMNS = ['id', 'name', 'type', 'client_id'] as const;

/**
 * Which tags an actor sees: `all` (staff acting for no client), or the global tags plus those of `clientId`
 * (null: the global tags alone).
 */
export type TagScope = { kind: 'all' } | { kind: 'client'; clientId: number | null };
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Global tags (staff) and each client's own tags, always read through a scope. Deleting a tag removes it from every
 * website (domain_tags cascade).
 */
export class TagsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped(scope: TagScope) {
    const q = this.db.selectFrom('tags');
    if (scope.kind === 'all') return q;
    const { clientId } = scope;
    if (clientId === null) return q.where('tags.client_id', 'is', null);
    return q.where((eb) => eb.or([eb('tags.client_id', 'is', null), eb('tags.client_id', '=', clientId)]));
  }

  async list(scope: TagScope, parsed: ParsedListQuery, filter: { type?: TagType | undefined }): Promise<TagListResult> {
    let q = this.scoped(scope);
    if (filter.type) q = q.where('tags.type', '=', filter.type);
    if (parsed.search) q = q.where('tags.name', 'ilike', likePattern(parsed.search));
    if (parsed.orderBy.length === 0) q = q.orderBy(sql`lower(tags.name) collate "C"`).orderBy('tags.id');
    const selected = applySelect(q, selectedColumns(parsed, TAG_LIST_SPEC), { table: 'tags' });
    if (parsed.pagination) {
      const page = await runPaginated(this.db, selected, parsed, { table: 'tags' });
      return { kind: 'page', ...page, rows: page.data as Partial<Tag>[] };
    }
    const rows = await applyListQuery(selected, parsed, { table: 'tags' }).execute();
    return { kind: 'list', rows: rows as Partial<Tag>[] };
  }

  find(scope: TagScope, id: number): Promise<Tag | undefined> {
    return this.scoped(scope).select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Whether a tag of this type already has this name (case-insensitive), other than `exceptId`, among the tags
   * `owner` sees: the global ones, and for a client its own too (a client's tag never shadows a global one).
   */
  async nameTaken(name: string, type: TagType, owner: number | null, exceptId?: number): Promise<boolean> {
    let q = this.scoped({ kind: 'client', clientId: owner })
      .select('id')
      .where('type', '=', type)
      .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(tag: { name: string; type: TagType; client_id: number | null }): Promise<Tag> {
    return this.db.insertInto('tags').values(tag).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  update(id: number, patch: { name: string; type: TagType }): Promise<Tag | undefined> {
    return this.db
      .updateTable('tags')
      .set({ ...patch, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  delete(id: number): Promise<Tag | undefined> {
    return this.db.deleteFrom('tags').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
  }
}
