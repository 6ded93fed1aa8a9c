import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/connect.ts';

export interface TestBackend {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database and a function that drops it. */
  open(): Promise<{ handle: DatabaseHandle; connectionString?: string; drop(): Promise<void> }>;
}

const pglite: TestBackend = {
  name: 'pglite',
  async open() {
    const handle = await openPglite(undefined);
    return { handle, drop: () => handle.close() };
  },
};

function postgres(adminUrl: string): TestBackend {
  return {
    name: 'postgres',
    async open() {
      const name = `pushdeck_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openPostgres(url.toString());
      return {
        handle,
        connectionString: url.toString(),
        async drop() {
          await handle.close();
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
    },
  };
}

/** PGlite always; a PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export function testBackends(): TestBackend[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}
