import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db as IDatabase } from 'pg-boss';
import { fromPglite } from 'pg-boss';
import { Gate, type GateStall } from './gate.ts';
import { PgliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface ScriptSession {
  /** A multi-statement script; on failure the open transaction is rolled back. */
  exec(script: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
}

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Runs `fn` on one dedicated session (migrations: lock, read, apply scripts). */
  session<T>(fn: (s: ScriptSession) => Promise<T>): Promise<T>;
  /** What pg-boss uses: the embedded database through the same gate, or a connection string of its own pool. */
  boss: { db: IDatabase; backend: 'pglite' } | { connectionString: string };
  close(): Promise<void>;
}

// int8 (counts, sums) as numbers: every count we keep fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * A server connection that breaks (the server restarted, an administrator or a failover ended it) must not take the
 * process down: without a listener, node-postgres throws such an error from an idle client as an uncaught exception.
 * The pool drops the broken client and the next query opens a new one. Errors once close() has begun are expected.
 */
export async function openPostgres(
  connectionString: string,
  onConnectionError: (err: Error) => void = (err) => console.error(`database connection lost: ${err.message}`),
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  let closing = false;
  const lost = (err: Error) => {
    if (!closing) onConnectionError(err);
  };
  pool.on('error', lost);
  // Also while a client is checked out or ending, when the pool's own idle listener is not attached.
  pool.on('connect', (client) => client.on('error', lost));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
    async session(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          async exec(script) {
            try {
              await client.query(script);
            } catch (err) {
              await client.query('rollback').catch(() => {});
              throw err;
            }
          },
          rows: async <T>(query: string) => (await client.query(query)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    boss: { connectionString },
    async close() {
      if (closing) return;
      closing = true;
      await pool.end();
    },
  };
}

/** How often the embedded database's gate is checked for a holder that does not let go, and from when it is told. */
export const STALL_CHECK_MS = 5_000;
export const STALL_AFTER_MS = 10_000;

/**
 * The embedded database: PGlite with its files in `dataDir`, or in memory when dataDir is undefined. `onStall` hears
 * about a statement or transaction that has held the single connection for STALL_AFTER_MS or more (every check while
 * it lasts): a wait that can never end (a deadlock in our own code) then says what it waits on instead of hanging
 * silently.
 */
export async function openPglite(
  dataDir: string | undefined,
  onStall?: (stall: GateStall) => void,
): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create(dataDir ? { dataDir } : {});
  const gate = new Gate();
  const watch = onStall
    ? setInterval(() => {
        const stall = gate.stall(STALL_AFTER_MS);
        if (stall) onStall(stall);
      }, STALL_CHECK_MS)
    : undefined;
  watch?.unref();
  const gated = {
    query: <T>(text: string, params?: unknown[]) => gate.run(() => pglite.query<T>(text, params), text),
    exec: (text: string) => gate.run(() => pglite.exec(text), text),
  };
  return {
    kind: 'pglite',
    db: new Kysely<DB>({ dialect: new PgliteDialect(pglite, gate) }),
    session: (fn) =>
      gate.run(() =>
        fn({
          async exec(script) {
            try {
              await pglite.exec(script);
            } catch (err) {
              await pglite.exec('rollback').catch(() => {});
              throw err;
            }
          },
          rows: async <T>(query: string) => (await pglite.query<T>(query)).rows,
        }),
      ),
    boss: { db: fromPglite(gated), backend: 'pglite' },
    async close() {
      clearInterval(watch);
      await gate.run(() => pglite.close());
    },
  };
}

export function openDatabase(
  options: { databaseUrl?: string | undefined; dataDir: string },
  events: { onConnectionError?: (err: Error) => void; onStall?: (stall: GateStall) => void } = {},
): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, events.onConnectionError)
    : openPglite(path.join(options.dataDir, 'pglite'), events.onStall);
}
