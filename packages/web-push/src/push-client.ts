import type { OutgoingHttpHeaders } from 'node:http2';
import { createSecureContext, rootCertificates } from 'node:tls';
import { encryptPayload, type SubscriptionKeys } from './encryption.ts';
import { compileEndpointPolicy, type EndpointPolicy, parseEndpoint } from './endpoint.ts';
import { WebPushInputError } from './errors.ts';
import { OriginConnection } from './origin-connection.ts';
import { parseRetryAfter } from './outcome.ts';
import { pushHeaders, type SendOptions } from './send-options.ts';
import { VapidCache } from './vapid-cache.ts';

export interface PushSubscription {
  endpoint: string;
  keys: SubscriptionKeys;
}

export interface PushClientOptions extends EndpointPolicy {
  /** Extra trusted CA(s), e.g. the self-signed certificate of a local push service; added to the system roots. */
  ca?: string | Buffer | Array<string | Buffer>;
  rejectUnauthorized?: boolean;
  /** Per-request timeout. Default 30 s. */
  timeoutMs?: number;
  /** Idle sessions are closed after this long. Default 60 s. */
  idleTimeoutMs?: number;
  /** Response bodies are kept up to this many bytes. Default 4096. */
  maxResponseBytes?: number;
  /** Shared VAPID header cache; one per client by default. */
  vapidCache?: VapidCache;
}

export interface PushResponse {
  status: number;
  retryAfterMs?: number;
  body?: string;
  location?: string;
}

export type PushPayload = Buffer | Uint8Array | string;

/** Node's `ca` option replaces the root store; keep the public roots so real push services still verify. */
function trustWith(ca: string | Buffer | Array<string | Buffer>): ReturnType<typeof createSecureContext> {
  return createSecureContext({ ca: [...rootCertificates, ...(Array.isArray(ca) ? ca : [ca])] });
}

export interface OriginStats {
  sessionsOpened: number;
  pending: number;
  session: { active: number; maxStreams: number } | undefined;
}

/** Sends Web Push messages over one reused HTTP/2 session per push service origin. */
export class PushClient {
  readonly #connections = new Map<string, OriginConnection>();
  readonly #policy: EndpointPolicy;
  readonly #vapid: VapidCache;
  readonly #timeoutMs: number;
  readonly #connectionOptions: ConstructorParameters<typeof OriginConnection>[1];
  #closed = false;

  constructor(options: PushClientOptions = {}) {
    this.#policy = options;
    compileEndpointPolicy(options); // a bad allow-list entry fails here, not at the first send
    this.#vapid = options.vapidCache ?? new VapidCache();
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#connectionOptions = {
      idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
      maxResponseBytes: options.maxResponseBytes ?? 4096,
      ...(options.ca !== undefined ? { secureContext: trustWith(options.ca) } : {}),
      ...(options.rejectUnauthorized !== undefined ? { rejectUnauthorized: options.rejectUnauthorized } : {}),
    };
  }

  /**
   * Validates the endpoint against the client's policy and returns its origin; throws `EndpointRefusedError`
   * before any I/O.
   */
  originOf(endpoint: string): string {
    return parseEndpoint(endpoint, this.#policy).origin;
  }

  /**
   * Encrypts and sends one message. Resolves with the push service's answer whatever the status; rejects with
   * `WebPushInputError` for bad input (before any I/O; `EndpointRefusedError` for an endpoint the policy refuses,
   * checked on every send so subscriptions stored under an older policy are never sent to) and `PushTransportError`
   * when no answer came.
   */
  async send(subscription: PushSubscription, payload: PushPayload | null, opts: SendOptions): Promise<PushResponse> {
    if (this.#closed) throw new WebPushInputError('Push client is closed');
    if (!subscription || typeof subscription !== 'object') throw new WebPushInputError('subscription is required');
    const url = parseEndpoint(subscription.endpoint, this.#policy);
    const headers: OutgoingHttpHeaders = pushHeaders(opts);
    const timeoutMs = opts.timeoutMs ?? this.#timeoutMs;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new WebPushInputError('timeoutMs must be positive');
    let body: Buffer | undefined;
    if (payload !== null && payload !== undefined) {
      body = encryptPayload(payload, subscription.keys, opts.padding ? { padding: opts.padding } : {});
      headers['content-encoding'] = 'aes128gcm';
      headers['content-type'] = 'application/octet-stream';
    }
    headers['content-length'] = String(body?.length ?? 0);
    headers.authorization = this.#vapid.authorization(url.origin, opts.vapid);
    headers[':method'] = 'POST';
    headers[':path'] = `${url.pathname}${url.search}`;

    const raw = await this.#connection(url.origin).request(headers, body, timeoutMs);
    const response: PushResponse = { status: raw.status };
    const retryAfter = raw.headers['retry-after'];
    const retryAfterMs = parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    if (retryAfterMs !== undefined) response.retryAfterMs = retryAfterMs;
    if (raw.body) response.body = raw.body;
    const location = raw.headers.location;
    if (typeof location === 'string') response.location = location;
    return response;
  }

  /**
   * Per origin: sessions opened since the client was created (reconnects count), requests waiting in the client, and
   * the open session if any (streams in flight, the peer's stream limit).
   */
  stats(): Record<string, OriginStats> {
    const out: Record<string, OriginStats> = {};
    for (const [origin, c] of this.#connections) {
      out[origin] = { sessionsOpened: c.sessionsOpened, pending: c.pending, session: c.session };
    }
    return out;
  }

  /** Closes every session after its in-flight streams; queued requests are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    const connections = [...this.#connections.values()];
    this.#connections.clear();
    await Promise.all(connections.map((c) => c.close()));
  }

  #connection(origin: string): OriginConnection {
    let connection = this.#connections.get(origin);
    if (!connection) {
      connection = new OriginConnection(origin, this.#connectionOptions);
      this.#connections.set(origin, connection);
    }
    return connection;
  }
}
