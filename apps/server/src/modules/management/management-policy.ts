import { mayGivePermission, STAFF_PERMISSIONS as STAFF_PERMISSION_NAMES, STAFF_ROLES } from '@pushdeck/contracts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * Who may change whom (issue #13; docs/security.md "Administration"). Admin (menu.admin.panel) manages everyone but
 * never edits their own roles, permissions, activeness or account; a moder (menu.users.management) manages only
 * non-staff users of clients, never gives a staff role, and never grants a permission it does not hold itself, directly
 * or through a role.
 * Every refusal is a 403 raised before anything changes.
 */
export const isAdmin = (actor: Actor) => actor.user.permissions.has('menu.admin.panel');

export const isStaffRole = (name: string) => (STAFF_ROLES as readonly string[]).includes(name);

/** A staff account as management sees it: no client, a staff role, or (`effectiveStaff`) staff permissions. */
export const isStaffTarget = (u: { client_id: number | null; roles: readonly string[] }, effectiveStaff = false) =>
  effectiveStaff || u.client_id === null || u.roles.some(isStaffRole);

/** `effectiveStaff`: the target's effective permissions (roles' and direct) make it staff. */
export function assertMayManage(
  actor: Actor,
  target: { id: number; client_id: number | null; roles: readonly string[] },
  effectiveStaff: boolean,
) {
  if (target.id === actor.user.id) throw forbidden('You cannot change your own account here.');
  if (!isAdmin(actor) && isStaffTarget(target, effectiveStaff)) {
    throw forbidden('Staff accounts are managed by an administrator.');
  }
}

/** The permissions that make an account staff: only an administrator gives them, directly or through a role. */
export const STAFF_PERMISSIONS: readonly string[] = STAFF_PERMISSION_NAMES;

/**
 * Giving these roles (whose permissions together are `rolePermissions`) and these direct permissions. Nobody grants a
 * permission it does not hold, directly or through a role (contracts' mayGivePermission): anyone but an administrator
 * gives only non-staff roles and non-staff permissions it holds — a user manager (moder) also the tenant permissions
 * of the built-in client, user and viewer roles, which it already acts with on every client through 'Log in as'.
 */
export function assertMayGrant(
  actor: Actor,
  grant: { roles: readonly string[]; rolePermissions: readonly string[]; direct: readonly string[] },
) {
  if (isAdmin(actor)) return;
  if (grant.roles.some(isStaffRole) || grant.rolePermissions.some((p) => STAFF_PERMISSIONS.includes(p))) {
    throw forbidden('Only an administrator gives a staff role.');
  }
  const lacking = (names: readonly string[]) => [
    ...new Set(names.filter((p) => !mayGivePermission(p, actor.user.permissions))),
  ];
  const throughRoles = lacking(grant.rolePermissions);
  if (throughRoles.length > 0) {
    throw forbidden(`You cannot give a role carrying a permission you do not hold: ${throughRoles.join(', ')}.`);
  }
  const missing = lacking(grant.direct);
  if (missing.length > 0) throw forbidden(`You cannot grant a permission you do not hold: ${missing.join(', ')}.`);
}
