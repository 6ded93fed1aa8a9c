import { type VapidVerification, verifyVapidAuthorization } from './vapid-verify.ts';

export interface VapidVerifierOptions {
  /** Bound on remembered verifications; the oldest is dropped beyond it. Default 1,000. */
  maxEntries?: number;
}

type Verified = Extract<VapidVerification, { ok: true }>;

/**
 * Verifies RFC 8292 Authorization headers the way a push service under load does: a sender reuses one signed JWT
 * for hours (see `VapidCache`), so the ECDSA check of a header that already verified for this audience is not
 * repeated. Only the clock is checked again: a remembered header stops verifying the moment its `exp` passes.
 * Failures are never remembered, so a bad header costs a full check every time and can't evict good ones for long.
 */
export class VapidVerifier {
  readonly #verified = new Map<string, Verified>();
  readonly #maxEntries: number;
  /** Full signature checks made (cache misses), for tests and benchmarks. */
  signatureChecks = 0;

  constructor(opts: VapidVerifierOptions = {}) {
    this.#maxEntries = opts.maxEntries ?? 1000;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) throw new RangeError('maxEntries must be ≥ 1');
  }

  verify(header: string | undefined, expectedAudience: string, now: number = Date.now()): VapidVerification {
    if (typeof header !== 'string') return verifyVapidAuthorization(header, expectedAudience, now);
    const key = `${expectedAudience}\n${header}`;
    const known = this.#verified.get(key);
    if (known) {
      if (known.claims.exp > Math.floor(now / 1000)) return known;
      this.#verified.delete(key);
      return { ok: false, reason: 'JWT has expired' };
    }
    this.signatureChecks++;
    const result = verifyVapidAuthorization(header, expectedAudience, now);
    if (result.ok) {
      if (this.#verified.size >= this.#maxEntries) this.#verified.delete(this.#verified.keys().next().value ?? '');
      this.#verified.set(key, result);
    }
    return result;
  }

  get size(): number {
    return this.#verified.size;
  }
}
