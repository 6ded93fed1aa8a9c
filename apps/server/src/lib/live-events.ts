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

/** Publishes live events and hands them to the listeners of this process (the SSE streams of its browsers). */
export interface LiveBus {
  publish(message: LiveMessage): Promise<void>;
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'pushdeck_live';

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
        this.emitter.emit('message', JSON.parse(n.payload) as LiveMessage);
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
