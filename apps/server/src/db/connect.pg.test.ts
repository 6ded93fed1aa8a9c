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

  /** Connections the server still holds for the test database (terminateOthers' own excepted). */
  const backends = async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = await admin.query(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(url).pathname.slice(1)],
    );
    await admin.end();
    return rows[0].n as number;
  };

  it('is reported, never thrown, and the next query opens a new one', async () => {
    const lost: Error[] = [];
    let reported: (err: Error) => void = () => {};
    const firstLoss = new Promise<Error>((resolve) => {
      reported = resolve;
    });
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    let handle: DatabaseHandle | undefined;
    try {
      handle = await openPostgres(url, (err) => {
        lost.push(err);
        reported(err);
      });
      expect(await terminateOthers()).toBeGreaterThan(0);
      // the loss is reported as it happens (the test's timeout fails it otherwise)
      await firstLoss;
      expect(lost.length).toBeGreaterThan(0);
      expect(lost[0]?.message).toMatch(/terminat/);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
      // Closing while the server ends the connections (a forced drop) is quiet.
      lost.length = 0;
      const closing = handle.close();
      await terminateOthers();
      // close() resolves once every client has ended, and a client reports its error before it ends: once the
      // server holds none of them either, any report (or uncaught error) of this drop would already be here
      await closing;
      await expect.poll(backends).toBe(0);
      expect(lost).toEqual([]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
