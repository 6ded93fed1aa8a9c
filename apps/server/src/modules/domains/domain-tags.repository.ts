import type { Tag } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The tags of websites (domain_tags); the caller has checked the websites are in the actor's scope. */
export class DomainTagsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Each domain's tags, by type then name. */
  async tagsOf(domainIds: readonly number[]): Promise<Map<number, Tag[]>> {
    const out = new Map<number, Tag[]>(domainIds.map((id) => [id, []]));
    if (domainIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('domain_tags')
      .innerJoin('tags', 'tags.id', 'domain_tags.tag_id')
      .select(['domain_tags.domain_id', 'tags.id', 'tags.name', 'tags.type'])
      .where('domain_tags.domain_id', 'in', [...new Set(domainIds)])
      .orderBy('tags.type')
      .orderBy('tags.name')
      .orderBy('tags.id')
      .execute();
    for (const { domain_id, ...tag } of rows) out.get(domain_id)?.push(tag);
    return out;
  }

  /** Which of these tag ids a website of `clientId` may carry: the global tags and that client's own. */
  async usableTagIds(tagIds: readonly number[], clientId: number): Promise<Set<number>> {
    if (tagIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('tags')
      .select('id')
      .where('id', 'in', [...tagIds])
      .where((eb) => eb.or([eb('client_id', 'is', null), eb('client_id', '=', clientId)]))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async add(domainId: number, tagIds: readonly number[]): Promise<void> {
    if (tagIds.length === 0) return;
    await this.db
      .insertInto('domain_tags')
      .values(tagIds.map((tag_id) => ({ domain_id: domainId, tag_id })))
      .onConflict((oc) => oc.columns(['domain_id', 'tag_id']).doNothing())
      .execute();
  }

  async remove(domainId: number, tagIds: readonly number[]): Promise<void> {
    if (tagIds.length === 0) return;
    await this.db
      .deleteFrom('domain_tags')
      .where('domain_id', '=', domainId)
      .where('tag_id', 'in', [...tagIds])
      .execute();
  }
}
