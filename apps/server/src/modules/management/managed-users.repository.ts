import type { ManagedUser } from '@pushdeck/contracts';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB, NewUser } from '../../db/schema.ts';
import { likePattern, pageQuery, runPaginated } from '../../lib/query/index.ts';

export interface UserFilter {
  clientIds?: readonly number[] | undefined;
  role?: string | undefined;
  isActive?: 0 | 1 | undefined;
  search?: string | undefined;
  /** Leave out staff accounts (users holding one of these roles, or a user without a client). */
  excludeRoles?: readonly string[] | undefined;
  /** Leave out users holding one of these permissions, directly or through a role. */
  excludePermissions?: readonly string[] | undefined;
}

interface Row {
  id: number;
  name: string;
  email: string;
  client_id: number | null;
  client_uid: string | null;
  client_name: string | null;
  is_active: number;
  roles: string[] | null;
  permissions: string[] | null;
}

type DbOf<Q> = Q extends SelectQueryBuilder<infer D, infer _T, infer _O> ? D : never;

const toManaged = (r: Row): ManagedUser => ({
  id: r.id,
  name: r.name,
  email: r.email,
  client_id: r.client_id,
  client_uid: r.client_uid,
  client_name: r.client_name,
  is_active: r.is_active,
  role_name: r.roles?.[0] ?? null,
  roles: r.roles ?? [],
  permissions: r.permissions ?? [],
});

/** Users as the management calls show them: roles in order, direct permissions, never the password. */
export class ManagedUsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private base() {
    return this.db
      .selectFrom('users as u')
      .leftJoin('clients as c', 'c.id', 'u.client_id')
      .select(['u.id', 'u.name', 'u.email', 'u.client_id', 'c.client_uid', 'c.name as client_name', 'u.is_active'])
      .select(
        sql<string[] | null>`(select json_agg(r.name order by mr.position, r.id) from model_has_roles mr
          join roles r on r.id = mr.role_id where mr.user_id = u.id)`.as('roles'),
      )
      .select(
        sql<string[] | null>`(select json_agg(p.name order by p.name) from model_has_permissions mp
          join permissions p on p.id = mp.permission_id where mp.user_id = u.id)`.as('permissions'),
      );
  }

  private filtered(f: UserFilter) {
    let q = this.base();
    if (f.clientIds) q = q.where('u.client_id', 'in', f.clientIds.length > 0 ? [...f.clientIds] : [-1]);
    if (f.isActive !== undefined) q = q.where('u.is_active', '=', f.isActive);
    if (f.search) {
      const p = likePattern(f.search);
      q = q.where((eb) => eb.or([eb('u.name', 'ilike', p), eb('u.email', 'ilike', p)]));
    }
    if (f.role) {
      const role = f.role;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('model_has_roles as mr')
            .innerJoin('roles as r', 'r.id', 'mr.role_id')
            .select('mr.user_id')
            .whereRef('mr.user_id', '=', 'u.id')
            .where('r.name', '=', role),
        ),
      );
    }
    if (f.excludeRoles && f.excludeRoles.length > 0) {
      const roles = [...f.excludeRoles];
      q = q
        .where('u.client_id', 'is not', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('model_has_roles as mr')
                .innerJoin('roles as r', 'r.id', 'mr.role_id')
                .select('mr.user_id')
                .whereRef('mr.user_id', '=', 'u.id')
                .where('r.name', 'in', roles),
            ),
          ),
        );
    }
    if (f.excludePermissions && f.excludePermissions.length > 0) {
      const names = [...f.excludePermissions];
      q = q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('model_has_permissions as mp')
              .innerJoin('permissions as p', 'p.id', 'mp.permission_id')
              .select('mp.user_id')
              .whereRef('mp.user_id', '=', 'u.id')
              .where('p.name', 'in', names),
          ),
        ),
      );
      q = q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('model_has_roles as mr')
              .innerJoin('role_has_permissions as rp', 'rp.role_id', 'mr.role_id')
              .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
              .select('mr.user_id')
              .whereRef('mr.user_id', '=', 'u.id')
              .where('p.name', 'in', names),
          ),
        ),
      );
    }
    return q;
  }

  /** One page of users (name order), and the total. */
  async page(f: UserFilter, page: number, pageLength: number): Promise<{ rows: ManagedUser[]; total: number }> {
    const ordered = this.filtered(f).orderBy(sql`lower(u.name)`).orderBy('u.id');
    // (the query's table aliases widen its database type; the count runs on the same connection)
    const db = this.db as unknown as Kysely<DbOf<typeof ordered>>;
    const { data, total } = await runPaginated(db, ordered, pageQuery(page, pageLength));
    return { rows: (data as Row[]).map(toManaged), total };
  }

  async byId(id: number): Promise<ManagedUser | undefined> {
    const row = await this.base().where('u.id', '=', id).executeTakeFirst();
    return row ? toManaged(row as Row) : undefined;
  }

  /** The users of these clients, name order. */
  async ofClients(clientIds: readonly number[]): Promise<ManagedUser[]> {
    if (clientIds.length === 0) return [];
    const rows = await this.base()
      .where('u.client_id', 'in', [...clientIds])
      .orderBy(sql`lower(u.name)`)
      .orderBy('u.id')
      .execute();
    return (rows as Row[]).map(toManaged);
  }

  async insert(user: NewUser): Promise<number> {
    const row = await this.db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Switches a user on or off. Switching an active user off stamps `deactivated_at` (sign-in then says the account
   * is deactivated, not that it waits for activation); switching on clears it.
   */
  async setActive(id: number, isActive: 0 | 1): Promise<void> {
    const now = new Date();
    await this.db
      .updateTable('users')
      .set((eb) => ({
        is_active: isActive,
        updated_at: now,
        deactivated_at:
          isActive === 1 ? null : eb.case().when('is_active', '=', 1).then(now).else(eb.ref('deactivated_at')).end(),
      }))
      .where('id', '=', id)
      .execute();
  }

  async setActiveOfClient(clientId: number, isActive: 0 | 1): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ is_active: isActive, updated_at: new Date() })
      .where('client_id', '=', clientId)
      .execute();
  }

  /** Ids of roles by name; names that are not roles are left out. */
  async roleIds(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('name', 'in', [...names])
      .execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  async permissionIds(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('permissions')
      .select(['id', 'name'])
      .where('name', 'in', [...names])
      .execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  /** The permissions of these roles (by role name). */
  async permissionsOfRoles(names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.db
      .selectFrom('role_has_permissions as rp')
      .innerJoin('roles as r', 'r.id', 'rp.role_id')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select('p.name')
      .distinct()
      .where('r.name', 'in', [...names])
      .execute();
    return rows.map((r) => r.name);
  }

  /** Replaces the user's roles, in this order. */
  async syncRoles(userId: number, roleIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('model_has_roles').where('user_id', '=', userId).execute();
    if (roleIds.length === 0) return;
    await this.db
      .insertInto('model_has_roles')
      .values(roleIds.map((role_id, position) => ({ role_id, user_id: userId, position })))
      .execute();
  }

  /** Replaces the user's direct permissions. */
  async syncPermissions(userId: number, permissionIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('model_has_permissions').where('user_id', '=', userId).execute();
    if (permissionIds.length === 0) return;
    await this.db
      .insertInto('model_has_permissions')
      .values(permissionIds.map((permission_id) => ({ permission_id, user_id: userId })))
      .execute();
  }

  /** Deletes the user; its roles, permissions and sessions go with it (foreign keys cascade). False when gone. */
  async delete(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
