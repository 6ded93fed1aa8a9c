import { LIMITS, MSG } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type RateLimiter, rateLimiter } from '../../lib/rate-limiter.ts';

const tooManySignUps = (seconds: number) => MSG.tooManySignUps.replace(':seconds', String(seconds));

/**
 * Public sign-ups (a new client, or a user joining one) are limited per address and for all addresses together
 * (LIMITS.signUps*), each a fixed window kept in the database on a PostgreSQL server so that every API process
 * counts the same (lib/rate-limiter.ts), in memory on the embedded database. An address over its limit is refused
 * before it counts against the global one, so one noisy address does not use up everyone's sign-ups.
 */
export class SignUpThrottle {
  private readonly perAddress: RateLimiter;
  private readonly global: RateLimiter;

  constructor(
    shared: { db: Kysely<DB> } | undefined,
    limits = { perAddress: LIMITS.signUpsPerAddress, global: LIMITS.signUpsGlobal },
  ) {
    const windowMs = LIMITS.signUpWindowMinutes * 60_000;
    this.perAddress = rateLimiter(shared, 'auth.sign-up.address', limits.perAddress, windowMs, tooManySignUps);
    this.global = rateLimiter(shared, 'auth.sign-up.all', limits.global, windowMs, tooManySignUps);
  }

  /** Counts one sign-up attempt from `ip`; 429 with Retry-After and MSG.tooManySignUps over either limit. */
  async hit(ip: string): Promise<void> {
    await this.perAddress.hit(ip);
    await this.global.hit('*');
  }
}
