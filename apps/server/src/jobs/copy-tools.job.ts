import { JOBS } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CopyToolsService } from '../modules/copy-tools/copy-tools.service.ts';
import type { JobDefinition } from './job-runner.ts';

/**
 * A Copy Tools 2.0 job. Its outcome (completed, or failed with the reason) is recorded on its copy_jobs row, so it
 * does not throw for a failing target; a crash mid-way is retried and skips the targets already done.
 */
export function copyRecurringJob(db: Kysely<DB>): JobDefinition<{ copyJobId: string }> {
  const service = new CopyToolsService(db);
  return {
    name: JOBS.copyRecurring,
    retryLimit: 3,
    queue: { expireInSeconds: 3600 },
    async handle({ copyJobId }) {
      await service.run(copyJobId);
    },
  };
}
