import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { HttpError } from './errors.ts';

/** At most `limit` hits per key in each window; a hit over it throws 429 with Retry-After. */
export interface RateLimiter {
  hit(key: string): Promise<void>;
}

/** The 429's text for a wait of `seconds`. */
export type TooManyText = (seconds: number) => string;

const TOO_MANY_REQUESTS: TooManyText = () => 'Too many requests.';

function tooMany(windowEnd: number, now: number, text: TooManyText): HttpError {
  const seconds = Math.max(1, Math.ceil((windowEnd - now) / 1000));
  return new HttpError(429, text(seconds), undefined, { 'retry-after': String(seconds) });
}

/**
 * A fixed-window counter per key in this process: exact for the embedded database, which is single-process by
 * nature.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = Date.now();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly text: TooManyText = TOO_MANY_REQUESTS,
  ) {}

  async hit(key: string, now = Date.now()): Promise<void> {
    if (now - this.lastSweep > this.windowMs) this.sweep(now);
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return;
    }
    w.count += 1;
    if (w.count > this.limit) throw tooMany(w.start + this.windowMs, now, this.text);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
    this.lastSweep = now;
  }
}

/**
 * The same fixed-window counter per key, shared by every API process on one PostgreSQL server: one upsert per hit
 * into the unlogged `rate_limit_hits` table, whose row is the key's current window (it starts at the first hit
 * after the last window ended, as in memory). Ended windows are pruned by the maintenance job.
 */
export class SharedRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    /** Names the limit, so that two limits on the same key count apart. */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly text: TooManyText = TOO_MANY_REQUESTS,
  ) {}

  async hit(key: string, now = Date.now()): Promise<void> {
    const at = new Date(now);
    const ended = new Date(now - this.windowMs);
    const { rows } = await sql<{ hits: number; window_start: Date }>`
      insert into rate_limit_hits as r (bucket, window_start, hits) values (${`${this.name}|${key}`}, ${at}, 1)
      on conflict (bucket) do update set
        hits = case when r.window_start <= ${ended} then 1 else r.hits + 1 end,
        window_start = case when r.window_start <= ${ended} then ${at} else r.window_start end
      returning hits, window_start`.execute(this.db);
    const row = rows[0]!;
    if (Number(row.hits) > this.limit)
      throw tooMany(new Date(row.window_start).getTime() + this.windowMs, now, this.text);
  }
}

/** Drops windows that ended more than an hour ago. */
export async function pruneRateLimits(db: Kysely<DB>, now = new Date()): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('window_start', '<', new Date(now.getTime() - 3_600_000))
    .execute();
}

/** The limiter for this deployment: shared on a PostgreSQL server (several API processes), in memory otherwise. */
export function rateLimiter(
  shared: { db: Kysely<DB> } | undefined,
  name: string,
  limit: number,
  windowMs: number,
  text?: TooManyText,
): RateLimiter {
  return shared
    ? new SharedRateLimiter(shared.db, name, limit, windowMs, text)
    : new MemoryRateLimiter(limit, windowMs, text);
}
