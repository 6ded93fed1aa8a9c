// The three ways of sending that the benchmark compares, behind one interface. Everything that is set-up
// (payload strings, item arrays, agents, clients) happens in `job()`, outside the measured part.
import { Agent } from 'node:https';
import {
  encryptPayload,
  PushClient,
  PushSender,
  type SendItem,
  VapidCache,
  type VapidDetails,
} from '@pushdeck/web-push';
import webpush from 'web-push';
import { TTL_SECONDS } from './config.ts';
import type { BenchSubscription, VariantKind } from './protocol.ts';

export interface Outcome {
  sent: number;
  failed: number;
  failures: Record<string, number>;
}

export interface Batch {
  subscriptions: readonly BenchSubscription[];
  payloads: readonly string[];
}

export interface Sender {
  /** Prepares a batch; the returned function does the (measured) sending. */
  job(batch: Batch): () => Promise<Outcome>;
  close(): Promise<void>;
}

export interface SenderSetup {
  cas: string[];
  vapid: VapidDetails;
  concurrency: number;
}

function outcome(): Outcome {
  return { sent: 0, failed: 0, failures: {} };
}

function fail(out: Outcome, reason: string): void {
  out.failed++;
  out.failures[reason] = (out.failures[reason] ?? 0) + 1;
}

function reasonOf(error: unknown): string {
  if (error instanceof webpush.WebPushError) return `status ${error.statusCode}`;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? `error ${code}` : `error ${String(error)}`;
}

/** (a) the npm `web-push` library used plainly: one `sendNotification` per message, `concurrency` in flight. */
function webPushSender(setup: SenderSetup): Sender {
  // HTTP/1.1 keep-alive, trusting the self-signed certificates of the local push service.
  const agent = new Agent({ ca: setup.cas, keepAlive: true });
  const vapidDetails = { ...setup.vapid };
  return {
    job({ subscriptions, payloads }) {
      return async () => {
        const out = outcome();
        let next = 0;
        const worker = async () => {
          while (next < subscriptions.length) {
            const i = next++;
            const s = subscriptions[i] as BenchSubscription;
            try {
              const result = await webpush.sendNotification({ endpoint: s.endpoint, keys: s.keys }, payloads[i], {
                vapidDetails,
                TTL: TTL_SECONDS,
                agent,
              });
              if (result.statusCode === 201) out.sent++;
              else fail(out, `status ${result.statusCode}`);
            } catch (error) {
              fail(out, reasonOf(error));
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(setup.concurrency, subscriptions.length) }, worker));
        return out;
      };
    },
    close: async () => agent.destroy(),
  };
}

/** (b)/(c) Pushdeck: `PushSender.sendMany` over a `PushClient` (one HTTP/2 session per origin). */
function pushdeckSender(setup: SenderSetup): Sender {
  const client = new PushClient({ ca: setup.cas });
  const sender = new PushSender(client);
  const options = { ttl: TTL_SECONDS, vapid: setup.vapid };
  return {
    job({ subscriptions, payloads }) {
      const items: SendItem[] = subscriptions.map((s, i) => ({
        subscription: { endpoint: s.endpoint, keys: s.keys },
        payload: payloads[i] ?? '',
        options,
      }));
      return async () => {
        const out = outcome();
        await sender.sendMany(items, {
          concurrency: setup.concurrency,
          onResult: (r) => {
            if (r.outcome === 'sent' && r.status === 201) out.sent++;
            else fail(out, r.status ? `status ${r.status}` : `${r.outcome} ${r.error ?? ''}`.trim());
          },
        });
        return out;
      };
    },
    close: () => client.close(),
  };
}

/** (d) the ceiling: what every send must do before any I/O — encrypt, and take the VAPID header from the cache. */
function encryptOnlySender(setup: SenderSetup): Sender {
  const cache = new VapidCache();
  let sink = 0;
  return {
    job({ subscriptions, payloads }) {
      return async () => {
        const out = outcome();
        for (let i = 0; i < subscriptions.length; i++) {
          const s = subscriptions[i] as BenchSubscription;
          const body = encryptPayload(payloads[i] ?? '', s.keys);
          const authorization = cache.authorization(s.origin, setup.vapid);
          sink += body.length + authorization.length;
          out.sent++;
        }
        return out;
      };
    },
    close: async () => {
      if (sink < 0) console.log(sink); // keeps the results observable
    },
  };
}

export function createSender(kind: VariantKind, setup: SenderSetup): Sender {
  switch (kind) {
    case 'web-push':
      return webPushSender(setup);
    case 'pushdeck':
      return pushdeckSender(setup);
    case 'encrypt':
      return encryptOnlySender(setup);
  }
}
