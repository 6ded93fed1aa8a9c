import type { PushServiceStats } from './types.ts';

/** Running totals behind `stats()`. */
export class Counters {
  received = 0;
  decryptFailures = 0;
  vapidFailures = 0;
  sessions = 0;
  readonly #byStatus = new Map<number, number>();

  count(status: number): void {
    this.#byStatus.set(status, (this.#byStatus.get(status) ?? 0) + 1);
  }

  snapshot(): PushServiceStats {
    const byStatus: Record<number, number> = {};
    for (const [status, n] of [...this.#byStatus].sort((a, b) => a[0] - b[0])) byStatus[status] = n;
    const { received, decryptFailures, vapidFailures, sessions } = this;
    return { received, byStatus, decryptFailures, vapidFailures, sessions };
  }

  reset(): void {
    this.received = 0;
    this.decryptFailures = 0;
    this.vapidFailures = 0;
    this.sessions = 0;
    this.#byStatus.clear();
  }
}
