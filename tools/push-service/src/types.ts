import type { Urgency } from '@pushdeck/web-push';

export interface LocalPushServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (the origin then uses 127.0.0.1; `localhost` gives a localhost origin). */
  host?: string;
  /** Persist subscriptions and the TLS certificate here, so endpoints and trust survive restarts. */
  stateDir?: string;
  /** HTTP/2 over TLS (with HTTP/1.1 fallback). `false`: cleartext h2c and HTTP/1.1 on one port. Default true. */
  tls?: boolean;
  /** Largest accepted push body. Default 4096 (RFC 8030 §7.2). */
  maxBodyBytes?: number;
  /** Keep decrypted payloads of stored messages. `false` keeps ids, sizes and headers only. Default true. */
  retainPayloads?: boolean;
  /** Stored messages beyond this are dropped, oldest first. Default 10,000. */
  maxStored?: number;
  /** Called after each accepted message has been answered; errors are logged and never affect the response. */
  onMessage?: (message: ReceivedMessage) => void | Promise<void>;
  /** Where errors of `onMessage` and the server go. Default `console.error`. */
  log?: (message: string) => void;
}

export interface ReceivedMessage {
  id: string;
  subscriptionId: string;
  /** Decrypted payload; empty for a push without a body, or when payloads are not retained. */
  payload: Buffer;
  text: string;
  /** The payload parsed as JSON, when it is JSON. */
  json?: unknown;
  /** Decrypted payload size in bytes (kept even when payloads are not). */
  size: number;
  ttl: number;
  urgency: Urgency;
  topic?: string;
  vapidSubject?: string;
  vapidPublicKey: string;
  receivedAt: Date;
  /** An earlier stored message of the same subscription had the same topic (RFC 8030 §5.4). */
  replacedTopic?: true;
}

export interface SubscriptionOptions {
  label?: string;
  /** VAPID public key (base64url, 65-byte P-256 point) the subscription is bound to; other keys get 403. */
  applicationServerKey?: string;
}

export interface CreatedSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label?: string;
  applicationServerKey?: string;
}

export interface SubscriptionInfo extends CreatedSubscription {
  createdAt: string;
  removed: boolean;
}

export interface FaultSpec {
  /** Only pushes to this subscription; all pushes when absent. */
  subscriptionId?: string;
  status: number;
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
  /** How many requests the fault answers. Default Infinity. */
  times?: number;
  /** Answer only after this long (slowness, client timeouts). */
  delayMs?: number;
}

export interface PushServiceStats {
  /** POST /push/:id requests, whatever their answer. */
  received: number;
  /** Answers to POST /push/:id by HTTP status. */
  byStatus: Record<number, number>;
  decryptFailures: number;
  /** 401 and 403 answers for VAPID reasons. */
  vapidFailures: number;
  /** HTTP/2 sessions opened by clients. */
  sessions: number;
}
