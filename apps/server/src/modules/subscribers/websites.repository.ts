import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { scopeToActor } from '../../lib/tenancy.ts';

export type WebsiteRef = { domainId: number } | { websiteId: string };

/** A live website of the actor's client, by domain id or public website id (subscriber pages, counts, audiences). */
export class WebsitesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  find(actor: Actor, ref: WebsiteRef) {
    let q = this.db
      .selectFrom('domains')
      .select(['domains.id', 'domains.client_id', 'domains.website_id'])
      .where('domains.deleted_at', 'is', null);
    q =
      'domainId' in ref ? q.where('domains.id', '=', ref.domainId) : q.where('domains.website_id', '=', ref.websiteId);
    return scopeToActor(q, actor, 'domains.client_id').executeTakeFirst();
  }
}
