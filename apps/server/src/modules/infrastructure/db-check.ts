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

/** What one connection attempt found, and whether a PostgreSQL server answered (success, or an error it sent). */
export interface DbProbe {
  check: ConnectionCheck;
  /** A PostgreSQL server answered: connected, or refused with its own error (wrong password, no such database). */
  answered: boolean;
}

/** An error a PostgreSQL server sent (an ErrorResponse with its SQLSTATE), as opposed to the network's or the driver's. */
const isServerAnswer = (e: unknown) => e instanceof pg.DatabaseError && /^[0-9A-Z]{5}$/.test(e.code ?? '');

/**
 * Connects to the described PostgreSQL server once and asks its version: reachable with version and round trip, or
 * the error (never containing the password, which pg does not echo), and whether a PostgreSQL server sent it. Bounded
 * by `timeoutMs`. The service (clusters.service.ts) decides what of a failure the caller sees.
 */
export async function probeDatabase(target: DbTarget, timeoutMs = CHECK_TIMEOUT_MS): Promise<DbProbe> {
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
  let connected = false;
  try {
    await client.connect();
    // the handshake completed: whatever happens next, a PostgreSQL server answered
    connected = true;
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    const latency_ms = Math.round((performance.now() - started) * 10) / 10;
    return {
      check: { reachable: true, version: rows[0]?.server_version ?? null, latency_ms, error: null, checked_at },
      answered: true,
    };
  } catch (e) {
    const message = e instanceof Error ? e.message || e.name : String(e);
    return {
      check: { reachable: false, version: null, latency_ms: null, error: redactPassword(message, target), checked_at },
      answered: connected || isServerAnswer(e),
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg does not echo passwords; should a server ever do so, a password of 6+ characters is masked (a shorter one
 * would mask ordinary words of the message). */
function redactPassword(message: string, target: DbTarget): string {
  return target.password.length >= 6 ? message.split(target.password).join('***') : message;
}
