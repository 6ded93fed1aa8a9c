import { WebPushInputError } from './errors.ts';
import { createVapidAuthorization, DEFAULT_VAPID_EXPIRY_SECONDS, type VapidDetails } from './vapid.ts';

export interface VapidCacheOptions {
  /** Lifetime of each JWT. Default 12 h (at most 24 h). */
  expiresInSeconds?: number;
  /** Renew a header when less than this remains. Default 1 h. */
  renewBeforeSeconds?: number;
  /** Bound on cached headers; the oldest is dropped beyond it. Default 10,000. */
  maxEntries?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}

interface Entry {
  authorization: string;
  exp: number;
}

/** Caches the VAPID Authorization header per (audience, publicKey, subject), so one JWT serves ~11 h of sends. */
export class VapidCache {
  readonly #entries = new Map<string, Entry>();
  readonly #expiresIn: number;
  readonly #renewBefore: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(opts: VapidCacheOptions = {}) {
    this.#expiresIn = opts.expiresInSeconds ?? DEFAULT_VAPID_EXPIRY_SECONDS;
    this.#renewBefore = opts.renewBeforeSeconds ?? 3600;
    this.#maxEntries = opts.maxEntries ?? 10_000;
    this.#now = opts.now ?? Date.now;
    if (this.#renewBefore < 0 || this.#renewBefore >= this.#expiresIn) {
      throw new WebPushInputError('renewBeforeSeconds must be smaller than expiresInSeconds');
    }
  }

  /** The Authorization header value for `audience` (the push service origin). */
  authorization(audience: string, vapid: VapidDetails): string {
    const key = `${audience}\n${vapid.publicKey}\n${vapid.subject}`;
    const now = this.#now();
    const cached = this.#entries.get(key);
    if (cached && cached.exp * 1000 - now >= this.#renewBefore * 1000) return cached.authorization;
    const fresh = createVapidAuthorization({ ...vapid, audience, expiresInSeconds: this.#expiresIn, now });
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value ?? '');
    this.#entries.set(key, fresh);
    return fresh.authorization;
  }

  headers(audience: string, vapid: VapidDetails): { authorization: string } {
    return { authorization: this.authorization(audience, vapid) };
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
