import { DELIVERY_FANOUT, DELIVERY_SEND, type FanoutService } from '../modules/delivery/fanout.service.ts';
import type { SendService } from '../modules/delivery/send.service.ts';
import type { JobDefinition } from './job-runner.ts';

/** Fans an occurrence out over its audience; resumable at its cursor, so a retry continues where it stopped. */
export function fanoutJob(fanout: FanoutService): JobDefinition<{ occurrenceId: number }> {
  return {
    name: DELIVERY_FANOUT,
    retryLimit: 10,
    queue: { heartbeatSeconds: 10 },
    async handle({ occurrenceId }) {
      await fanout.fanOut(occurrenceId);
    },
  };
}

/** Sends one batch of ledger rows. Rows already recorded are skipped, so a retried batch sends only what is left. */
export function sendJob(send: SendService): JobDefinition<{ ledgerIds: number[] }> {
  return {
    name: DELIVERY_SEND,
    retryLimit: 10,
    queue: { heartbeatSeconds: 10 },
    work: { localConcurrency: 4 },
    async handle({ ledgerIds }) {
      await send.sendBatch(ledgerIds);
    },
  };
}
