import { JOBS } from '@pushdeck/contracts';
import type { ClientDeletionService } from '../modules/management/client-deletion.service.ts';
import type { JobDefinition } from './job-runner.ts';

/**
 * A client's deletion (issue #25). Its outcome is recorded on its client_deletions row; a crash mid-way is retried
 * and goes on where the last batch stopped.
 */
export function clientDeleteJob(service: Pick<ClientDeletionService, 'run'>): JobDefinition<{ deletionId: string }> {
  return {
    name: JOBS.clientDelete,
    retryLimit: 3,
    queue: { expireInSeconds: 6 * 3600 },
    async handle({ deletionId }) {
      await service.run(deletionId);
    },
  };
}
