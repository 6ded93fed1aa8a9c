import {
  type ClientDeletion,
  type ClientDeletionImpact,
  type CreateClientBody,
  type CreateUserBody,
  clientDeletionImpactSchema,
  clientDeletionSchema,
  type ImageStorageInput,
  type ManagedClient,
  type ManagedUser,
  managedClientSchema,
  managedUserSchema,
  type Role,
  roleSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api } from '@/lib/api';

const BASE = '/v1/management';

const clientPage = z.object({
  data: z.object({ data: z.array(managedClientSchema), total: z.number().int() }),
});

export interface ClientListQuery {
  search: string;
  page: number;
  pageLength: number;
  /** `field:dir`, the API's order_by. */
  orderBy: string;
}

export interface ClientPage {
  rows: ManagedClient[];
  total: number;
}

/** GET /v1/management/clients: one page, searched by name or uid, each client with its users. */
export async function fetchClientPage(query: ClientListQuery, signal?: AbortSignal): Promise<ClientPage> {
  const body = await api.get<unknown>(`${BASE}/clients`, {
    signal,
    query: {
      paginate: 'true',
      page: query.page,
      pageLength: query.pageLength,
      order_by: query.orderBy,
      search: query.search.trim() || undefined,
      'with[users]': '*',
    },
  });
  const { data } = clientPage.parse(body);
  return { rows: data.data, total: data.total };
}

/** POST /v1/management/clients: the client and its first user (role client). */
export async function createClient(body: CreateClientBody): Promise<ManagedClient> {
  return wrapped(managedClientSchema).parse(await api.post<unknown>(`${BASE}/clients`, { body })).data;
}

/** PUT /v1/management/clients/{id} with is_active 0 or 1. */
export async function setClientActive(id: number, active: boolean): Promise<ManagedClient> {
  const body = { id, is_active: active ? 1 : 0 };
  return wrapped(managedClientSchema).parse(await api.put<unknown>(`${BASE}/clients/${id}`, { body })).data;
}

/** PUT /v1/management/clients/{id} with a new name. */
export async function renameClient(id: number, name: string): Promise<ManagedClient> {
  const body = { id, name };
  return wrapped(managedClientSchema).parse(await api.put<unknown>(`${BASE}/clients/${id}`, { body })).data;
}

/** POST /v1/management/users: a user of a client with its role. */
export async function createUser(body: CreateUserBody): Promise<ManagedUser> {
  return wrapped(managedUserSchema).parse(await api.post<unknown>(`${BASE}/users`, { body })).data;
}

/** PUT /v1/management/users/{id} with is_active 0 or 1. */
export async function setUserActive(id: number, active: boolean): Promise<ManagedUser> {
  const body = { id, is_active: active ? 1 : 0 };
  return wrapped(managedUserSchema).parse(await api.put<unknown>(`${BASE}/users/${id}`, { body })).data;
}

/** GET /v1/management/roles: the role picker of Create User. */
export async function fetchRoles(signal?: AbortSignal): Promise<Role[]> {
  return wrapped(z.array(roleSchema)).parse(await api.get<unknown>(`${BASE}/roles`, { signal })).data;
}

/** GET /v1/management/clients/{id}: one client with its image storage (never the storage password). */
export async function fetchClient(id: number, signal?: AbortSignal): Promise<ManagedClient> {
  return wrapped(managedClientSchema).parse(await api.get<unknown>(`${BASE}/clients/${id}`, { signal })).data;
}

/** PUT /v1/management/clients/{id} with images_storage (null: the instance folder) and/or images_storage_public_folder. */
export async function setImageStorage(
  id: number,
  body: { images_storage?: ImageStorageInput | null; images_storage_public_folder?: string | null },
): Promise<ManagedClient> {
  return wrapped(managedClientSchema).parse(await api.put<unknown>(`${BASE}/clients/${id}`, { body: { id, ...body } }))
    .data;
}

/** GET /v1/management/clients/{id}/deletion: what deleting the client removes, and what stops it now. */
export async function fetchDeletionImpact(id: number, signal?: AbortSignal): Promise<ClientDeletionImpact> {
  return wrapped(clientDeletionImpactSchema).parse(await api.get<unknown>(`${BASE}/clients/${id}/deletion`, { signal }))
    .data;
}

/** DELETE /v1/management/clients/{id} with the client's name typed: the deletion job (202). */
export async function deleteClient(id: number, confirmName: string): Promise<ClientDeletion> {
  const body = { confirm_name: confirmName };
  return wrapped(clientDeletionSchema).parse(await api.delete<unknown>(`${BASE}/clients/${id}`, { body })).data;
}

/** GET /v1/management/client-deletions/{id}: a deletion's progress and outcome. */
export async function fetchDeletion(id: string, signal?: AbortSignal): Promise<ClientDeletion> {
  return wrapped(clientDeletionSchema).parse(await api.get<unknown>(`${BASE}/client-deletions/${id}`, { signal })).data;
}
