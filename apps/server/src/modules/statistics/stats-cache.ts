import { STATS_LIMITS } from '@pushdeck/contracts';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * In-process response cache: least recently used entries go first once `capacity` is reached; each entry lives
 * for its own TTL. Keys are the full normalised request including the actor's effective client and website scope,
 * so one client's numbers are never served to another. Per process: several API processes each keep their own.
 */
export class StatsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly capacity: number = STATS_LIMITS.cacheEntries,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached value for `key`, or computes, stores (when ttlMs > 0) and returns it. */
  async getOrCompute<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as T;
    }
    if (hit) this.entries.delete(key);
    const value = await compute();
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A stable key: object keys sorted at every level, so equal requests give equal keys whatever their key order. */
export function cacheKey(parts: unknown): string {
  return JSON.stringify(parts, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
