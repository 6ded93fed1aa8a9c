import {
  type ClientSummary,
  clientSummarySchema,
  type ManagedUser,
  managedUserSchema,
  paginated,
  type UpdateUserBody,
  wrapped,
} from '@pushdeck/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

export const USERS_KEY = ['management', 'users'] as const;

export interface UserFilters {
  search: string;
  client_id: number | null;
  role: string | null;
  is_active: 0 | 1 | null;
  page: number;
  pageLength: number;
}

const usersResponse = paginated(managedUserSchema);
const userResponse = wrapped(managedUserSchema);

/** GET /v1/management/users: the users the viewer manages, filtered and paged by the server. */
export async function fetchUsers(filters: UserFilters, signal?: AbortSignal) {
  const query = {
    search: filters.search.trim() || undefined,
    client_id: filters.client_id ?? undefined,
    role: filters.role ?? undefined,
    is_active: filters.is_active ?? undefined,
    page: filters.page,
    pageLength: filters.pageLength,
  };
  return usersResponse.parse(await api.get<unknown>('/v1/management/users', { query, signal })).data;
}

export function useManagedUsers(filters: UserFilters) {
  return useQuery({
    queryKey: [...USERS_KEY, filters],
    queryFn: ({ signal }) => fetchUsers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/management/clients: every client the viewer serves (the client filter). */
export async function fetchClientOptions(signal?: AbortSignal): Promise<ClientSummary[]> {
  return wrapped(z.array(clientSummarySchema)).parse(await api.get<unknown>('/v1/management/clients', { signal })).data;
}

export function useClientOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['management', 'clients', 'options'],
    queryFn: ({ signal }) => fetchClientOptions(signal),
    enabled,
  });
}

/** PUT /v1/management/users/{id}: is_active, roles (synced) or permissions (synced). */
export async function updateUser(id: number, body: UpdateUserBody): Promise<ManagedUser> {
  return userResponse.parse(await api.put<unknown>(`/v1/management/users/${id}`, { body: { id, ...body } })).data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['management'] });
    },
  });
}

/** DELETE /v1/management/users/{id}: the user and their sessions (204). */
export async function deleteUser(id: number): Promise<void> {
  await api.delete<unknown>(`/v1/management/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['management'] });
    },
  });
}
