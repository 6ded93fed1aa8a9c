import { ROLE_PERMISSIONS } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations/index.ts';
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

  it('gives the client role the Tags Manager on a database upgraded from before it held it (migration 0016)', async () => {
    const { handle, drop } = await backend.open();
    try {
      const upgrade = migrations.findIndex((m) => m.id === '0016_client_tags_manager');
      expect(upgrade).toBeGreaterThan(0);
      // the older version: its migrations, its seeding, and a client role without menu.tags.manager
      await migrate(handle, migrations.slice(0, upgrade));
      const { db } = handle;
      await seedRolesAndPermissions(db);
      const tags = await db
        .selectFrom('permissions')
        .select('id')
        .where('name', '=', 'menu.tags.manager')
        .executeTakeFirstOrThrow();
      const client = await db.selectFrom('roles').select('id').where('name', '=', 'client').executeTakeFirstOrThrow();
      await db
        .deleteFrom('role_has_permissions')
        .where('role_id', '=', client.id)
        .where('permission_id', '=', tags.id)
        .execute();
      // the new version starts: seeding alone finds nothing new, so it gives nothing
      await seedRolesAndPermissions(db);
      expect(await permissionsOf(db, 'client')).not.toContain('menu.tags.manager');

      await migrate(handle);
      await seedRolesAndPermissions(db);
      expect(await permissionsOf(db, 'client')).toEqual([...ROLE_PERMISSIONS.client].sort());
      // the other roles are as they were (the viewer never gets it)
      expect(await permissionsOf(db, 'viewer')).toEqual([...ROLE_PERMISSIONS.viewer].sort());

      // applied once: an admin who takes it away afterwards keeps it that way across restarts
      await db
        .deleteFrom('role_has_permissions')
        .where('role_id', '=', client.id)
        .where('permission_id', '=', tags.id)
        .execute();
      expect(await migrate(handle)).toEqual([]);
      await seedRolesAndPermissions(db);
      expect(await permissionsOf(db, 'client')).not.toContain('menu.tags.manager');
    } finally {
      await drop();
    }
  });

  it('leaves a database whose client role already holds the Tags Manager as it is (migration 0016 is idempotent)', async () => {
    const { handle, drop } = await backend.open();
    try {
      const upgrade = migrations.findIndex((m) => m.id === '0016_client_tags_manager');
      await migrate(handle, migrations.slice(0, upgrade));
      await seedRolesAndPermissions(handle.db);
      const before = await permissionsOf(handle.db, 'client');
      expect(before).toContain('menu.tags.manager');
      expect(await migrate(handle, migrations.slice(0, upgrade + 1))).toEqual(['0016_client_tags_manager']);
      expect(await permissionsOf(handle.db, 'client')).toEqual(before);
    } finally {
      await drop();
    }
  });
  it('marks users switched off before migration 0018 as deactivated, from the audit trail (sign-ups stay waiting)', async () => {
    const { handle, drop } = await backend.open();
    try {
      const upgrade = migrations.findIndex((m) => m.id === '0018_user_deactivated_at');
      expect(upgrade).toBeGreaterThan(0);
      await migrate(handle, migrations.slice(0, upgrade));
      const { db } = handle;
      const user = async (email: string, active: 0 | 1) =>
        (
          await db
            .insertInto('users')
            .values({ name: email, email, password: 'x', is_active: active })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const off = await user('off@example.com', 0);
      const waiting = await user('waiting@example.com', 0);
      const back = await user('back@example.com', 1);
      const row = (subject: number, before: 0 | 1, after: 0 | 1, at: string) => ({
        actor_id: 1,
        actor_email: 'admin@example.com',
        impersonator_id: null,
        action: 'user.update',
        subject_type: 'user',
        subject_id: subject,
        client_id: null,
        before: JSON.stringify({ id: subject, is_active: before }),
        after: JSON.stringify({ id: subject, is_active: after }),
        ip: null,
        created_at: new Date(at),
      });
      await db
        .insertInto('audit_log')
        .values([
          row(off, 1, 0, '2026-01-02T00:00:00Z'),
          // switched off, then on again: active, never marked
          row(back, 1, 0, '2026-01-03T00:00:00Z'),
          row(back, 0, 1, '2026-01-04T00:00:00Z'),
        ])
        .execute();
      expect(await migrate(handle)).toContain('0018_user_deactivated_at');
      const marks = await db
        .selectFrom('users')
        .select(['id', 'deactivated_at'])
        .where('id', 'in', [off, waiting, back])
        .execute();
      const at = new Map(marks.map((m) => [m.id, m.deactivated_at]));
      expect(at.get(off)).toEqual(new Date('2026-01-02T00:00:00Z'));
      expect(at.get(waiting)).toBeNull();
      expect(at.get(back)).toBeNull();
    } finally {
      await drop();
    }
  });
});
