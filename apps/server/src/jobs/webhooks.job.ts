import { JOBS } from '@pushdeck/contracts';
import type { QueueOptions } from 'pg-boss';
import { WEBHOOK_MAX_ATTEMPTS, type WebhookDeliveryService } from '../modules/webhooks/webhook-delivery.service.ts';
import type { JobDefinition } from './job-runner.ts';

/**
 * The retry policy of webhook deliveries: 5 retries (6 attempts), pg-boss's exponential backoff from 60 s with jitter
 * (60–120 s, 2–4 min, 4–8 min, 8–16 min, 16–32 min: the last attempt 31 to 62 minutes after the first).
 */
export const WEBHOOK_RETRY: QueueOptions = {
  retryLimit: WEBHOOK_MAX_ATTEMPTS - 1,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 1920,
};

/** Hourly: finished deliveries older than the retention period go, with their attempts. */
export function webhookRetentionJob(service: WebhookDeliveryService): JobDefinition<object> {
  return {
    name: JOBS.webhookRetention,
    cron: '23 * * * *',
    retryLimit: 1,
    async handle() {
      await service.prune();
    },
  };
}

/** Posts one delivery; throws (and is retried per `retry`) while the receiver has not answered 2xx. */
export function webhookDeliverJob(
  service: WebhookDeliveryService,
  retry: QueueOptions = WEBHOOK_RETRY,
): JobDefinition<{ deliveryId: string }> {
  return {
    name: JOBS.webhookDeliver,
    retryLimit: retry.retryLimit ?? WEBHOOK_MAX_ATTEMPTS - 1,
    queue: retry,
    work: { localConcurrency: 4 },
    async handle({ deliveryId }) {
      await service.deliver(deliveryId);
    },
  };
}
