import {
  type Drip,
  domainListRowSchema,
  dripListRowSchema,
  dripSchema,
  LIMITS,
  paginated,
  tagSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api, type QueryParams } from '@/lib/api';

/** The calls of Drip Manager and Drip Setup (spec part 2 §7 Drips, Domains, Tags; part 1 §7 Messages list). */
export type ManagedType = 'recurring' | 'welcome';
export type ManagedDrip = z.infer<typeof dripListRowSchema>;
export type SetupDomain = z.infer<typeof setupDomainSchema>;
export type SetupTag = z.infer<typeof tagSchema>;

const setupDomainSchema = domainListRowSchema.required({ id: true, url: true });
const pagedDrips = paginated(dripListRowSchema);
const plainDrips = wrapped(z.array(dripListRowSchema));
const domainList = wrapped(z.array(setupDomainSchema));
const tagList = wrapped(z.array(tagSchema));
const savedDrips = wrapped(z.array(dripSchema));

/** Downloads take at most this many records, from offset 0 (spec part 1 §8). */
export const DOWNLOAD_MAX = 10_000;

export interface ManagerFilters {
  type: ManagedType;
  /** 1 Active, 0 Inactive, null both. */
  status: 0 | 1 | null;
  domainId: number | null;
}

/** The list query of the filters: where[domain_id], where[is_active], newest first. */
export function filterQuery(f: ManagerFilters): QueryParams {
  return {
    ...(f.domainId !== null ? { 'where[domain_id]': f.domainId } : {}),
    ...(f.status !== null ? { 'where[is_active]': f.status } : {}),
  };
}

/** One page of GET v1/drips/{type}/get (data.data.data + data.data.total), schedules and audiences included. */
export async function fetchManagedPage(
  filters: ManagerFilters,
  paging: { page: number; pageLength: number; orderBy: string; withStats?: boolean },
  signal?: AbortSignal,
) {
  const query: QueryParams = {
    ...filterQuery(filters),
    'with[schedules.audiences]': '*',
    ...(paging.withStats ? { 'with[stats]': '*' } : {}),
    order_by: paging.orderBy,
    paginate: 'true',
    page: paging.page,
    pageLength: paging.pageLength,
  };
  const body = pagedDrips.parse(await api.get<unknown>(`/v1/drips/${filters.type}/get`, { query, signal }));
  return { rows: body.data.data, total: body.data.total };
}

/** Every drip of the filters up to `max`, in pages of 1000 until a short page (downloads, select-all deletes). */
export async function fetchAllManaged(
  filters: ManagerFilters,
  orderBy: string,
  select: string,
  max = DOWNLOAD_MAX,
): Promise<ManagedDrip[]> {
  const size = LIMITS.bulkPageSize;
  const rows: ManagedDrip[] = [];
  for (let offset = 0; offset < max; offset += size) {
    const query: QueryParams = { ...filterQuery(filters), order_by: orderBy, select, limit: size, offset };
    const page = plainDrips.parse(await api.get<unknown>(`/v1/drips/${filters.type}/get`, { query })).data;
    rows.push(...page);
    if (page.length < size) break;
  }
  return rows.slice(0, max);
}

/** DELETE v1/drips/{id}. */
export async function deleteManaged(id: number): Promise<void> {
  await api.delete<unknown>(`/v1/drips/${id}`);
}

/** POST v1/drips/deleteArray (multipart domain_id + comma-joined ids), once per website of the given drips. */
export async function deleteManagedMany(drips: readonly { id: number; domain_id: number }[]): Promise<void> {
  const byDomain = new Map<number, number[]>();
  for (const d of drips) byDomain.set(d.domain_id, [...(byDomain.get(d.domain_id) ?? []), d.id]);
  for (const [domainId, ids] of byDomain) {
    const form = new FormData();
    form.append('domain_id', String(domainId));
    form.append('ids', ids.join(','));
    await api.post<unknown>('/v1/drips/deleteArray', { body: form });
  }
}

/** Every website in scope with its tags (GET v1/domains/get, with[domain_tags], pages of 1000 until a short page). */
export async function fetchAllDomains(signal?: AbortSignal): Promise<SetupDomain[]> {
  const size = LIMITS.bulkPageSize;
  const rows: SetupDomain[] = [];
  for (let offset = 0; ; offset += size) {
    const query = { 'with[domain_tags]': '*', order_by: 'url:asc', limit: size, offset };
    const page = domainList.parse(await api.get<unknown>('/v1/domains/get', { query, signal })).data;
    rows.push(...page);
    if (page.length < size) return rows;
  }
}

/** GET v1/tags: the tags of the Drip Setup tree. */
export async function fetchTags(signal?: AbortSignal): Promise<SetupTag[]> {
  return tagList.parse(await api.get<unknown>('/v1/tags', { signal })).data;
}

/**
 * POST v1/drips/recurring/setup: the drip on its website (the audience's) and on every other chosen website, each with
 * its audience of the same name (made where missing), in one transaction; the saved drips, the audience's website first.
 */
export async function setupRecurring(drip: Record<string, unknown>, otherDomainIds: number[]): Promise<Drip[]> {
  const body = { drip, domain_ids: otherDomainIds };
  return savedDrips.parse(await api.post<unknown>('/v1/drips/recurring/setup', { body })).data;
}
