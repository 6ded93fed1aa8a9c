// Messages exchanged over IPC between run.ts (the orchestrator), service-child.ts and sender-child.ts.
import type { VapidDetails } from '@pushdeck/web-push';

/** One subscription of the local push service, as the senders see it. */
export interface BenchSubscription {
  /** Position in the full list: the unique marker of a message is `${tag}:${index}`. */
  index: number;
  endpoint: string;
  /** Origin of the endpoint (the push service instance). */
  origin: string;
  keys: { p256dh: string; auth: string };
}

export type VariantKind = 'web-push' | 'pushdeck' | 'encrypt';

export interface PrepareMessage {
  type: 'prepare';
  variant: VariantKind;
  subscriptions: BenchSubscription[];
  /** PEM certificates of the push service instances (self-signed). */
  cas: string[];
  vapid: VapidDetails;
  payloadBytes: number;
  concurrency: number;
  /** Messages sent (and not timed) before the measured run. */
  warmup: number;
  /** Marker prefix of the measured messages. */
  tag: string;
}

export type ToSender = PrepareMessage | { type: 'go' };

export interface SenderDone {
  type: 'done';
  sent: number;
  failed: number;
  /** Why messages failed: `status 403`, `error ECONNRESET`, … */
  failures: Record<string, number>;
  /** Wall-clock start and end of the measured run (ms since the epoch, sub-ms resolution). */
  startMs: number;
  endMs: number;
  /** process.cpuUsage() of the sender over the measured run, user + system. */
  cpuUs: number;
}

export type FromSender = { type: 'ready' } | SenderDone | { type: 'error'; message: string };

export interface InitMessage {
  type: 'init';
  subscriptions: number;
  origins: number;
  applicationServerKey: string;
}

export type ToService = InitMessage | { type: 'reset'; tag: string } | { type: 'summary' } | { type: 'close' };

/** What the push service process saw since the last reset. */
export interface ServiceSummary {
  /** Sums over the instances of `stats()`. */
  received: number;
  byStatus: Record<string, number>;
  decryptFailures: number;
  vapidFailures: number;
  /** HTTP/2 sessions opened since the reset. */
  sessions: number;
  /** `onMessage` calls (accepted, decrypted messages). */
  delivered: number;
  /** Distinct markers with the expected tag. */
  unique: number;
  duplicates: number;
  /** Messages without a marker of the expected tag. */
  foreign: number;
  /** Marker index that does not belong to the subscription the message reached. */
  misrouted: number;
  /** Subscriptions that did not receive exactly one message. */
  subscriptionsNotOnce: number;
  /** process.cpuUsage() of the service process since the reset, user + system. */
  cpuUs: number;
}

export type FromService =
  | { type: 'ready'; cas: string[]; origins: string[]; subscriptions: BenchSubscription[] }
  | { type: 'reset-done' }
  | { type: 'summary'; summary: ServiceSummary }
  | { type: 'error'; message: string };

export function isTyped(value: unknown): value is { type: string } {
  return value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';
}
