import { ROLE_PERMISSIONS, type RoleName, type UserInfo } from '@pushdeck/contracts';

/** A UserInfo as the server answers it, holding the seeded permissions of `role` (tests only). */
export function userWithRole(role: RoleName, overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    name: `Ada ${role}`,
    email: `${role}@example.test`,
    roles: [{ name: role, permissions: [...ROLE_PERMISSIONS[role]] }],
    permissions: [],
    client_uid: role === 'client' || role === 'user' ? 'c-1' : null,
    client_id: role === 'client' || role === 'user' ? 1 : null,
    backToModerUrl: null,
    ...overrides,
  };
}
