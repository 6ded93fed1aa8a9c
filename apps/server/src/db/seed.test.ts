import { ROLE_PERMISSIONS } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { migrate } from './migrate.ts';
import type { DB } from './schema.ts';
import { seedRolesAndPermissions } from './seed.ts';

const permissionsOf = async (db: Kysely<DB>, role: string) =>
  (
    await db
      .selectFrom('role_has_permissions as rp')
      .innerJoin('roles as r', 'r.id', 'rp.role_id')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .where('r.name', '=', role)
      .select('p.name')
      .orderBy('p.name')
      .execute()
  ).map((row) => row.name);

describe.each(testBackends())('seeding roles and permissions on $name', (backend) => {
  it("gives built-in roles their permissions once: an admin's removal survives a restart, a new permission arrives", async () => {
    const { handle, drop } = await backend.open();
    try {
      await migrate(handle);
      const { db } = handle;
      await seedRolesAndPermissions(db);
      const seeded = [...ROLE_PERMISSIONS.client].sort();
      expect(await permissionsOf(db, 'client')).toEqual(seeded);

      // an admin takes menu.files away from the client role, then the server restarts
      const files = await db
        .selectFrom('permissions')
        .select('id')
        .where('name', '=', 'menu.files')
        .executeTakeFirstOrThrow();
      const client = await db.selectFrom('roles').select('id').where('name', '=', 'client').executeTakeFirstOrThrow();
      await db
        .deleteFrom('role_has_permissions')
        .where('role_id', '=', client.id)
        .where('permission_id', '=', files.id)
        .execute();
      await seedRolesAndPermissions(db);
      expect(await permissionsOf(db, 'client')).toEqual(seeded.filter((p) => p !== 'menu.files'));

      // a permission this database never had (added by a newer version) reaches every role that ships with it
      await db.deleteFrom('role_has_permissions').where('permission_id', '=', files.id).execute();
      await db.deleteFrom('permissions').where('id', '=', files.id).execute();
      await seedRolesAndPermissions(db);
      expect(await permissionsOf(db, 'client')).toEqual(seeded);
    } finally {
      await drop();
    }
  });
});
