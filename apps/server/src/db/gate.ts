/** What a gate that has been held too long reports (see `Gate.stall`). */
export interface GateStall {
  heldMs: number;
  /** Callers waiting for the gate. */
  waiting: number;
  /** The last statement run by the holder, shortened. */
  statement: string;
}

/**
 * A FIFO lock. PGlite has one connection: every statement, and every transaction as a whole, must hold
 * the gate so that nothing else runs inside someone else's transaction.
 */
export class Gate {
  private tail: Promise<void> = Promise.resolve();
  private heldSince: number | null = null;
  private waiting = 0;
  private statement = '';

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.waiting += 1;
    const ready = this.tail.then(() => {
      this.waiting -= 1;
      this.heldSince = Date.now();
      this.statement = '';
      return () => {
        this.heldSince = null;
        release();
      };
    });
    this.tail = this.tail.then(() => next);
    return ready;
  }

  async run<T>(fn: () => Promise<T>, statement?: string): Promise<T> {
    const release = await this.acquire();
    if (statement) this.note(statement);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** Records the statement the holder runs, for `stall`. */
  note(statement: string): void {
    this.statement = statement.replace(/\s+/g, ' ').trim().slice(0, 200);
  }

  /** The gate has been held for `thresholdMs` or more: by how long, with what, and who waits. */
  stall(thresholdMs: number, now = Date.now()): GateStall | null {
    if (this.heldSince === null || now - this.heldSince < thresholdMs) return null;
    return { heldMs: now - this.heldSince, waiting: this.waiting, statement: this.statement };
  }
}
