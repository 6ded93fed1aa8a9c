import type { PermissionRow, Role } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

type RoleRow = Omit<Role, 'built_in'>;
type PermissionRowRaw = Omit<PermissionRow, 'built_in'>;

/** Roles and permissions with what Roles Management shows: a role's permissions and holders, a permission's roles. */
export class RolesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private roles() {
    return this.db
      .selectFrom('roles as r')
      .select(['r.id', 'r.name', 'r.guard_name'])
      .select(
        sql<string[]>`coalesce((select json_agg(p.name order by p.name) from role_has_permissions rp
          join permissions p on p.id = rp.permission_id where rp.role_id = r.id), '[]'::json)`.as('permissions'),
      )
      .select(sql<number>`(select count(*)::int from model_has_roles mr where mr.role_id = r.id)`.as('users_count'));
  }

  listRoles(): Promise<RoleRow[]> {
    return this.roles().orderBy('r.id').execute();
  }

  role(id: number): Promise<RoleRow | undefined> {
    return this.roles().where('r.id', '=', id).executeTakeFirst();
  }

  private permissions() {
    return this.db
      .selectFrom('permissions as p')
      .select(['p.id', 'p.name', 'p.guard_name'])
      .select(
        sql<string[]>`coalesce((select json_agg(r.name order by r.name) from role_has_permissions rp
          join roles r on r.id = rp.role_id where rp.permission_id = p.id), '[]'::json)`.as('roles'),
      );
  }

  listPermissions(): Promise<PermissionRowRaw[]> {
    return this.permissions().orderBy('p.id').execute();
  }

  permission(id: number): Promise<PermissionRowRaw | undefined> {
    return this.permissions().where('p.id', '=', id).executeTakeFirst();
  }

  async roleNameTaken(name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('roles').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async permissionNameTaken(name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('permissions').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertRole(name: string): Promise<number> {
    return (await this.db.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
  }

  async renameRole(id: number, name: string): Promise<void> {
    await this.db.updateTable('roles').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
  }

  async deleteRole(id: number): Promise<void> {
    await this.db.deleteFrom('roles').where('id', '=', id).execute();
  }

  /** Replaces a role's permissions. */
  async syncRolePermissions(roleId: number, permissionIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('role_has_permissions').where('role_id', '=', roleId).execute();
    if (permissionIds.length === 0) return;
    await this.db
      .insertInto('role_has_permissions')
      .values(permissionIds.map((permission_id) => ({ role_id: roleId, permission_id })))
      .execute();
  }

  async insertPermission(name: string): Promise<number> {
    return (await this.db.insertInto('permissions').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
  }

  async renamePermission(id: number, name: string): Promise<void> {
    await this.db.updateTable('permissions').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
  }

  async deletePermission(id: number): Promise<void> {
    await this.db.deleteFrom('permissions').where('id', '=', id).execute();
  }
}
