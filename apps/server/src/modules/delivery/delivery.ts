import { type EndpointPolicy, KNOWN_PUSH_HOSTS, PushClient, PushSender } from '@pushdeck/web-push';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { fanoutJob, sendJob } from '../../jobs/delivery.jobs.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { MessageTokens } from '../../lib/message-token.ts';
import { WebhookEmitter } from '../webhooks/webhook-events.ts';
import { FanoutService } from './fanout.service.ts';
import { SchedulerService } from './scheduler.service.ts';
import { SendService } from './send.service.ts';

export interface LocalPushTrust {
  /**
   * Origin of the local push service (tools/push-service, `https://127.0.0.1:PORT`): endpoints on it are accepted
   * on its push path only, never its subscription or `/_control` routes.
   */
  origin: string;
  /** Its self-signed certificate, trusted by the sender on top of the system roots. */
  ca: string;
}

/** The path of a subscription on the local push service: `/push/<id>` (ids as tools/push-service issues them). */
export const LOCAL_PUSH_PATH = /^\/push\/[A-Za-z0-9_-]{1,100}$/;

/**
 * The subscription endpoints we accept, at subscribe time and again at send time: the browsers' push services,
 * the configured extras (`PUSHDECK_PUSH_HOSTS`), and the local push service's push path on its own origin.
 */
export function endpointPolicy(config: AppConfig, local?: LocalPushTrust): EndpointPolicy {
  const localRule = local ? [{ host: new URL(local.origin).host, path: LOCAL_PUSH_PATH }] : [];
  return { allowedHosts: [...KNOWN_PUSH_HOSTS, ...config.pushHosts, ...localRule] };
}

export interface Delivery {
  scheduler: SchedulerService;
  fanout: FanoutService;
  send: SendService;
  client: PushClient;
  close(): Promise<void>;
}

/** Builds the delivery engine and registers its jobs on the runner. */
export function createDelivery(deps: {
  db: Kysely<DB>;
  jobs: JobRunner;
  config: AppConfig;
  box: SecretBox;
  tokens: MessageTokens;
  log: Logger;
  local?: LocalPushTrust;
  sender?: { maxAttempts?: number; backoffBaseMs?: number; timeoutMs?: number; concurrency?: number };
}): Delivery {
  const client = new PushClient({
    ...endpointPolicy(deps.config, deps.local),
    ...(deps.local ? { ca: deps.local.ca } : {}),
    timeoutMs: deps.sender?.timeoutMs ?? 30_000,
  });
  const sender = new PushSender(client, {
    maxAttempts: deps.sender?.maxAttempts ?? 3,
    backoffBaseMs: deps.sender?.backoffBaseMs ?? 1000,
  });
  const fanout = new FanoutService(deps.db, deps.jobs, deps.log);
  const send = new SendService(
    deps.db,
    sender,
    deps.box,
    deps.tokens,
    deps.config.vapidSubject,
    deps.sender?.concurrency,
    deps.log,
    new WebhookEmitter(deps.db, deps.jobs),
  );
  const scheduler = new SchedulerService(deps.db, deps.jobs, deps.log);
  deps.jobs.define(fanoutJob(fanout));
  deps.jobs.define(sendJob(send));
  return { scheduler, fanout, send, client, close: () => client.close() };
}

/** The worker's clock: a scheduler tick every `intervalMs` (one tick at a time, across processes too). */
export function startTicking(scheduler: SchedulerService, log: Logger, intervalMs = 2000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() =>
      stopped ? undefined : scheduler.tick().catch((err: unknown) => log.error({ err }, 'scheduler tick failed')),
    );
  }, intervalMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
