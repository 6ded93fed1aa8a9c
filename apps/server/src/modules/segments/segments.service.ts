import {
  type JsSegment,
  SEGMENT_MSG,
  type Segment,
  type SegmentCount,
  type SegmentCreate,
  type SegmentExistsBody,
  type SegmentType,
  type SegmentUpdate,
  type SubscriberListRow,
  type SubscriberPage,
  storedAudienceQuerySchema,
} from '@pushdeck/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import { parseListQuery } from '../../lib/query/index.ts';
import type { Actor } from '../../plugins/types.ts';
import { SUBSCRIBER_PAGE_SPEC, type SubscribersService } from '../subscribers/subscribers.service.ts';
import type { WebsitesRepository } from '../subscribers/websites.repository.ts';
import { audienceSql, storedAudienceSql } from './segment-audience.ts';
import { SEGMENT_LIST_SPEC, type SegmentsRepository } from './segments.repository.ts';
import { sameAudience, sameStoredAudience } from './segments-match.ts';

type SegmentRow = NonNullable<Awaited<ReturnType<SegmentsRepository['find']>>>;

/** A row as the API answers it; a stored query of an unexpected shape reads as an empty filter list. */
function toSegment(row: SegmentRow): Segment {
  const query = storedAudienceQuerySchema.safeParse(row.query);
  return { ...row, query: query.success ? query.data : { filters: [] } };
}

export class SegmentsService {
  constructor(
    private readonly segments: SegmentsRepository,
    private readonly websites: WebsitesRepository,
    private readonly subscribers: SubscribersService,
  ) {}

  async list(actor: Actor, raw: Record<string, unknown>): Promise<Segment[]> {
    return (await this.segments.list(actor, parseListQuery(raw, SEGMENT_LIST_SPEC))).map(toSegment);
  }

  async get(actor: Actor, id: number): Promise<Segment> {
    const row = await this.segments.find(actor, id);
    if (!row) throw notFound('Segment not found.');
    return toSegment(row);
  }

  async js(actor: Actor, id: number): Promise<JsSegment> {
    const { name, type, query } = await this.get(actor, id);
    return { id, name, type, query };
  }

  private async website(actor: Actor, domainId: number) {
    const site = await this.websites.find(actor, { domainId });
    if (!site) throw notFound(SEGMENT_MSG.domainNotFound);
    return site;
  }

  /**
   * Refuses (422 on `name`) a second audience of the same type, name and query on one website. Callers hold the
   * website's audience lock, so two identical saves at once make one audience and refuse the other.
   */
  private async refuseDuplicate(
    actor: Actor,
    trx: Transaction<DB>,
    wanted: { domain_id: number; name: string; type: SegmentType; query: unknown },
    exceptId?: number,
  ): Promise<void> {
    const same = (await this.segments.named(actor, wanted.domain_id, wanted.name, trx)).find(
      (s) => s.id !== exceptId && s.type === wanted.type && sameStoredAudience(s.query, wanted.query),
    );
    if (same) throw new ValidationError({ name: [SEGMENT_MSG.duplicate(wanted.type)] });
  }

  async create(actor: Actor, body: SegmentCreate): Promise<Segment> {
    const site = await this.website(actor, body.domain_id);
    const id = await this.segments.inTransaction(async (trx) => {
      await this.segments.lockWebsite(trx, site.id);
      await this.refuseDuplicate(actor, trx, { ...body, domain_id: site.id });
      return (await this.segments.insert({ ...body, domain_id: site.id, client_id: site.client_id }, trx)).id;
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, body: SegmentUpdate): Promise<Segment> {
    const current = await this.get(actor, id);
    if (current.is_system === 1) throw forbidden(SEGMENT_MSG.systemLocked);
    if (body.domain_id !== undefined && body.domain_id !== current.domain_id) {
      throw new ValidationError({ domain_id: [SEGMENT_MSG.domainFixed] });
    }
    const { domain_id: _fixed, ...patch } = body;
    await this.segments.inTransaction(async (trx) => {
      await this.segments.lockWebsite(trx, current.domain_id);
      const after = {
        domain_id: current.domain_id,
        name: patch.name ?? current.name,
        type: patch.type ?? current.type,
        query: patch.query ?? current.query,
      };
      await this.refuseDuplicate(actor, trx, after, id);
      await this.segments.update(id, patch, trx);
    });
    return this.get(actor, id);
  }

  /** Refuses system audiences (403) and audiences of active schedules (422, naming them). */
  delete(actor: Actor, id: number): Promise<{ id: number; detached_schedule_ids: number[] }> {
    return this.segments.inTransaction(async (trx) => {
      const row = await this.segments.lock(trx, actor, id);
      if (!row) throw notFound('Segment not found.');
      if (row.is_system === 1) throw forbidden(SEGMENT_MSG.systemLocked);
      const uses = await this.segments.schedulesUsing(trx, id);
      const active = uses.filter((s) => s.is_active === 1);
      if (active.length > 0) throw new ValidationError({ id: [SEGMENT_MSG.inUse(row.type, active)] });
      await this.segments.delete(trx, id);
      return { id, detached_schedule_ids: uses.map((s) => s.id) };
    });
  }

  /** The live count of a query on a website (active subscribers). */
  async count(actor: Actor, body: SegmentCount) {
    const ref = body.domain_id !== undefined ? { domainId: body.domain_id } : { websiteId: body.website_id ?? '' };
    return this.subscribers.count(await this.subscribers.setOf(actor, ref, audienceSql(body.query)));
  }

  /** Is there a segment of this name with the same query (by signature) on the target website? */
  async exists(actor: Actor, body: SegmentExistsBody): Promise<{ exists: boolean; id?: number }> {
    const site = await this.website(actor, body.domain_id);
    const match = (await this.segments.named(actor, site.id, body.name)).find((s) => sameAudience(s.query, body.query));
    return match ? { exists: true, id: match.id } : { exists: false };
  }

  private async setOf(actor: Actor, id: number) {
    const segment = await this.get(actor, id);
    const set = await this.subscribers.setOf(actor, { domainId: segment.domain_id }, storedAudienceSql(segment.query));
    return { segment, set };
  }

  /** executeQueryField: the count (`count=true`) or the newest `limit` matching subscribers. */
  async execute(
    actor: Actor,
    id: number,
    opts: { count: boolean; limit: number },
  ): Promise<{ data: number; is_estimate: boolean } | { data: SubscriberListRow[] }> {
    const { set } = await this.setOf(actor, id);
    if (!opts.count) return { data: await this.subscribers.first(set, opts.limit) };
    const { total, estimate } = await this.subscribers.count(set);
    return { data: total, is_estimate: estimate };
  }

  async subscriberPage(actor: Actor, id: number, raw: Record<string, unknown>): Promise<SubscriberPage> {
    const parsed = parseListQuery(raw, SUBSCRIBER_PAGE_SPEC);
    const { set } = await this.setOf(actor, id);
    return this.subscribers.page(set, parsed);
  }

  /** The segment's name and its subscribers in keyset batches (the XLSX export). */
  async export(actor: Actor, id: number) {
    const { segment, set } = await this.setOf(actor, id);
    return { name: segment.name, id, batches: this.subscribers.batches(set) };
  }
}
