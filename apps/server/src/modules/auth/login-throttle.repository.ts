import { LIMITS, MSG } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/errors.ts';

const WINDOW_MS = 60_000;

/** At most 5 failed attempts per minute per email + IP, kept in the database so every API process shares it. */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly max = LIMITS.loginAttemptsPerMinute,
  ) {}

  private key(email: string, ip: string): string {
    return sha256(`${email.trim().toLowerCase()}|${ip}`);
  }

  /** Throws 429 with Retry-After when the window is full. */
  async check(email: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - WINDOW_MS);
    const rows = await this.db
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('key', '=', this.key(email, ip))
      .where('attempted_at', '>', since)
      .orderBy('attempted_at')
      .execute();
    if (rows.length < this.max) return;
    const oldest = rows[rows.length - this.max]!.attempted_at.getTime();
    const seconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - Date.now()) / 1000));
    throw new HttpError(429, MSG.tooManyAttempts.replace(':seconds', String(seconds)), undefined, {
      'retry-after': String(seconds),
    });
  }

  async fail(email: string, ip: string): Promise<void> {
    await this.db
      .insertInto('login_attempts')
      .values({ key: this.key(email, ip) })
      .execute();
  }

  async clear(email: string, ip: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', this.key(email, ip)).execute();
  }

  async prune(): Promise<void> {
    await this.db
      .deleteFrom('login_attempts')
      .where('attempted_at', '<', new Date(Date.now() - WINDOW_MS))
      .execute();
  }
}
