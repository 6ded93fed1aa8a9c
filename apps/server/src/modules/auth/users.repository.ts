import { effectivePermissions, isStaff } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB, NewUser, UserRow } from '../../db/schema.ts';
import type { UserContext } from '../../lib/actor.ts';

export type LoadedUser = UserContext & { isActive: boolean; clientActive: boolean };

/** What CONTEXT_COLUMNS selects. */
export interface ContextColumns {
  ctx_id: number | null;
  ctx_name: string | null;
  ctx_email: string | null;
  ctx_client_id: number | null;
  ctx_is_active: number | null;
  ctx_client_uid: string | null;
  ctx_client_active: number | null;
  ctx_roles: { name: string; permissions: string[] }[] | null;
  ctx_direct: string[] | null;
}

/**
 * A user's context as columns of one row, over `users <u> left join clients <c>`: every request loads it, so the
 * user, the roles in order with their permissions (by name) and the direct permissions come back in one statement.
 * Columns are named `<prefix>_…` (ContextColumns for `ctx`); the aliases are this module's own, never input.
 */
export function contextColumns(u: string, c: string, prefix: string) {
  const raw = (text: string) => sql.raw(text.replaceAll('$u', u).replaceAll('$c', c).replaceAll('$p', prefix));
  return raw(`$u.id as $p_id, $u.name as $p_name, $u.email as $p_email,
  $u.client_id as $p_client_id, $u.is_active as $p_is_active, $c.client_uid as $p_client_uid,
  $c.is_active as $p_client_active,
  (select json_agg(json_build_object('name', r.name, 'permissions', coalesce(
      (select json_agg(p.name order by p.name) from role_has_permissions rp
        join permissions p on p.id = rp.permission_id where rp.role_id = r.id), '[]'::json))
    order by mr.position, r.id)
    from model_has_roles mr join roles r on r.id = mr.role_id where mr.user_id = $u.id) as $p_roles,
  (select json_agg(p.name order by p.name) from model_has_permissions mp
    join permissions p on p.id = mp.permission_id where mp.user_id = $u.id) as $p_direct`);
}

/** The user's context over `users u left join clients c`. */
export const CONTEXT_COLUMNS = contextColumns('u', 'c', 'ctx');

/** The context of a CONTEXT_COLUMNS row; undefined when the row has no user (a left join found none). */
export function toUserContext(r: ContextColumns): LoadedUser | undefined {
  if (r.ctx_id === null) return undefined;
  const roles = r.ctx_roles ?? [];
  const direct = r.ctx_direct ?? [];
  const permissions = effectivePermissions(roles, direct);
  return {
    id: r.ctx_id,
    name: r.ctx_name ?? '',
    email: r.ctx_email ?? '',
    clientId: r.ctx_client_id,
    clientUid: r.ctx_client_uid,
    roles,
    direct,
    permissions,
    isStaff: isStaff(permissions),
    isActive: r.ctx_is_active === 1,
    clientActive: r.ctx_client_id === null || r.ctx_client_active === 1,
  };
}

/** The context of columns selected with another prefix (`contextColumns(…, prefix)`). */
export function toUserContextOf(r: Record<string, unknown>, prefix: string): LoadedUser | undefined {
  const ctx = Object.fromEntries(
    Object.keys(CONTEXT_KEYS).map((k) => [`ctx_${k}`, r[`${prefix}_${k}`] ?? null]),
  ) as unknown as ContextColumns;
  return toUserContext(ctx);
}

const CONTEXT_KEYS = {
  id: 1,
  name: 1,
  email: 1,
  client_id: 1,
  is_active: 1,
  client_uid: 1,
  client_active: 1,
  roles: 1,
  direct: 1,
} satisfies Record<keyof ContextColumns extends `ctx_${infer K}` ? K : never, 1>;

export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A user with its one role, in a transaction of its own. */
  async insert(user: NewUser, roleName: string): Promise<UserRow> {
    return this.db.transaction().execute((trx) => new UsersRepository(trx).insertWithRole(user, roleName));
  }

  /** A user with its one role, in the caller's transaction (this repository constructed on it). */
  async insertWithRole(user: NewUser, roleName: string): Promise<UserRow> {
    const row = await this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    const role = await this.db.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirstOrThrow();
    await this.db.insertInto('model_has_roles').values({ role_id: role.id, user_id: row.id, position: 0 }).execute();
    return row;
  }

  async setPassword(id: number, hash: string): Promise<void> {
    await this.db.updateTable('users').set({ password: hash, updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** The user with roles (in order) and their permissions, direct permissions, and effective set; undefined if gone. */
  async loadContext(id: number): Promise<LoadedUser | undefined> {
    const { rows } = await sql<ContextColumns>`select ${CONTEXT_COLUMNS} from users u
      left join clients c on c.id = u.client_id where u.id = ${id}`.execute(this.db);
    return rows[0] ? toUserContext(rows[0]) : undefined;
  }
}
