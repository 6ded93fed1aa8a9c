import { HttpError } from './errors.ts';

/**
 * A fixed-window counter per key, in this process. Good enough to blunt floods on the public tracking
 * endpoints; behind several API processes each process keeps its own window (documented in docs/security.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = Date.now();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): void {
    if (now - this.lastSweep > this.windowMs) this.sweep(now);
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return;
    }
    w.count += 1;
    if (w.count > this.limit) {
      const seconds = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
      throw new HttpError(429, 'Too many requests.', undefined, { 'retry-after': String(seconds) });
    }
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
    this.lastSweep = now;
  }
}
