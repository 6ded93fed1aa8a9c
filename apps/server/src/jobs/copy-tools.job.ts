import { JOBS } from '@pushdeck/contracts';
import type { CopyToolsService } from '../modules/copy-tools/copy-tools.service.ts';
import type { JobDefinition } from './job-runner.ts';

/**
 * A Copy Tools 2.0 job. Its outcome (completed, or failed with the reason) is recorded on its copy_jobs row, so it
 * does not throw for a failing target; a crash mid-way is retried and skips the targets already done.
 */
export function copyRecurringJob(service: Pick<CopyToolsService, 'run'>): JobDefinition<{ copyJobId: string }> {
  return {
    name: JOBS.copyRecurring,
    retryLimit: 3,
    queue: { expireInSeconds: 3600 },
    async handle({ copyJobId }) {
      await service.run(copyJobId);
    },
  };
}
