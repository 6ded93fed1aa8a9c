import { DEFAULT_GUARD, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import { randomToken } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { DB } from './schema.ts';

export const DEMO_PASSWORD = 'demo-password';

/** Demo accounts (README lists them). Seeded only on the first start of an empty database. */
export const DEMO_USERS = [
  { email: 'moder@pushdeck.test', name: 'Morgan Moder', role: 'moder', client: null },
  { email: 'client@pushdeck.test', name: 'Carla Client', role: 'client', client: 'Acme Shop' },
  { email: 'user@pushdeck.test', name: 'Umar User', role: 'user', client: 'Acme Shop' },
  { email: 'viewer@pushdeck.test', name: 'Vera Viewer', role: 'viewer', client: 'Acme Shop' },
  { email: 'globex@pushdeck.test', name: 'Gus Globex', role: 'client', client: 'Globex News' },
] as const;

export const DEMO_CLIENTS = [
  { name: 'Acme Shop', domains: ['https://shop.acme.test', 'https://blog.acme.test'] },
  { name: 'Globex News', domains: ['https://news.globex.test'] },
] as const;

/** Permissions and roles as data; idempotent, runs at every start so new permissions reach old databases. */
export async function seedRolesAndPermissions(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('permissions')
      .values(PERMISSIONS.map((name) => ({ name, guard_name: DEFAULT_GUARD })))
      .onConflict((oc) => oc.columns(['name', 'guard_name']).doNothing())
      .execute();
    await trx
      .insertInto('roles')
      .values(ROLES.map((name) => ({ name, guard_name: DEFAULT_GUARD })))
      .onConflict((oc) => oc.columns(['name', 'guard_name']).doNothing())
      .execute();
    const roles = await trx.selectFrom('roles').select(['id', 'name']).execute();
    const perms = new Map(
      (await trx.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
    );
    // Seeded sets are only added to, never taken away: an admin may have tuned a role.
    const rows = roles.flatMap((role) =>
      (ROLE_PERMISSIONS[role.name as keyof typeof ROLE_PERMISSIONS] ?? []).map((p) => ({
        role_id: role.id,
        permission_id: perms.get(p)!,
      })),
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

async function addUser(
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

/** First start on an empty database: the admin, and with demo data on, demo clients, accounts and websites. */
export async function seedInitialData(db: Kysely<DB>, config: AppConfig): Promise<{ seeded: boolean }> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return { seeded: false };
  await addUser(db, {
    email: config.adminEmail,
    name: 'Administrator',
    role: 'admin',
    clientId: null,
    password: config.adminPassword,
  });
  if (!config.seedDemo) return { seeded: true };
  const clientIds = new Map<string, number>();
  for (const c of DEMO_CLIENTS) {
    const row = await db
      .insertInto('clients')
      .values({ client_uid: randomToken(12), name: c.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    clientIds.set(c.name, row.id);
    await db
      .insertInto('domains')
      .values(c.domains.map((url) => ({ client_id: row.id, url })))
      .execute();
  }
  for (const u of DEMO_USERS) {
    await addUser(db, {
      email: u.email,
      name: u.name,
      role: u.role,
      clientId: u.client ? clientIds.get(u.client)! : null,
      password: DEMO_PASSWORD,
    });
  }
  return { seeded: true };
}
