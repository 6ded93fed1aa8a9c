import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveBus, LiveMessage } from '../../lib/live-events.ts';

/** A comment line every so often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** Each stream checks its session at least this often (rights changed by a role edit, an impersonator's loss). */
export const RECHECK_MS = 15_000;

export interface StreamOptions {
  /** The stored id of the session the stream was opened on. */
  sessionId: string;
  userId: number;
  /** The client whose events it receives (null: staff across all clients). */
  clientId: number | null;
  /** When the session expires unless another request pushes it back. */
  expiresAt: Date;
  /** Until when the stream may go on (the session's expiry), or null to close it (AuthService.streamMayGoOn). */
  check(): Promise<Date | null>;
}

interface OpenStream {
  sessionId: string;
  userId: number;
  recheck(): void;
  close(): void;
}

/**
 * The live events streams of this process (SSE /api/events). A stream lives only as long as its session: it closes
 * at once when a session-ended signal names its session (logout, password change, deactivation of the user, their
 * client or an impersonator — published by the services over the bus, so every API process hears it), checks again
 * when its user's rights changed, at its session's expiry and every RECHECK_MS, and closes when the check says
 * so. While a check runs, events wait; none is written after the stream's session was found ended.
 */
export class LiveStreams {
  private readonly open = new Set<OpenStream>();
  private readonly stopSignals: () => void;

  constructor(
    private readonly live: LiveBus,
    private readonly recheckMs = RECHECK_MS,
  ) {
    this.stopSignals = live.onSessions((signal) => {
      const ended = new Set(signal.ended);
      const changed = new Set(signal.changedUsers);
      for (const s of [...this.open]) {
        if (ended.has(s.sessionId)) s.close();
        else if (changed.has(s.userId)) s.recheck();
      }
    });
  }

  /** Writes the stream's head and its events until it closes (by the browser, its session, or closeAll). */
  serve(req: IncomingMessage, res: ServerResponse, o: StreamOptions): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 2000\n\nevent: ready\ndata: {}\n\n`);
    let seq = 0;
    let done = false;
    /** events that arrived while a check runs */
    let held: LiveMessage[] | null = null;
    let checking = false;
    let again = false;
    let timer: NodeJS.Timeout | undefined;

    const write = (m: LiveMessage) => {
      seq += 1;
      res.write(
        `id: ${seq}\nevent: ${m.event}\ndata: ${JSON.stringify({ channel: m.channel, ...(m.data as object) })}\n\n`,
      );
    };
    const send = (m: LiveMessage) => {
      if (done || m.clientId !== o.clientId) return;
      if (held) held.push(m);
      else write(m);
    };
    const unsubscribe = this.live.subscribe(send);
    const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);

    const schedule = (until: Date) => {
      clearTimeout(timer);
      const wait = Math.min(this.recheckMs, Math.max(0, until.getTime() - Date.now() + 50));
      timer = setTimeout(recheck, wait);
    };
    const recheck = () => {
      if (done) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      held ??= [];
      o.check().then(
        (until) => {
          checking = false;
          if (done) return;
          if (!until) return stream.close();
          if (again) {
            again = false;
            return recheck();
          }
          const waiting = held ?? [];
          held = null;
          for (const m of waiting) write(m);
          schedule(until);
        },
        // the session could not be read: close, the browser reconnects and is checked like any request
        () => {
          checking = false;
          stream.close();
        },
      );
    };
    const end = () => {
      if (done) return;
      done = true;
      held = null;
      clearInterval(beat);
      clearTimeout(timer);
      unsubscribe();
      this.open.delete(stream);
    };
    const stream: OpenStream = {
      sessionId: o.sessionId,
      userId: o.userId,
      recheck,
      close: () => {
        end();
        res.end();
      },
    };
    this.open.add(stream);
    req.on('close', end);
    res.on('close', end);
    schedule(o.expiresAt);
  }

  /** Ends every stream (the server is stopping: streams never end by themselves). */
  closeAll(): void {
    for (const s of [...this.open]) s.close();
  }

  /** Stops listening for session signals. */
  stop(): void {
    this.closeAll();
    this.stopSignals();
  }
}
