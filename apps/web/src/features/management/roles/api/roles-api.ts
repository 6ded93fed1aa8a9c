import {
  type CreateRoleBody,
  type PermissionRow,
  permissionSchema,
  type Role,
  roleSchema,
  wrapped,
} from '@pushdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

/** Roles and permissions change together (a sync, a deleted permission): one key prefix for both. */
export const ROLES_KEY = ['management', 'roles'] as const;
export const PERMISSIONS_KEY = ['management', 'roles', 'permissions'] as const;

const rolesResponse = wrapped(z.array(roleSchema));
const permissionsResponse = wrapped(z.array(permissionSchema));

export async function fetchRoles(signal?: AbortSignal): Promise<Role[]> {
  return rolesResponse.parse(await api.get<unknown>('/v1/management/roles', { signal })).data;
}

export async function fetchPermissions(signal?: AbortSignal): Promise<PermissionRow[]> {
  return permissionsResponse.parse(await api.get<unknown>('/v1/management/permissions', { signal })).data;
}

/** Every role with its permissions and holder count (GET /v1/management/roles). */
export function useRoles() {
  return useQuery({ queryKey: [...ROLES_KEY, 'list'], queryFn: ({ signal }) => fetchRoles(signal) });
}

/** Every permission with the roles holding it (GET /v1/management/permissions). */
export function usePermissions() {
  return useQuery({ queryKey: PERMISSIONS_KEY, queryFn: ({ signal }) => fetchPermissions(signal) });
}

export type RoleWrite =
  | { kind: 'create-role'; body: CreateRoleBody }
  | { kind: 'rename-role'; id: number; name: string }
  | { kind: 'sync-role'; id: number; permissions: string[] }
  | { kind: 'delete-role'; id: number }
  | { kind: 'create-permission'; name: string }
  | { kind: 'rename-permission'; id: number; name: string }
  | { kind: 'delete-permission'; id: number };

/** One call per write; every answer is left to the caller (texts) and refreshes roles and permissions. */
export async function writeRoles(write: RoleWrite): Promise<void> {
  const roles = '/v1/management/roles';
  const permissions = '/v1/management/permissions';
  switch (write.kind) {
    case 'create-role':
      await api.post<unknown>(roles, { body: write.body });
      return;
    case 'rename-role':
      await api.put<unknown>(`${roles}/${write.id}`, { body: { id: write.id, name: write.name } });
      return;
    case 'sync-role':
      await api.put<unknown>(`${roles}/${write.id}`, { body: { id: write.id, permissions: write.permissions } });
      return;
    case 'delete-role':
      await api.delete<unknown>(`${roles}/${write.id}`);
      return;
    case 'create-permission':
      await api.post<unknown>(permissions, { body: { name: write.name } });
      return;
    case 'rename-permission':
      await api.put<unknown>(`${permissions}/${write.id}`, { body: { id: write.id, name: write.name } });
      return;
    case 'delete-permission':
      await api.delete<unknown>(`${permissions}/${write.id}`);
      return;
  }
}

/** Any roles/permissions write; on success the roles, permissions and users lists reload. */
export function useWriteRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeRoles,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['management'] });
    },
  });
}
