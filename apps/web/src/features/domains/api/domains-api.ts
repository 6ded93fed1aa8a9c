import {
  type Domain,
  type DomainUpdate,
  domainListRowSchema,
  domainSchema,
  domainWrittenSchema,
  LIMITS,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api } from '@/lib/api';

const domainShowResponse = wrapped(z.array(domainSchema));
const domainCreated = domainWrittenSchema;

/** A row of the Domains List: what the table shows and the CSV / zip need. */
export const domainRowSchema = domainListRowSchema.required({ id: true, website_id: true, url: true });
export type DomainRow = z.infer<typeof domainRowSchema>;

const listPage = z.union([
  // paginate=true: data.data.data + data.data.total (the shared list-query module).
  z.object({ data: z.object({ data: z.array(domainRowSchema), total: z.number().int() }) }),
  // limit/offset: a plain list.
  wrapped(z.array(domainRowSchema)),
]);

export class DomainNotFoundError extends Error {}

/** GET /v1/domains/{id}: the website as data.data[0]. */
export async function fetchDomain(id: number, signal?: AbortSignal): Promise<Domain> {
  const body = domainShowResponse.parse(await api.get<unknown>(`/v1/domains/${id}`, { signal }));
  const domain = body.data[0];
  if (!domain) throw new DomainNotFoundError('Website not found.');
  return domain;
}

/** POST /v1/domains {url} → 201 with the new website (its website_id and VAPID key made by the server). */
export async function createDomain(url: string): Promise<Domain> {
  return domainCreated.parse(await api.post<unknown>('/v1/domains', { body: { url } })).data;
}

/** PUT /v1/domains/{id} with fcm_conf 'client' plus one of url, postback or is_active. */
/** Answers the server's notice when part of a typed address was not kept (only the origin is). */
export async function updateDomain(
  id: number,
  patch: Omit<DomainUpdate, 'fcm_conf' | 'id'>,
): Promise<string | undefined> {
  const answer = await api.put<unknown>(`/v1/domains/${id}`, { body: { fcm_conf: 'client', ...patch } });
  const parsed = domainWrittenSchema.safeParse(answer);
  return parsed.success ? parsed.data.message : undefined;
}

export interface DomainListQuery {
  search: string;
  page: number;
  pageLength: number;
  orderBy: string;
}

/** One page of GET /v1/domains/get with the tags of each website. */
export async function fetchDomainPage(query: DomainListQuery, signal?: AbortSignal) {
  const body = listPage.parse(
    await api.get<unknown>('/v1/domains/get', {
      signal,
      query: {
        'with[domain_tags]': '*',
        search: query.search.trim() || undefined,
        order_by: query.orderBy,
        paginate: true,
        page: query.page,
        pageLength: query.pageLength,
      },
    }),
  );
  if (Array.isArray(body.data)) {
    // A server without paging totals: show this page and keep one more page reachable while pages are full.
    const seen = (query.page - 1) * query.pageLength + body.data.length;
    return { rows: body.data, total: body.data.length === query.pageLength ? seen + 1 : seen };
  }
  return { rows: body.data.data, total: body.data.total };
}

/** Every website matching `search` (for CSV and zip), in pages of 1000 until a short page (spec part 2 §7). */
export async function fetchAllDomains(search: string, orderBy: string): Promise<DomainRow[]> {
  const size = LIMITS.bulkPageSize;
  const rows: DomainRow[] = [];
  for (let offset = 0; ; offset += size) {
    const body = wrapped(z.array(domainRowSchema)).parse(
      await api.get<unknown>('/v1/domains/get', {
        query: { 'with[domain_tags]': '*', search: search.trim() || undefined, order_by: orderBy, limit: size, offset },
      }),
    );
    rows.push(...body.data);
    if (body.data.length < size) return rows;
  }
}

/** POST /v1/domains/addTags/{id}?tags[]=… or removeTags. */
export async function changeDomainTags(id: number, action: 'addTags' | 'removeTags', tagIds: number[]) {
  await api.post<unknown>(`/v1/domains/${action}/${id}`, { query: { tags: tagIds } });
}
