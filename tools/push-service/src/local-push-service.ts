import { VapidVerifier } from '@pushdeck/web-push';
import { loadOrCreateCertificate } from './certificate.ts';
import { type ControlTarget, handleControl } from './control-routes.ts';
import { Counters } from './counters.ts';
import { Exchange, type ServerRequest, type ServerResponse } from './exchange.ts';
import { type Fault, FaultTable } from './faults.ts';
import { type Listener, listen } from './listener.ts';
import { MessageStore } from './message-store.ts';
import { handlePush, type PushContext } from './push-handler.ts';
import { type SubscriptionRecord, SubscriptionStore } from './subscription-store.ts';
import type {
  CreatedSubscription,
  FaultSpec,
  LocalPushServiceOptions,
  PushServiceStats,
  ReceivedMessage,
  SubscriptionInfo,
  SubscriptionOptions,
} from './types.ts';

const PUSH_PATH = /^\/push\/([^/]+)$/;

/** The host name in the origin: one the certificate covers when listening on a loopback or wildcard address. */
function originHost(host: string): string {
  if (host === 'localhost') return 'localhost';
  if (host === '127.0.0.1' || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer`);
  return value;
}

/**
 * A local RFC 8030 push service that checks what it receives as a strict push service would (VAPID, headers,
 * size, content coding) and plays the browser: it holds each subscription's private key and decrypts.
 */
export class LocalPushService implements ControlTarget {
  /** `https://127.0.0.1:PORT` (or `http://` with `tls: false`); subscription endpoints start with it. */
  readonly origin: string;
  readonly port: number;
  /** PEM certificate the sender must trust (self-signed); undefined with `tls: false`. */
  readonly ca: string | undefined;
  /** Where `ca` is stored (`<stateDir>/tls-cert.pem`); undefined without a state directory. */
  readonly caPath: string | undefined;

  readonly #listener: Listener;
  readonly #context: PushContext;
  readonly #log: (message: string) => void;

  private constructor(
    listener: Listener,
    origin: string,
    tls: { ca: string | undefined; caPath: string | undefined },
    context: PushContext,
  ) {
    this.#listener = listener;
    this.origin = origin;
    this.port = listener.port;
    this.ca = tls.ca;
    this.caPath = tls.caPath;
    this.#context = context;
    this.#log = context.log;
  }

  static async start(opts: LocalPushServiceOptions = {}): Promise<LocalPushService> {
    const host = opts.host ?? '127.0.0.1';
    const port = opts.port ?? 0;
    if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new TypeError('port must be in 0..65535');
    const maxBodyBytes = positiveInteger(opts.maxBodyBytes ?? 4096, 'maxBodyBytes');
    const maxStored = positiveInteger(opts.maxStored ?? 10_000, 'maxStored');
    const useTls = opts.tls ?? true;
    const tls = useTls ? await loadOrCreateCertificate(opts.stateDir) : undefined;
    const subscriptions = await SubscriptionStore.open(opts.stateDir);
    const counters = new Counters();

    let service: LocalPushService | undefined;
    const listener = await listen({
      port,
      host,
      tls: tls ? { key: tls.key, cert: tls.cert } : undefined,
      onSession: () => counters.sessions++,
      handler: (req, res) => {
        if (service) service.#handle(req, res);
        else res.end('');
      },
    });
    const origin = `${useTls ? 'https' : 'http'}://${originHost(host)}:${listener.port}`;
    const context: PushContext = {
      origin,
      subscriptions,
      messages: new MessageStore({ maxStored, retainPayloads: opts.retainPayloads ?? true }),
      faults: new FaultTable(),
      counters,
      vapid: new VapidVerifier(),
      maxBodyBytes,
      timers: new Set(),
      onMessage: opts.onMessage,
      log: opts.log ?? ((message) => console.error(message)),
    };
    service = new LocalPushService(listener, origin, { ca: tls?.cert, caPath: tls?.certPath }, context);
    return service;
  }

  /** A new subscription, as a browser's PushManager.subscribe() would return it; the service keeps the private key. */
  createSubscription(opts: SubscriptionOptions = {}): CreatedSubscription {
    return this.#created(this.#context.subscriptions.create(opts));
  }

  /** Later pushes to it answer 410 Gone. False when the id is unknown. */
  removeSubscription(id: string): boolean {
    return this.#context.subscriptions.remove(id);
  }

  subscriptions(): SubscriptionInfo[] {
    return this.#context.subscriptions
      .list()
      .map((r) => ({ ...this.#created(r), createdAt: r.createdAt, removed: r.removed }));
  }

  /** Answers matching pushes with `status` before any other check, `times` times (default: until cleared). */
  injectFault(fault: FaultSpec): Fault {
    return this.#context.faults.add(fault);
  }

  clearFaults(): void {
    this.#context.faults.clear();
  }

  /** Accepted messages, oldest first (at most `maxStored`). */
  messages(subscriptionId?: string): ReceivedMessage[] {
    return this.#context.messages.list(subscriptionId);
  }

  message(id: string): ReceivedMessage | undefined {
    return this.#context.messages.get(id);
  }

  deleteMessage(id: string): boolean {
    return this.#context.messages.delete(id);
  }

  stats(): PushServiceStats {
    return this.#context.counters.snapshot();
  }

  /** Forgets messages, statistics and faults; subscriptions stay. */
  reset(): void {
    this.#context.messages.clear();
    this.#context.counters.reset();
    this.#context.faults.clear();
  }

  /** Stops listening and drops open connections; delayed fault answers are cancelled. */
  async close(): Promise<void> {
    for (const timer of this.#context.timers) clearTimeout(timer);
    this.#context.timers.clear();
    await this.#listener.close();
  }

  #created(r: SubscriptionRecord): CreatedSubscription {
    return {
      id: r.id,
      endpoint: `${this.origin}/push/${r.id}`,
      keys: { ...r.keys },
      ...(r.label !== undefined ? { label: r.label } : {}),
      ...(r.applicationServerKey !== undefined ? { applicationServerKey: r.applicationServerKey } : {}),
    };
  }

  #handle(req: ServerRequest, res: ServerResponse): void {
    const ex = new Exchange(req, res);
    const push = PUSH_PATH.exec(ex.url.pathname);
    let work: Promise<unknown>;
    if (push?.[1] !== undefined) {
      work =
        ex.method === 'POST'
          ? handlePush(this.#context, ex, push[1])
          : Promise.resolve(ex.send(405, 'push messages are sent with POST', { allow: 'POST' }));
    } else {
      work = handleControl(this, ex).then((found) => found || ex.send(404, 'not found'));
    }
    work.catch((error: unknown) => {
      this.#log(`push-service: ${ex.method} ${ex.url.pathname} failed: ${String(error)}`);
      ex.send(500, 'internal error');
    });
  }
}
