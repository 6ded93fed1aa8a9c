import { z } from 'zod';
import { type LIVE_CHANNELS, LIVE_EVENTS } from './live-names.ts';

/**
 * Every background job's name and payload, declared once (DESIGN rule 5): the server defines and enqueues them by
 * these names only, and the payload each one carries is checked against its schema when it is enqueued.
 */
export const JOBS = {
  systemPing: 'system.ping',
  maintenanceCleanup: 'maintenance.cleanup',
  deliveryFanout: 'delivery.fanout',
  deliverySend: 'delivery.send',
  copyRecurring: 'copy-tools.recurring',
  /** Writes one export file (issue #14). */
  exportsRun: 'exports.run',
  /** Deletes export files older than the retention period. */
  exportsRetention: 'exports.retention',
  /** Deletes a client and everything it owns, in batches (issue #25). */
  clientDelete: 'management.client-delete',
  /** Posts one webhook delivery (one event to one webhook), retried with backoff (issue #27). */
  webhookDeliver: 'webhooks.deliver',
  /** Deletes finished webhook deliveries (and their attempts) older than the retention period. */
  webhookRetention: 'webhooks.retention',
} as const;

export const jobPayloadSchemas = {
  [JOBS.systemPing]: z.object({ token: z.string() }),
  [JOBS.maintenanceCleanup]: z.object({}),
  /** Fans one occurrence out over its audience, resumable at its cursor. */
  [JOBS.deliveryFanout]: z.object({ occurrenceId: z.number().int().positive() }),
  /** Sends one batch of ledger rows. */
  [JOBS.deliverySend]: z.object({ ledgerIds: z.array(z.number().int().positive()).min(1) }),
  /** A Copy Tools 2.0 job: the copy_jobs row holds what to copy and answers job-status. */
  [JOBS.copyRecurring]: z.object({ copyJobId: z.string().uuid() }),
  /** The export file row to write (its kind, parameters and who asked are stored on it). */
  [JOBS.exportsRun]: z.object({ fileId: z.number().int().positive() }),
  [JOBS.exportsRetention]: z.object({}),
  /** The client_deletions row: which client, who asked, and the progress so far. */
  [JOBS.clientDelete]: z.object({ deletionId: z.string().uuid() }),
  /** The webhook_deliveries row: which webhook, the signed body, its attempts so far. */
  [JOBS.webhookDeliver]: z.object({ deliveryId: z.string().uuid() }),
  [JOBS.webhookRetention]: z.object({}),
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS];
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloadSchemas)[N]>;

export { LIVE_CHANNELS, LIVE_EVENTS } from './live-names.ts';

export const liveEventSchemas = {
  /**
   * An export file changed status or progressed (channel 'files'): `link` is set once it is ready; `progress` counts
   * rows written against the estimated total. `basename` names the file so a list can update its row.
   */
  [LIVE_EVENTS.fileStatus]: z.object({
    status: z.enum(['in_progress', 'ready', 'failed']),
    userId: z.number().int().positive(),
    link: z.string().nullable(),
    progress: z.object({ rows: z.number().int(), total: z.number().int() }),
    basename: z.string(),
  }),
} as const;

export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];
export type LiveChannel = (typeof LIVE_CHANNELS)[LiveEventName];
export type LiveEvent<N extends LiveEventName> = z.infer<(typeof liveEventSchemas)[N]>;
