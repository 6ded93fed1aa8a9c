import { type ManagedUser, mayGivePermission, type Role, STAFF_PERMISSIONS, STAFF_ROLES } from '@pushdeck/contracts';

const staffRoles: ReadonlySet<string> = new Set(STAFF_ROLES);
const staffPermissions: ReadonlySet<string> = new Set(STAFF_PERMISSIONS);
const ADMIN = 'menu.admin.panel';

/**
 * 'Log in as' is offered for an active user of a client who holds no staff role or permission and is not oneself (the server
 * refuses the others: issue #13, impersonation).
 */
export function canEnter(user: ManagedUser, selfId: number | null): boolean {
  return (
    user.id !== selfId &&
    user.is_active === 1 &&
    user.client_id !== null &&
    !user.roles.some((role) => staffRoles.has(role)) &&
    !user.permissions.some((name) => staffPermissions.has(name))
  );
}

/**
 * The roles the viewer may give (the server's management policy, contracts' mayGivePermission): an administrator any;
 * anyone else only a role that is not staff and whose every permission it may give.
 */
export function grantableRoles(roles: readonly Role[], granted: ReadonlySet<string>): string[] {
  if (granted.has(ADMIN)) return roles.map((role) => role.name);
  return roles
    .filter((role) => !staffRoles.has(role.name) && role.permissions.every((name) => mayGivePermission(name, granted)))
    .map((role) => role.name);
}

/** The direct permissions the viewer may give: an administrator any; anyone else those mayGivePermission allows. */
export function grantablePermissions(names: readonly string[], granted: ReadonlySet<string>): string[] {
  if (granted.has(ADMIN)) return [...names];
  return names.filter((name) => mayGivePermission(name, granted));
}
