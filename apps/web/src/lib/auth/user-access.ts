import { effectivePermissions, isStaff, type UserInfo } from '@pushdeck/contracts';

/** What the guards and menus need to know about the signed-in user. */
export interface UserAccess {
  permissions: ReadonlySet<string>;
  /** Name of the first role; the spec's role rules all look at the first role only. */
  firstRole: string | undefined;
}

const NO_ACCESS: UserAccess = { permissions: new Set(), firstRole: undefined };

export function userAccess(user: UserInfo | null | undefined): UserAccess {
  if (!user) return NO_ACCESS;
  return { permissions: effectivePermissions(user.roles, user.permissions), firstRole: user.roles[0]?.name };
}

/** A moderator: first role `moder` and holds menu.clients.management (spec part 1 §6). */
export function isModerator(access: UserAccess): boolean {
  return access.firstRole === 'moder' && access.permissions.has('menu.clients.management');
}

export function isStaffUser(access: UserAccess): boolean {
  return isStaff(access.permissions);
}
