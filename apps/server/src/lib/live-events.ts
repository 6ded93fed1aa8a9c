import { EventEmitter } from 'node:events';
import type { LIVE_CHANNELS, LiveEvent, LiveEventName } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema.ts';

/**
 * A live event for the console (contracts' LIVE_EVENTS): the channel and event names, the client whose users may
 * see it (null: staff working across all clients) and its payload.
 */
export type LiveMessage = {
  [N in LiveEventName]: { channel: (typeof LIVE_CHANNELS)[N]; event: N; clientId: number | null; data: LiveEvent<N> };
}[LiveEventName];

export type LiveListener = (message: LiveMessage) => void;

/**
 * Not for the browsers: sessions that ended (their stored, hashed ids) and users whose rights changed, so that every
 * API process closes or re-checks the live events streams it holds for them.
 */
export interface SessionSignal {
  ended: string[];
  changedUsers: number[];
}

export type SessionListener = (signal: SessionSignal) => void;

/** Publishes live events and hands them to the listeners of this process (the SSE streams of its browsers). */
export interface LiveBus {
  publish(message: LiveMessage): Promise<void>;
  subscribe(listener: LiveListener): () => void;
  publishSessions(signal: SessionSignal): Promise<void>;
  onSessions(listener: SessionListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'pushdeck_live';

/** A NOTIFY payload stays under PostgreSQL's 8000 bytes: at most this many session ids (64 hex) per notification. */
const IDS_PER_NOTIFICATION = 80;

/** A session signal as NOTIFY payloads (tagged, beside the live events on the same channel). */
function sessionPayloads(signal: SessionSignal): string[] {
  const out: string[] = [];
  for (let i = 0; i < signal.ended.length || (i === 0 && signal.changedUsers.length > 0); i += IDS_PER_NOTIFICATION) {
    const ended = signal.ended.slice(i, i + IDS_PER_NOTIFICATION);
    out.push(JSON.stringify({ kind: 'sessions', ended, changedUsers: i === 0 ? signal.changedUsers : [] }));
  }
  return out;
}

/** One process on the embedded database: events go straight to this process's listeners. */
export class LocalLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(message: LiveMessage): Promise<void> {
    this.emitter.emit('message', message);
  }

  subscribe(listener: LiveListener): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  async publishSessions(signal: SessionSignal): Promise<void> {
    this.emitter.emit('sessions', signal);
  }

  onSessions(listener: SessionListener): () => void {
    this.emitter.on('sessions', listener);
    return () => this.emitter.off('sessions', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Several API and worker processes on one PostgreSQL: an event is published with NOTIFY and every process LISTENs on
 * its own connection, so a job finishing in a worker reaches the browsers of every API process. A dropped listening
 * connection is reopened (a browser that missed events meanwhile reloads the file list when its stream reopens).
 */
export class PgLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly db: Kysely<DB>,
    private readonly onError: (err: Error) => void = () => {},
  ) {}

  /** Opens the listening connection; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const parsed = JSON.parse(n.payload) as LiveMessage | ({ kind: 'sessions' } & SessionSignal);
        if ('kind' in parsed && parsed.kind === 'sessions') {
          this.emitter.emit('sessions', { ended: parsed.ended, changedUsers: parsed.changedUsers });
        } else this.emitter.emit('message', parsed);
      } catch (err) {
        this.onError(err as Error);
      }
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.client = client;
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.onError(err);
    client.end().catch(() => {});
    const again = () => {
      if (this.closed) return;
      this.start().catch((e: Error) => {
        this.onError(e);
        this.retry = setTimeout(again, 1000);
      });
    };
    this.retry = setTimeout(again, 200);
  }

  async publish(message: LiveMessage): Promise<void> {
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`.execute(this.db);
  }

  subscribe(listener: LiveListener): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  async publishSessions(signal: SessionSignal): Promise<void> {
    for (const payload of sessionPayloads(signal)) {
      await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(this.db);
    }
  }

  onSessions(listener: SessionListener): () => void {
    this.emitter.on('sessions', listener);
    return () => this.emitter.off('sessions', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.emitter.removeAllListeners();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

/** The bus for a database: NOTIFY/LISTEN on a PostgreSQL server, in-process on the embedded database. */
export async function openLiveBus(
  handle: { kind: 'pglite' | 'postgres'; db: Kysely<DB>; boss: object },
  onError?: (err: Error) => void,
): Promise<LiveBus> {
  if (handle.kind === 'postgres' && 'connectionString' in handle.boss) {
    const bus = new PgLiveBus(String(handle.boss.connectionString), handle.db, onError);
    await bus.start();
    return bus;
  }
  return new LocalLiveBus();
}
