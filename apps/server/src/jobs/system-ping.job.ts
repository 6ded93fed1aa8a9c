import { JOBS } from '@pushdeck/contracts';
import type { SystemRepository } from '../modules/system/system.repository.ts';
import type { JobDefinition } from './job-runner.ts';

export const SYSTEM_PING = JOBS.systemPing;

/** The smoke job: proves the queue runs on this database by writing the token it was sent. */
export function systemPingJob(system: Pick<SystemRepository, 'recordPing'>): JobDefinition<{ token: string }> {
  return {
    name: SYSTEM_PING,
    async handle({ token }) {
      await system.recordPing(token);
    },
  };
}
