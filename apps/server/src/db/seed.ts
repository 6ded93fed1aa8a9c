import { DEFAULT_GUARD, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { DB } from './schema.ts';

/**
 * Permissions and roles as data; idempotent, runs at every start so new permissions and roles reach old databases.
 * A role gets its seeded permissions when the role or the permission is new to this database, never again: an admin
 * who took a permission away from a built-in role keeps it that way across restarts.
 */
export async function seedRolesAndPermissions(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const newPermissions = new Set(
      (
        await trx
          .insertInto('permissions')
          .values(PERMISSIONS.map((name) => ({ name, guard_name: DEFAULT_GUARD })))
          .onConflict((oc) => oc.columns(['name', 'guard_name']).doNothing())
          .returning('name')
          .execute()
      ).map((p) => p.name),
    );
    const newRoles = new Set(
      (
        await trx
          .insertInto('roles')
          .values(ROLES.map((name) => ({ name, guard_name: DEFAULT_GUARD })))
          .onConflict((oc) => oc.columns(['name', 'guard_name']).doNothing())
          .returning('name')
          .execute()
      ).map((r) => r.name),
    );
    if (newPermissions.size === 0 && newRoles.size === 0) return;
    const roles = await trx.selectFrom('roles').select(['id', 'name']).execute();
    const perms = new Map(
      (await trx.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
    );
    const rows = roles.flatMap((role) =>
      (ROLE_PERMISSIONS[role.name as keyof typeof ROLE_PERMISSIONS] ?? [])
        .filter((p) => newRoles.has(role.name) || newPermissions.has(p))
        .map((p) => ({ role_id: role.id, permission_id: perms.get(p)! })),
    );
    if (rows.length) {
      await trx
        .insertInto('role_has_permissions')
        .values(rows)
        .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
        .execute();
    }
  });
}

export async function addUser(
  db: Kysely<DB>,
  u: { email: string; name: string; role: string; clientId: number | null; password: string },
): Promise<void> {
  const user = await db
    .insertInto('users')
    .values({ client_id: u.clientId, name: u.name, email: u.email, password: await hashPassword(u.password) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db.selectFrom('roles').select('id').where('name', '=', u.role).executeTakeFirstOrThrow();
  await db.insertInto('model_has_roles').values({ role_id: role.id, user_id: user.id }).execute();
}

/** First start on an empty database: the admin (the demo's clients and accounts come from demo/demo-accounts.ts). */
export async function seedAdmin(db: Kysely<DB>, config: AppConfig): Promise<{ seeded: boolean }> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return { seeded: false };
  await addUser(db, {
    email: config.adminEmail,
    name: 'Administrator',
    role: 'admin',
    clientId: null,
    password: config.adminPassword,
  });
  return { seeded: true };
}
