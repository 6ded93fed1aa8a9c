import {
  type ClientHttp2Session,
  type ClientSessionOptions,
  connect,
  constants,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  type SecureClientSessionOptions,
} from 'node:http2';
import type { SecureContext } from 'node:tls';
import { Deque } from './deque.ts';
import { PushTransportError } from './errors.ts';

export interface ConnectionOptions {
  /** TLS trust (system roots plus any extra CA); Node's defaults when absent. */
  secureContext?: SecureContext;
  rejectUnauthorized?: boolean;
  /** Close a session after this long without any stream. */
  idleTimeoutMs: number;
  /** Response bodies are cut at this many bytes. */
  maxResponseBytes: number;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Task {
  headers: OutgoingHttpHeaders;
  body: Buffer | undefined;
  timeoutMs: number;
  resolve: (response: RawResponse) => void;
  reject: (error: Error) => void;
}

interface SessionState {
  session: ClientHttp2Session;
  active: number;
  maxStreams: number;
}

// Until the peer's SETTINGS arrive, assume the RFC 9113 recommended minimum.
const INITIAL_MAX_STREAMS = 100;

/** One HTTP/2 session to one push service origin, reconnected when it closes, with a queue past the stream limit. */
export class OriginConnection {
  #current: SessionState | undefined;
  readonly #queue = new Deque<Task>();
  #closed = false;
  /** Sessions opened so far (reconnects included). */
  sessionsOpened = 0;

  readonly origin: string;
  readonly options: ConnectionOptions;

  constructor(origin: string, options: ConnectionOptions) {
    this.origin = origin;
    this.options = options;
  }

  request(headers: OutgoingHttpHeaders, body: Buffer | undefined, timeoutMs: number): Promise<RawResponse> {
    if (this.#closed) return Promise.reject(new PushTransportError('connection', 'Push client is closed'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ headers, body, timeoutMs, resolve, reject });
      this.#drain();
    });
  }

  get pending(): number {
    return this.#queue.length;
  }

  /** The current session, if one is open and usable: its streams in flight and the peer's stream limit. */
  get session(): { active: number; maxStreams: number } | undefined {
    const state = this.#current;
    if (!state || state.session.closed || state.session.destroyed) return undefined;
    return { active: state.active, maxStreams: state.maxStreams };
  }

  close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.drain()) {
      task.reject(new PushTransportError('connection', 'Push client closed before the request was sent'));
    }
    const state = this.#current;
    this.#current = undefined;
    if (!state || state.session.closed || state.session.destroyed) return Promise.resolve();
    state.session.ref(); // keep the process alive until the close completes
    return new Promise((resolve) => state.session.close(() => resolve()));
  }

  #drain(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const state = this.#usableSession();
      if (state.active >= state.maxStreams) return;
      const task = this.#queue.shift();
      if (task) this.#start(state, task);
    }
  }

  #usableSession(): SessionState {
    const state = this.#current;
    if (state && !state.session.closed && !state.session.destroyed) return state;
    return this.#connect();
  }

  #connect(): SessionState {
    const options: ClientSessionOptions | SecureClientSessionOptions = {};
    if (this.origin.startsWith('https:')) {
      const tls: SecureClientSessionOptions = {};
      if (this.options.secureContext !== undefined) tls.secureContext = this.options.secureContext;
      if (this.options.rejectUnauthorized !== undefined) tls.rejectUnauthorized = this.options.rejectUnauthorized;
      Object.assign(options, tls);
    }
    const session = connect(this.origin, options);
    this.sessionsOpened++;
    const state: SessionState = { session, active: 0, maxStreams: INITIAL_MAX_STREAMS };
    this.#current = state;
    const retire = () => {
      if (this.#current === state) this.#current = undefined;
    };
    session.on('remoteSettings', (settings) => {
      state.maxStreams = Math.max(1, settings.maxConcurrentStreams ?? INITIAL_MAX_STREAMS);
      this.#drain();
    });
    // Nothing new goes to a session that is going away; queued work moves to a fresh one.
    session.on('goaway', () => {
      retire();
      this.#drain();
    });
    session.on('error', retire);
    session.on('close', () => {
      retire();
      if (this.pending > 0) this.#drain();
    });
    session.setTimeout(this.options.idleTimeoutMs, () => {
      if (state.active === 0) {
        retire();
        session.close();
      }
    });
    session.unref();
    return state;
  }

  #start(state: SessionState, task: Task): void {
    state.active++;
    let settled = false;
    let status = 0;
    let responseHeaders: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) task.reject(error);
      else {
        const body = chunks.length === 0 ? '' : Buffer.concat(chunks).toString('utf8');
        task.resolve({ status, headers: responseHeaders, body });
      }
    };
    let stream: ReturnType<ClientHttp2Session['request']>;
    try {
      stream = state.session.request(task.headers, { endStream: task.body === undefined });
    } catch (error) {
      // Session destroyed or out of stream ids: retire it so the next request opens a fresh one.
      state.active--;
      if (this.#current === state) this.#current = undefined;
      const message = error instanceof Error ? error.message : String(error);
      task.reject(
        new PushTransportError('connection', `Request to ${this.origin} failed: ${message}`, { cause: error }),
      );
      return;
    }
    const timer = setTimeout(() => {
      settle(new PushTransportError('timeout', `No response from ${this.origin} within ${task.timeoutMs} ms`));
      stream.close(constants.NGHTTP2_CANCEL);
    }, task.timeoutMs);
    stream.on('response', (headers) => {
      status = Number(headers[':status'] ?? 0);
      responseHeaders = headers;
    });
    stream.on('data', (chunk: Buffer) => {
      if (received < this.options.maxResponseBytes)
        chunks.push(chunk.subarray(0, this.options.maxResponseBytes - received));
      received += chunk.length;
    });
    stream.on('end', () =>
      settle(status ? undefined : new PushTransportError('connection', 'Stream ended without a response')),
    );
    stream.on('error', (error) => {
      settle(
        new PushTransportError('connection', `Request to ${this.origin} failed: ${error.message}`, { cause: error }),
      );
    });
    stream.on('close', () => {
      state.active--;
      if (!settled) {
        settle(new PushTransportError('connection', `Stream to ${this.origin} closed (code ${stream.rstCode})`));
      }
      this.#drain();
    });
    if (task.body !== undefined) stream.end(task.body);
  }
}
