import type { DatabaseHandle } from './connect.ts';
import { migrations as all, type Migration } from './migrations/index.ts';

const LOCK_KEY = 7_240_318_901; // any constant: serialises migrations across processes on a PostgreSQL server

/** Applies every migration not yet recorded, in order, each in its own transaction. Returns the ids applied. */
export function migrate(handle: DatabaseHandle, migrations: readonly Migration[] = all): Promise<string[]> {
  return handle.session(async (s) => {
    if (handle.kind === 'postgres') await s.exec(`select pg_advisory_lock(${LOCK_KEY})`);
    try {
      await s.exec(
        'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
      );
      const seen = new Set((await s.rows<{ id: string }>('select id from schema_migrations')).map((r) => r.id));
      const applied: string[] = [];
      for (const m of migrations) {
        if (seen.has(m.id)) continue;
        if (!/^[\w-]+$/.test(m.id)) throw new Error(`Bad migration id ${m.id}`);
        await s.exec(`begin;\n${m.sql}\n;insert into schema_migrations (id) values ('${m.id}');\ncommit;`);
        applied.push(m.id);
      }
      return applied;
    } finally {
      if (handle.kind === 'postgres') await s.exec(`select pg_advisory_unlock(${LOCK_KEY})`);
    }
  });
}
