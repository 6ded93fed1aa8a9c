import { TAG_MSG, TAG_TYPES, type Tag, type TagType, type TagUpdate, type TagWrite } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import { parseListQuery } from '../../lib/query/index.ts';
import { isUniqueViolation } from '../domains/db-errors.ts';
import { TAG_LIST_SPEC } from './tag-list-spec.ts';
import { type TagListResult, TagsRepository } from './tags.repository.ts';

const exists = () => new ValidationError({ name: [TAG_MSG.exists] });
const isTagType = (v: unknown): v is TagType => typeof v === 'string' && (TAG_TYPES as readonly string[]).includes(v);

/** The global tag taxonomy (Tags Manager): names unique per type, case-insensitively. */
export class TagsService {
  private readonly tags: TagsRepository;

  constructor(db: Kysely<DB>) {
    this.tags = new TagsRepository(db);
  }

  /** Optional `type` (one of the four), `search` (name text), and the shared list parameters. */
  async list(rawQuery: Record<string, unknown>): Promise<TagListResult> {
    const parsed = parseListQuery(rawQuery, TAG_LIST_SPEC);
    const type = parsed.extra.type;
    if (type !== undefined && type !== '' && !isTagType(type)) throw new ValidationError({ type: [TAG_MSG.type] });
    return this.tags.list(parsed, { type: isTagType(type) ? type : undefined });
  }

  async create(input: TagWrite): Promise<Tag> {
    if (await this.tags.nameTaken(input.name, input.type)) throw exists();
    return this.write(() => this.tags.insert(input));
  }

  /** Renames a tag (and changes its type when given). */
  async update(id: number, input: TagUpdate): Promise<Tag> {
    const current = await this.find(id);
    if (input.id !== undefined && input.id !== id) throw new ValidationError({ id: [TAG_MSG.idMismatch] });
    const next = { name: input.name, type: input.type ?? current.type };
    if (await this.tags.nameTaken(next.name, next.type, id)) throw exists();
    const updated = await this.write(() => this.tags.update(id, next));
    if (!updated) throw notFound(TAG_MSG.notFound);
    return updated;
  }

  /** Deletes the tag and takes it off every website. */
  async remove(id: number): Promise<Tag> {
    const deleted = await this.tags.delete(id);
    if (!deleted) throw notFound(TAG_MSG.notFound);
    return deleted;
  }

  private async find(id: number): Promise<Tag> {
    const tag = await this.tags.find(id);
    if (!tag) throw notFound(TAG_MSG.notFound);
    return tag;
  }

  /** A concurrent write of the same name loses to the unique index: the same 422 as the check above. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw exists();
      throw error;
    }
  }
}
