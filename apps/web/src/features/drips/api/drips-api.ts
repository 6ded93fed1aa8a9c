import {
  type Drip,
  dripGroupSchema,
  dripListRowSchema,
  dripSchema,
  paginated,
  type Schedule,
  scheduleSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api, type QueryParams } from '@/lib/api';

/** The calls of the drips screens (spec part 2 §7 Drips, Recurring groups, Spam schedules, Images). */
export type DripRow = z.infer<typeof dripListRowSchema>;
export type EditableType = 'welcome' | 'recurring';

const dripList = wrapped(z.array(dripSchema));
const pagedDrips = paginated(dripListRowSchema);
const plainDrips = wrapped(z.array(dripListRowSchema));
const groupList = wrapped(z.array(dripGroupSchema));
const pagedSchedules = paginated(scheduleSchema);
const uploaded = wrapped(z.array(z.object({ full_url: z.string() })));
const audienceList = wrapped(z.array(z.object({ id: z.number(), name: z.string(), type: z.string() })));
const domainAnswer = wrapped(
  z.array(z.object({ id: z.number(), url: z.string() })).or(z.object({ id: z.number(), url: z.string() })),
);

export interface Page<T> {
  rows: T[];
  total: number;
}

/** GET v1/drips/{type}/get as a numbered page (data.data.data + data.data.total). */
export async function fetchDripPage(
  type: EditableType,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<Page<DripRow>> {
  const body = pagedDrips.parse(
    await api.get<unknown>(`/v1/drips/${type}/get`, { query: { ...query, paginate: 'true' }, signal }),
  );
  return { rows: body.data.data, total: body.data.total };
}

/** GET v1/drips/{type}/get without paging (a website's welcome drips, a picker's recurring drips). */
export async function fetchDripList(type: EditableType, query: QueryParams, signal?: AbortSignal): Promise<DripRow[]> {
  return plainDrips.parse(await api.get<unknown>(`/v1/drips/${type}/get`, { query, signal })).data;
}

/** One drip of a website with its schedules and audiences (where[id], where[domain_id]); null when not found. */
export async function fetchDrip(type: EditableType, domainId: number, id: number, signal?: AbortSignal) {
  const rows = await fetchDripList(
    type,
    { 'where[id]': id, 'where[domain_id]': domainId, 'with[schedules.audiences]': '*', limit: 1 },
    signal,
  );
  return rows[0] ?? null;
}

/** POST v1/drips/{type}/createOrUpdate with a list of drips; answers the saved drips. */
export async function saveDrips(type: EditableType, drips: unknown[]): Promise<Drip[]> {
  return dripList.parse(await api.post<unknown>(`/v1/drips/${type}/createOrUpdate`, { body: drips })).data;
}

/** POST v1/drips/{type}/updateStatus/{domain_id}/{group_id}/{status} (group null: the ungrouped drips). */
export async function updateStatus(type: EditableType, domainId: number, groupId: number | null, status: 0 | 1) {
  await api.post<unknown>(`/v1/drips/${type}/updateStatus/${domainId}/${groupId ?? 'null'}/${status}`);
}

/** DELETE v1/drips/{type}/delete/{groupId}/{id}. */
export async function deleteDrip(type: EditableType, groupId: number | null, id: number) {
  await api.delete<unknown>(`/v1/drips/${type}/delete/${groupId ?? 'null'}/${id}`);
}

export async function fetchGroups(domainId: number, signal?: AbortSignal) {
  return groupList.parse(
    await api.get<unknown>('/v1/abstract/groups/by-domain', { query: { domain_id: domainId }, signal }),
  ).data;
}

export async function createGroup(domainId: number, name: string) {
  await api.post<unknown>('/v1/abstract/groups', { body: { domain_id: domainId, name } });
}

export async function attachToGroup(groupId: number, dripIds: number[], action: 'attach' | 'detach') {
  await api.post<unknown>(`/v1/abstract/groups/${groupId}/${action}`, { body: { drip_ids: dripIds } });
}

export async function toggleGroup(groupId: number, isActive: 0 | 1) {
  await api.post<unknown>(`/v1/abstract/groups/${groupId}/toggle`, {
    query: { mode: 'multiple' },
    body: { is_active: isActive },
  });
}

export async function deleteGroup(groupId: number) {
  await api.delete<unknown>(`/v1/abstract/groups/${groupId}`);
}

/** GET v1/schedules/get: a website's spam schedules, paged. */
export async function fetchSpamPage(
  domainId: number,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<Page<Schedule>> {
  const body = pagedSchedules.parse(
    await api.get<unknown>('/v1/schedules/get', {
      query: { ...query, type: 'spam-recurring', domain_id: domainId, paginate: 'true' },
      signal,
    }),
  );
  return { rows: body.data.data, total: body.data.total };
}

export async function saveSpam(body: unknown) {
  return wrapped(scheduleSchema).parse(await api.post<unknown>('/v1/schedules/createOrUpdateSpam', { body })).data;
}

export async function deleteSpam(id: number) {
  await api.delete<unknown>(`/v1/schedules/${id}`);
}

/** The audiences of a website (GET v1/segments/get, type audience, not system ones, newest first). */
export async function fetchAudiences(domainId: number, signal?: AbortSignal) {
  const query = {
    'where[domain_id]': domainId,
    'where[type]': 'audience',
    order_by: 'id:desc',
    limit: 1000,
    offset: 0,
  };
  return audienceList.parse(await api.get<unknown>('/v1/segments/get', { query, signal })).data;
}

/** The website's url for the preview and breadcrumbs (GET v1/domains/{id}, data.data[0]). */
export async function fetchDomainUrl(domainId: number, signal?: AbortSignal): Promise<string> {
  const data = domainAnswer.parse(await api.get<unknown>(`/v1/domains/${domainId}`, { signal })).data;
  const row = Array.isArray(data) ? data[0] : data;
  return row?.url ?? '';
}

/** POST v1/files/uploadImage (multipart image + type icon|image); answers data.data[0].full_url. */
export async function uploadImage(file: File, type: 'icon' | 'image'): Promise<string> {
  const form = new FormData();
  form.append('type', type);
  form.append('image', file);
  const url = uploaded.parse(await api.post<unknown>('/v1/files/uploadImage', { body: form })).data[0]?.full_url;
  if (!url) throw new Error('The upload gave no address.');
  return url;
}
