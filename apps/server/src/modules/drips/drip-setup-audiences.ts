import type { AudienceQuery, SegmentType } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { SegmentsRepository } from '../segments/segments.repository.ts';

export interface SourceAudience {
  name: string;
  type: SegmentType;
  query: AudienceQuery;
}

/**
 * Drip Setup's audiences on the other websites, inside the call's transaction: each website uses its own audience of
 * the same name and type, and gets one made with the same query where it has none.
 */
export class SetupAudiences {
  private readonly segments: SegmentsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly actor: Actor,
  ) {
    this.segments = new SegmentsRepository(db);
  }

  /** The drip's audiences on its own website (already checked to be that website's). */
  async sources(ids: readonly number[]): Promise<SourceAudience[]> {
    const out: SourceAudience[] = [];
    for (const id of ids) {
      const row = await this.segments.find(this.actor, id);
      if (row) out.push({ name: row.name, type: row.type as SegmentType, query: row.query as AudienceQuery });
    }
    return out;
  }

  /**
   * Holds, until the transaction ends, the right to make audiences on these websites (a transaction-scoped advisory
   * lock per website, taken in id order): two Drip Setups at once that need the same missing audience make it once;
   * the second finds the first's when it gets the lock.
   */
  async lockWebsites(siteIds: readonly number[]): Promise<void> {
    for (const id of [...new Set(siteIds)].sort((a, b) => a - b)) {
      await this.segments.lockWebsite(this.db, id);
    }
  }

  /** The ids of the same-named audiences on `site`, made where missing. */
  async on(site: { id: number; client_id: number }, sources: readonly SourceAudience[]): Promise<number[]> {
    const ids: number[] = [];
    for (const source of sources) {
      const found = (await this.segments.named(this.actor, site.id, source.name)).find((s) => s.type === source.type);
      ids.push(
        found
          ? found.id
          : (await this.segments.insert({ ...source, domain_id: site.id, client_id: site.client_id })).id,
      );
    }
    return ids;
  }
}
