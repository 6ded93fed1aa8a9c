import { TAG_MSG, TAG_TYPES, type Tag, type TagType, type TagUpdate, type TagWrite } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import { parseListQuery } from '../../lib/query/index.ts';
import type { Actor } from '../../plugins/types.ts';
import { isUniqueViolation } from '../domains/db-errors.ts';
import { TAG_LIST_SPEC } from './tag-list-spec.ts';
import { type TagListResult, type TagScope, TagsRepository } from './tags.repository.ts';

const exists = () => new ValidationError({ name: [TAG_MSG.exists] });
const isTagType = (v: unknown): v is TagType => typeof v === 'string' && (TAG_TYPES as readonly string[]).includes(v);

/** What an actor sees: staff for no client see every tag; anyone else the global tags and their client's. */
export function tagScope(actor: Actor): TagScope {
  if (actor.clientId === null && actor.user.isStaff) return { kind: 'all' };
  return { kind: 'client', clientId: actor.clientId };
}

/**
 * Who owns a tag an actor creates: staff make global tags (whichever client they act for); a client's user makes
 * its client's tags.
 */
function ownerOf(actor: Actor): number | null {
  if (actor.user.isStaff) return null;
  if (actor.clientId === null) throw forbidden();
  return actor.clientId;
}

/**
 * Tags (Tags Manager): global tags staff manage, and each client's own (docs/console.md). Names are unique per type,
 * case-insensitively, among the tags one owner sees.
 */
export class TagsService {
  private readonly tags: TagsRepository;

  constructor(db: Kysely<DB>) {
    this.tags = new TagsRepository(db);
  }

  /** Optional `type` (one of the four), `search` (name text), and the shared list parameters. */
  async list(actor: Actor, rawQuery: Record<string, unknown>): Promise<TagListResult> {
    const parsed = parseListQuery(rawQuery, TAG_LIST_SPEC);
    const type = parsed.extra.type;
    if (type !== undefined && type !== '' && !isTagType(type)) throw new ValidationError({ type: [TAG_MSG.type] });
    return this.tags.list(tagScope(actor), parsed, { type: isTagType(type) ? type : undefined });
  }

  async create(actor: Actor, input: TagWrite): Promise<Tag> {
    const owner = ownerOf(actor);
    if (await this.tags.nameTaken(input.name, input.type, owner)) throw exists();
    return this.write(() => this.tags.insert({ ...input, client_id: owner }));
  }

  /** Renames a tag (and changes its type when given). */
  async update(actor: Actor, id: number, input: TagUpdate): Promise<Tag> {
    const current = await this.editable(actor, id);
    if (input.id !== undefined && input.id !== id) throw new ValidationError({ id: [TAG_MSG.idMismatch] });
    const next = { name: input.name, type: input.type ?? current.type };
    if (await this.tags.nameTaken(next.name, next.type, current.client_id ?? null, id)) throw exists();
    const updated = await this.write(() => this.tags.update(id, next));
    if (!updated) throw notFound(TAG_MSG.notFound);
    return updated;
  }

  /** Deletes the tag and takes it off every website. */
  async remove(actor: Actor, id: number): Promise<Tag> {
    await this.editable(actor, id);
    const deleted = await this.tags.delete(id);
    if (!deleted) throw notFound(TAG_MSG.notFound);
    return deleted;
  }

  /**
   * A tag the actor may change: staff any they see; a client only its own (a global tag: 403; another client's
   * is not seen: 404).
   */
  private async editable(actor: Actor, id: number): Promise<Tag> {
    const tag = await this.tags.find(tagScope(actor), id);
    if (!tag) throw notFound(TAG_MSG.notFound);
    if (!actor.user.isStaff && (tag.client_id ?? null) === null) throw forbidden(TAG_MSG.shared);
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
