import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import type { DatabaseHandle } from './connect.ts';
import { openPostgres } from './connect.ts';

describe('a PostgreSQL server connection that breaks', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const backend = testBackends().find((b) => b.name === 'postgres');
    if (!backend) throw new Error('TEST_DATABASE_URL is required for *.pg.test.ts');
    const opened = await backend.open();
    await opened.handle.close();
    drop = opened.drop;
    url = opened.connectionString ?? '';
  });
  afterAll(() => drop?.());

  const terminateOthers = async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(url).pathname.slice(1)],
    );
    await admin.end();
    return rows.length;
  };

  it('is reported, never thrown, and the next query opens a new one', async () => {
    const lost: Error[] = [];
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    let handle: DatabaseHandle | undefined;
    try {
      handle = await openPostgres(url, (err) => lost.push(err));
      expect(await terminateOthers()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lost.length).toBeGreaterThan(0);
      expect(lost[0]?.message).toMatch(/terminat/);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
      // Closing while the server ends the connections (a forced drop) is quiet.
      lost.length = 0;
      const closing = handle.close();
      await terminateOthers();
      await closing;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lost).toEqual([]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
