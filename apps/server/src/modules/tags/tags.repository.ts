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

const COLUMNS = ['id', 'name', 'type'] as const;
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The global tag taxonomy. Deleting a tag removes it from every website (domain_tags cascade). */
export class TagsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(parsed: ParsedListQuery, filter: { type?: TagType | undefined }): Promise<TagListResult> {
    let q = this.db.selectFrom('tags');
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

  find(id: number): Promise<Tag | undefined> {
    return this.db.selectFrom('tags').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Whether a tag of this type already has this name (case-insensitive), other than `exceptId`. */
  async nameTaken(name: string, type: TagType, exceptId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('tags')
      .select('id')
      .where('type', '=', type)
      .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(tag: { name: string; type: TagType }): Promise<Tag> {
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
