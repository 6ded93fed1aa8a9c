import type { ConnectionCheck } from '@pushdeck/contracts';
import pg from 'pg';

export interface DbTarget {
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
}

/** How long a test waits for the server to answer, connecting and querying (a short, fixed bound). */
export const CHECK_TIMEOUT_MS = 3000;

/**
 * Connects to the described PostgreSQL server once and asks its version: reachable with version and round trip, or
 * the driver's error (never containing the password, which pg does not echo). Bounded by CHECK_TIMEOUT_MS.
 */
export async function checkDatabase(target: DbTarget, timeoutMs = CHECK_TIMEOUT_MS): Promise<ConnectionCheck> {
  const started = performance.now();
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.username,
    password: target.password,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    application_name: 'pushdeck-connection-test',
  });
  // an error after connect (server gone) must not crash the process
  client.on('error', () => {});
  const checked_at = new Date().toISOString();
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    const latency_ms = Math.round((performance.now() - started) * 10) / 10;
    return { reachable: true, version: rows[0]?.server_version ?? null, latency_ms, error: null, checked_at };
  } catch (e) {
    const message = e instanceof Error ? e.message || e.name : String(e);
    return { reachable: false, version: null, latency_ms: null, error: redactPassword(message, target), checked_at };
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg does not echo passwords; should a server ever do so, a password of 6+ characters is masked (a shorter one
 * would mask ordinary words of the message). */
function redactPassword(message: string, target: DbTarget): string {
  return target.password.length >= 6 ? message.split(target.password).join('***') : message;
}
