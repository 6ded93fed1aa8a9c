import { JOBS } from '@pushdeck/contracts';
import type { ExportsService } from '../modules/exports/exports.service.ts';
import type { JobDefinition } from './job-runner.ts';

/**
 * Writes one export file; a retried job starts the file over (the service skips a finished one). With `inThread`
 * (PostgreSQL) the file is written in a worker thread with a capped heap; a thread that dies fails its file.
 */
export function exportRunJob(
  exports: ExportsService,
  inThread?: (fileId: number) => Promise<void>,
): JobDefinition<{ fileId: number }> {
  return {
    name: JOBS.exportsRun,
    retryLimit: 2,
    queue: { heartbeatSeconds: 30 },
    work: { localConcurrency: 2 },
    async handle({ fileId }) {
      if (!inThread) return exports.run(fileId);
      await inThread(fileId).catch((err: Error) => exports.abandon(fileId, err));
    },
  };
}

/** Every hour: deletes export files older than the retention period (PUSHDECK_EXPORT_RETENTION_DAYS, default 7). */
export function exportRetentionJob(exports: ExportsService, retentionDays: number): JobDefinition<object> {
  return {
    name: JOBS.exportsRetention,
    cron: '17 * * * *',
    retryLimit: 1,
    async handle() {
      await exports.purge(new Date(Date.now() - retentionDays * 86_400_000));
    },
  };
}
