import {
  type CreateRoleBody,
  MANAGEMENT_MSG,
  PERMISSIONS,
  type PermissionBody,
  type PermissionRow,
  ROLES,
  type Role,
  type UpdateRoleBody,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { forbidden, HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import { ManagedUsersRepository } from './managed-users.repository.ts';
import { assertMayGrant } from './management-policy.ts';
import { RolesRepository } from './roles.repository.ts';

const builtInRole = (name: string) => (ROLES as readonly string[]).includes(name);
const builtInPermission = (name: string) => (PERMISSIONS as readonly string[]).includes(name);
const ROLE_NOT_FOUND = 'Role not found.';
const PERMISSION_NOT_FOUND = 'Permission not found.';

/**
 * Roles Management (issue #13; admin only at the route). The built-in roles (ROLES) and the permissions the console's
 * guards use (PERMISSIONS) are never renamed or deleted; a role someone holds is not deleted (409 with the count);
 * the admin role keeps menu.admin.panel. A sync reaches every holder on their next request (permissions are read
 * with the session), without signing anyone out. Every change is audited on its own transaction.
 */
export class RolesAdminService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly audit: AuditService,
  ) {}

  private withFlag = (r: Omit<Role, 'built_in'>): Role => ({ ...r, built_in: builtInRole(r.name) });
  private permissionWithFlag = (p: Omit<PermissionRow, 'built_in'>): PermissionRow => ({
    ...p,
    built_in: builtInPermission(p.name),
  });

  async listRoles(): Promise<Role[]> {
    return (await new RolesRepository(this.db).listRoles()).map(this.withFlag);
  }

  async getRole(id: number): Promise<Role> {
    const role = await new RolesRepository(this.db).role(id);
    if (!role) throw notFound(ROLE_NOT_FOUND);
    return this.withFlag(role);
  }

  private async permissionIds(names: readonly string[]): Promise<number[]> {
    const ids = await new ManagedUsersRepository(this.db).permissionIds(names);
    const unknown = names.find((n) => !ids.has(n));
    if (unknown !== undefined) {
      throw new ValidationError({ permissions: [`${MANAGEMENT_MSG.unknownPermission} (${unknown})`] });
    }
    return [...new Set(names)].map((n) => ids.get(n)!);
  }

  async createRole(origin: AuditOrigin, body: CreateRoleBody): Promise<Role> {
    const roles = new RolesRepository(this.db);
    if (await roles.roleNameTaken(body.name)) throw new ValidationError({ name: [MANAGEMENT_MSG.nameTaken] });
    const permissions = body.permissions ?? [];
    assertMayGrant(origin.actor, { roles: [], rolePermissions: [], direct: permissions });
    const permissionIds = await this.permissionIds(permissions);
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = new RolesRepository(trx);
      const roleId = await repo.insertRole(body.name);
      await repo.syncRolePermissions(roleId, permissionIds);
      await this.audit.record(trx, origin, {
        action: 'role.create',
        subjectType: 'role',
        subjectId: roleId,
        after: await repo.role(roleId),
      });
      return roleId;
    });
    return this.getRole(id);
  }

  /** Renames a role (not a built-in one) and/or syncs its permissions. */
  async updateRole(origin: AuditOrigin, id: number, body: UpdateRoleBody): Promise<Role> {
    const roles = new RolesRepository(this.db);
    const before = await roles.role(id);
    if (!before) throw notFound(ROLE_NOT_FOUND);
    if (body.name !== undefined && body.name !== before.name) {
      if (builtInRole(before.name)) throw forbidden('Built-in roles cannot be renamed or deleted.');
      if (await roles.roleNameTaken(body.name, id)) throw new ValidationError({ name: [MANAGEMENT_MSG.nameTaken] });
    }
    let permissionIds: number[] | undefined;
    if (body.permissions) {
      if (before.name === 'admin' && !body.permissions.includes('menu.admin.panel')) {
        throw forbidden('The admin role keeps menu.admin.panel.');
      }
      assertMayGrant(origin.actor, { roles: [], rolePermissions: [], direct: body.permissions });
      permissionIds = await this.permissionIds(body.permissions);
    }
    await this.db.transaction().execute(async (trx) => {
      const repo = new RolesRepository(trx);
      if (body.name !== undefined && body.name !== before.name) await repo.renameRole(id, body.name);
      if (permissionIds) await repo.syncRolePermissions(id, permissionIds);
      await this.audit.record(trx, origin, {
        action: 'role.update',
        subjectType: 'role',
        subjectId: id,
        before,
        after: await repo.role(id),
      });
    });
    return this.getRole(id);
  }

  async deleteRole(origin: AuditOrigin, id: number): Promise<void> {
    const before = await new RolesRepository(this.db).role(id);
    if (!before) throw notFound(ROLE_NOT_FOUND);
    if (builtInRole(before.name)) throw forbidden('Built-in roles cannot be renamed or deleted.');
    if (before.users_count > 0) {
      const n = before.users_count;
      throw new HttpError(409, `This role is held by ${n} user${n === 1 ? '' : 's'}: give them another role first.`);
    }
    await this.db.transaction().execute(async (trx) => {
      await new RolesRepository(trx).deleteRole(id);
      await this.audit.record(trx, origin, { action: 'role.delete', subjectType: 'role', subjectId: id, before });
    });
  }

  async listPermissions(): Promise<PermissionRow[]> {
    return (await new RolesRepository(this.db).listPermissions()).map(this.permissionWithFlag);
  }

  async getPermission(id: number): Promise<PermissionRow> {
    const p = await new RolesRepository(this.db).permission(id);
    if (!p) throw notFound(PERMISSION_NOT_FOUND);
    return this.permissionWithFlag(p);
  }

  async createPermission(origin: AuditOrigin, body: PermissionBody): Promise<PermissionRow> {
    const repo = new RolesRepository(this.db);
    if (await repo.permissionNameTaken(body.name)) throw new ValidationError({ name: [MANAGEMENT_MSG.nameTaken] });
    const id = await this.db.transaction().execute(async (trx) => {
      const r = new RolesRepository(trx);
      const permissionId = await r.insertPermission(body.name);
      await this.audit.record(trx, origin, {
        action: 'permission.create',
        subjectType: 'permission',
        subjectId: permissionId,
        after: await r.permission(permissionId),
      });
      return permissionId;
    });
    return this.getPermission(id);
  }

  async updatePermission(origin: AuditOrigin, id: number, body: PermissionBody): Promise<PermissionRow> {
    const repo = new RolesRepository(this.db);
    const before = await repo.permission(id);
    if (!before) throw notFound(PERMISSION_NOT_FOUND);
    if (body.name === before.name) return this.permissionWithFlag(before);
    if (builtInPermission(before.name)) throw forbidden('The console’s permissions cannot be renamed or deleted.');
    if (await repo.permissionNameTaken(body.name, id)) throw new ValidationError({ name: [MANAGEMENT_MSG.nameTaken] });
    await this.db.transaction().execute(async (trx) => {
      const r = new RolesRepository(trx);
      await r.renamePermission(id, body.name);
      await this.audit.record(trx, origin, {
        action: 'permission.update',
        subjectType: 'permission',
        subjectId: id,
        before,
        after: await r.permission(id),
      });
    });
    return this.getPermission(id);
  }

  async deletePermission(origin: AuditOrigin, id: number): Promise<void> {
    const before = await new RolesRepository(this.db).permission(id);
    if (!before) throw notFound(PERMISSION_NOT_FOUND);
    if (builtInPermission(before.name)) throw forbidden('The console’s permissions cannot be renamed or deleted.');
    await this.db.transaction().execute(async (trx) => {
      await new RolesRepository(trx).deletePermission(id);
      await this.audit.record(trx, origin, {
        action: 'permission.delete',
        subjectType: 'permission',
        subjectId: id,
        before,
      });
    });
  }
}
