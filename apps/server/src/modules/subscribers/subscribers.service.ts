import type { SubscriberListRow, SubscriberPage, SubscriberUpdate } from '@pushdeck/contracts';
import type { Expression, SqlBool } from 'kysely';
import type { Actor } from '../../lib/actor.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import { type ListQuerySpec, type ParsedListQuery, parseListQuery } from '../../lib/query/index.ts';
import { DEFAULT_PAGE_LENGTH } from '../../lib/query/list-query-types.ts';
import type { SegmentLookup } from './segment-lookup.ts';
import { EXPORT_BATCH, type SubscriberSet } from './subscriber-set.ts';
import type { SubscribersRepository } from './subscribers.repository.ts';
import type { WebsiteRef, WebsitesRepository } from './websites.repository.ts';

/** A segment's subscribers: `paginate`, `pageLength`, `page`, `order_by=id:desc|asc`, `where[id]`. */
export const SUBSCRIBER_PAGE_SPEC: ListQuerySpec = {
  fields: { id: { type: 'int' } },
  defaultOrder: [{ field: 'id', dir: 'desc' }],
  maxPageLength: 1000,
};

/** A website's subscribers (More Info Subs): as above, plus `where[domain_id]`, `where[is_active]` and `seg_id`. */
export const SUBSCRIBER_LIST_SPEC: ListQuerySpec = {
  fields: { id: { type: 'int' }, domain_id: { type: 'int', sortable: false } },
  defaultOrder: [{ field: 'id', dir: 'desc' }],
  maxPageLength: 1000,
  extraParams: ['seg_id', 'where[is_active]'],
};

type Row = Omit<SubscriberListRow, 'website_id'>;
const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export class SubscribersService {
  constructor(
    private readonly subscribers: SubscribersRepository,
    private readonly websites: WebsitesRepository,
    private readonly segments: SegmentLookup,
  ) {}

  /** The active subscribers of a website in the actor's client, optionally narrowed by an audience; 404 if foreign. */
  async setOf(actor: Actor, ref: WebsiteRef, audience?: Expression<SqlBool>, active: 0 | 1 = 1) {
    const site = await this.websites.find(actor, ref);
    if (!site) throw notFound('Website not found.');
    const set: SubscriberSet = { actor, domainId: site.id, websiteId: site.website_id, active };
    if (audience) set.audience = audience;
    return set;
  }

  private withSite = (set: SubscriberSet) => (row: Row) => ({ ...row, website_id: set.websiteId });

  /** One numbered page (order by id) and the total (exact, or estimated past the count budget). */
  async page(set: SubscriberSet, parsed: ParsedListQuery): Promise<SubscriberPage> {
    const { page, pageLength } = parsed.pagination ?? { page: 1, pageLength: DEFAULT_PAGE_LENGTH };
    const narrowed: SubscriberSet = { ...set, where: parsed.where.filter((w) => w.field !== 'domain_id') };
    const dir = parsed.orderBy[0]?.dir ?? 'desc';
    const [rows, count] = await Promise.all([
      this.subscribers.page(narrowed, { offset: (page - 1) * pageLength, limit: pageLength, dir }),
      this.subscribers.count(narrowed),
    ]);
    return {
      data: rows.map(this.withSite(set)),
      total: count.total,
      total_is_estimate: count.estimate,
      page,
      pageLength,
    };
  }

  async first(set: SubscriberSet, limit: number): Promise<SubscriberListRow[]> {
    return (await this.subscribers.before(set, null, limit)).map(this.withSite(set));
  }

  count(set: SubscriberSet) {
    return this.subscribers.count(set);
  }

  /** Every row of the set, newest first, in keyset batches (exports). */
  async *batches(set: SubscriberSet, size = EXPORT_BATCH): AsyncGenerator<SubscriberListRow[]> {
    let before: number | null = null;
    for (;;) {
      const rows = await this.subscribers.before(set, before, size);
      if (rows.length === 0) return;
      yield rows.map(this.withSite(set));
      if (rows.length < size) return;
      before = rows.at(-1)?.id ?? null;
    }
  }

  /** GET /api/v1/subscribers: a website's subscribers, optionally those of one of its segments (`seg_id`). */
  async list(actor: Actor, raw: Record<string, unknown>): Promise<SubscriberPage> {
    const parsed = parseListQuery(raw, SUBSCRIBER_LIST_SPEC);
    const segId = single(parsed.extra.seg_id);
    const activeText = single(parsed.extra['where[is_active]']) ?? '1';
    const errors: Record<string, string[]> = {};
    if (segId !== undefined && !/^\d{1,9}$/.test(segId)) errors.seg_id = ['seg_id must be an integer.'];
    if (activeText !== '0' && activeText !== '1') errors['where[is_active]'] = ['where[is_active] must be 1 or 0.'];
    const domainCondition = parsed.where.find((w) => w.field === 'domain_id');
    const domainId = domainCondition?.op === '=' ? Number(domainCondition.value) : undefined;
    if (domainId === undefined && segId === undefined) errors['where[domain_id]'] = ['Required.'];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    let audience: Expression<SqlBool> | undefined;
    let ref: WebsiteRef | undefined = domainId === undefined ? undefined : { domainId };
    if (segId !== undefined) {
      const segment = await this.segments.find(actor, Number(segId));
      if (!segment) throw notFound('Segment not found.');
      if (domainId !== undefined && domainId !== segment.domainId) {
        throw new ValidationError({ seg_id: ['The segment belongs to another website.'] });
      }
      ref = { domainId: segment.domainId };
      audience = segment.audience;
    }
    const set = await this.setOf(actor, ref ?? { domainId: 0 }, audience, activeText === '0' ? 0 : 1);
    return this.page(set, parsed);
  }

  /** Inline edit of the page URLs; 404 for a subscriber of another client. */
  async update(actor: Actor, id: number, patch: SubscriberUpdate): Promise<SubscriberListRow> {
    if (!(await this.subscribers.updateUrls(actor, id, patch))) throw notFound('Subscriber not found.');
    const row = await this.subscribers.find(actor, id);
    if (!row) throw notFound('Subscriber not found.');
    return row;
  }
}
