import {
  type Domain,
  domainSchema,
  dripListRowSchema,
  dripSchema,
  type IMAGE_UPLOAD_TYPES,
  paginated,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api } from '@/lib/api';

/** A trigger as the list and the editor read it (GET /v1/drips/trigger/get without `select`: every field). */
export const triggerSchema = dripListRowSchema.required({ id: true, domain_id: true, title: true, is_active: true });
export type Trigger = z.infer<typeof triggerSchema>;

const pageAnswer = paginated(triggerSchema);
const listAnswer = wrapped(z.array(triggerSchema));
const savedAnswer = wrapped(dripSchema);
const savedListAnswer = wrapped(z.array(dripSchema));
const uploadAnswer = wrapped(z.array(z.object({ full_url: z.string() })).min(1));
const domainAnswer = wrapped(z.array(domainSchema));

export interface TriggerListQuery {
  domainId: number;
  search: string;
  page: number;
  pageLength: number;
  /** 'field:dir', the API's order_by. */
  orderBy: string;
  /** Ask for each trigger's all-time statistics (`with[stats]=*`). */
  withStats?: boolean;
}

/** One numbered page of a website's triggers: where[domain_id], order_by, search, paginate/page/pageLength. */
export async function fetchTriggerPage(query: TriggerListQuery, signal?: AbortSignal) {
  const body = pageAnswer.parse(
    await api.get<unknown>('/v1/drips/trigger/get', {
      signal,
      query: {
        'where[domain_id]': query.domainId,
        ...(query.withStats ? { 'with[stats]': '*' } : {}),
        order_by: query.orderBy,
        search: query.search.trim() || undefined,
        paginate: 'true',
        page: query.page,
        pageLength: query.pageLength,
      },
    }),
  );
  return { rows: body.data.data, total: body.data.total };
}

export class TriggerNotFoundError extends Error {}

/** One trigger of a website: where[domain_id], where[id] (a trigger of another website reads as not found). */
export async function fetchTrigger(domainId: number, id: number, signal?: AbortSignal): Promise<Trigger> {
  const body = listAnswer.parse(
    await api.get<unknown>('/v1/drips/trigger/get', {
      signal,
      query: { 'where[domain_id]': domainId, 'where[id]': id, 'with[schedules]': '*', limit: 1 },
    }),
  );
  const trigger = body.data[0];
  if (!trigger) throw new TriggerNotFoundError('Trigger not found.');
  return trigger;
}

/** The trigger creator: POST /v1/drips (201 with the new trigger). */
export async function createTrigger(payload: Record<string, unknown>) {
  return savedAnswer.parse(await api.post<unknown>('/v1/drips', { body: payload })).data;
}

/** The trigger editor: PUT /v1/drips/{id} with the whole object (url and message required there). */
export async function updateTrigger(id: number, payload: Record<string, unknown>) {
  return savedAnswer.parse(await api.put<unknown>(`/v1/drips/${id}`, { body: payload })).data;
}

/**
 * The list's active switch: the trigger as it is with the new is_active, through createOrUpdate (a list of one).
 * Unlike the editor's PUT this does not demand url and message, so a trigger saved without them still switches;
 * updateStatus would switch every ungrouped trigger of the website at once.
 */
export async function setTriggerActive(trigger: Trigger, active: boolean) {
  const item = {
    id: trigger.id,
    domain_id: trigger.domain_id,
    type: 'trigger',
    event: trigger.event,
    title: trigger.title,
    body: trigger.body,
    url: trigger.url,
    icon: trigger.icon,
    customization: trigger.customization,
    meta: trigger.meta,
    is_active: active ? 1 : 0,
  };
  const saved = savedListAnswer.parse(await api.post<unknown>('/v1/drips/trigger/createOrUpdate', { body: [item] }));
  return saved.data[0];
}

/** DELETE /v1/drips/{id}: the trigger leaves the list and its event is free again. */
export async function deleteTrigger(id: number): Promise<void> {
  await api.delete<unknown>(`/v1/drips/${id}`);
}

/** POST /v1/files/uploadImage (multipart image + type): the stored image's address. */
export async function uploadImage(file: File, type: (typeof IMAGE_UPLOAD_TYPES)[number]): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  form.append('type', type);
  const body = uploadAnswer.parse(await api.post<unknown>('/v1/files/uploadImage', { body: form }));
  return body.data[0]!.full_url;
}

/** GET /v1/domains/{id}: the website (its address shows in the preview); null when there is none. */
export async function fetchWebsite(id: number, signal?: AbortSignal): Promise<Domain | null> {
  return domainAnswer.parse(await api.get<unknown>(`/v1/domains/${id}`, { signal })).data[0] ?? null;
}
