import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations/index.ts';

describe.each(testBackends())('migrations on $name', (backend) => {
  it('apply once, in order, and a failing one leaves nothing half-done', async () => {
    const { handle, drop } = await backend.open();
    try {
      expect(await migrate(handle)).toEqual(migrations.map((m) => m.id));
      expect(await migrate(handle)).toEqual([]);
      const bad = [
        { id: '0001_foundation', sql: '' },
        { id: '0002_broken', sql: 'create table half_done (id int); select * from no_such_table;' },
      ];
      await expect(migrate(handle, bad)).rejects.toThrow();
      const tables = await sql<{
        n: number;
      }>`select count(*)::int as n from information_schema.tables where table_name = 'half_done'`.execute(handle.db);
      expect(tables.rows[0]!.n).toBe(0);
      const ids = await sql<{ id: string }>`select id from schema_migrations order by id`.execute(handle.db);
      expect(ids.rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id).sort());
      // the connection is usable after the failure
      expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows[0]!.one).toBe(1);
    } finally {
      await drop();
    }
  });
});
