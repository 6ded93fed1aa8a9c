import { DOMAIN_MSG, type DomainCreate, type DomainUpdate, MSG, TAG_MSG, type Tag } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import { parseListQuery } from '../../lib/query/index.ts';
import { QuotaRepository } from '../billing/quota.repository.ts';
import { QUOTA_MSG } from '../billing/quota-messages.ts';
import { isForeignKeyViolation, isUniqueViolation } from './db-errors.ts';
import { newDomainKeys } from './domain-keys.ts';
import { DOMAIN_LIST_SPEC } from './domain-list-spec.ts';
import { DomainTagsRepository } from './domain-tags.repository.ts';
import { normaliseSiteUrl } from './domain-url.ts';
import { type DomainListResult, type DomainRecord, DomainsRepository } from './domains.repository.ts';

export type DomainWithTags = DomainRecord & { domain_tags: Tag[] };

const alreadyAdded = () => new ValidationError({ url: [DOMAIN_MSG.alreadyAdded] });

/** Websites of the actor's client: lists, one website, add, change, soft delete, and their tags. */
export class DomainsService {
  private readonly domains: DomainsRepository;
  private readonly tags: DomainTagsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
  ) {
    this.domains = new DomainsRepository(db);
    this.tags = new DomainTagsRepository(db);
  }

  /** `GET /v1/domains/get` and `GET /v1/domains`: the shared list-query parameters; `with[domain_tags]=*` embeds tags. */
  async list(actor: Actor, rawQuery: Record<string, unknown>): Promise<DomainListResult> {
    const parsed = parseListQuery(rawQuery, DOMAIN_LIST_SPEC);
    if (parsed.limit === 0) throw new ValidationError({ limit: ['limit must be at least 1.'] });
    const result = await this.domains.list(actor, parsed);
    if (!parsed.with.includes('domain_tags')) return result;
    const tags = await this.tags.tagsOf(result.rows.map((r) => r.id).filter((id) => id !== undefined));
    return { ...result, rows: result.rows.map((r) => ({ ...r, domain_tags: tags.get(r.id ?? 0) ?? [] })) };
  }

  async show(actor: Actor, id: number): Promise<DomainWithTags & { last_subscribed_at: Date | null }> {
    const [domain] = await this.withTags([await this.find(actor, id)]);
    return { ...domain!, last_subscribed_at: await this.domains.lastSubscribedAt(id) };
  }

  /** Live websites in scope having any of the tag ids, each with its tags. */
  async searchByTags(actor: Actor, tagIds: readonly number[]): Promise<DomainWithTags[]> {
    return this.withTags(await this.domains.withAnyTag(actor, tagIds));
  }

  /** Adds a website to the actor's client with a fresh website_id and VAPID key pair. */
  async create(actor: Actor, body: DomainCreate): Promise<DomainWithTags> {
    if (actor.clientId === null) throw new ValidationError({ client: [MSG.selectClient] });
    const url = siteUrl(body.url);
    if (await this.domains.urlTaken(actor.clientId, url)) throw alreadyAdded();
    const clientId = actor.clientId;
    const quota = await new QuotaRepository(this.db).quotaOf(clientId);
    try {
      const domain = await this.db.transaction().execute(async (trx) => {
        const quotas = new QuotaRepository(trx);
        if (quota.websites !== null) {
          await quotas.lockWebsites(clientId);
          if ((await quotas.liveWebsites(clientId)) >= quota.websites)
            throw new ValidationError({ url: [QUOTA_MSG.websites(quota.websites)] });
        }
        return new DomainsRepository(trx).insert({ client_id: clientId, url, ...newDomainKeys(this.box) });
      });
      return { ...domain, domain_tags: [] };
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyAdded();
      throw error;
    }
  }

  /** Renames it, sets its postback, or switches it on or off (is_active 0/1). */
  async update(actor: Actor, id: number, body: DomainUpdate): Promise<DomainWithTags> {
    const current = await this.find(actor, id);
    if (body.id !== undefined && body.id !== id) throw new ValidationError({ id: [DOMAIN_MSG.idMismatch] });
    const patch: { url?: string; postback?: string; is_active?: number } = {};
    if (body.url !== undefined) {
      patch.url = siteUrl(body.url);
      const clientId = await this.clientOf(actor, current);
      if (patch.url !== current.url && (await this.domains.urlTaken(clientId, patch.url, id))) throw alreadyAdded();
    }
    if (body.postback !== undefined) patch.postback = body.postback;
    if (body.is_active !== undefined) patch.is_active = body.is_active;
    try {
      const updated = await this.domains.update(id, patch);
      if (!updated) throw notFound(DOMAIN_MSG.notFound);
      return (await this.withTags([updated]))[0]!;
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyAdded();
      throw error;
    }
  }

  /** Soft delete: it leaves every list, answers 404, and nothing is sent for it any more. */
  async remove(actor: Actor, id: number): Promise<DomainRecord> {
    await this.find(actor, id);
    const deleted = await this.domains.softDelete(id);
    if (!deleted) throw notFound(DOMAIN_MSG.notFound);
    return deleted;
  }

  async addTags(actor: Actor, id: number, tagIds: readonly number[]): Promise<DomainWithTags> {
    const domain = await this.find(actor, id);
    // Global tags, or the website's own client's: never another client's.
    const known = await this.tags.usableTagIds(tagIds, await this.clientOf(actor, domain));
    if (tagIds.some((t) => !known.has(t))) throw new ValidationError({ tags: [TAG_MSG.unknownTags] });
    try {
      await this.tags.add(id, tagIds);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new ValidationError({ tags: [TAG_MSG.unknownTags] });
      throw error;
    }
    return (await this.withTags([domain]))[0]!;
  }

  /** Detaches the tags; ids the website does not carry are ignored. */
  async removeTags(actor: Actor, id: number, tagIds: readonly number[]): Promise<DomainWithTags> {
    const domain = await this.find(actor, id);
    await this.tags.remove(id, tagIds);
    return (await this.withTags([domain]))[0]!;
  }

  private async find(actor: Actor, id: number): Promise<DomainRecord> {
    const domain = await this.domains.findLive(actor, id);
    if (!domain) throw notFound(DOMAIN_MSG.notFound);
    return domain;
  }

  /** The client a found website belongs to (staff without a client header may act on any client's website). */
  private async clientOf(actor: Actor, domain: DomainRecord): Promise<number> {
    return actor.clientId ?? (await this.domains.clientIdOf(domain.id));
  }

  private async withTags<T extends DomainRecord>(domains: T[]): Promise<(T & { domain_tags: Tag[] })[]> {
    const tags = await this.tags.tagsOf(domains.map((d) => d.id));
    return domains.map((d) => ({ ...d, domain_tags: tags.get(d.id) ?? [] }));
  }
}

function siteUrl(input: string): string {
  const url = normaliseSiteUrl(input);
  if (url === null) throw new ValidationError({ url: [DOMAIN_MSG.invalidUrl] });
  return url;
}
