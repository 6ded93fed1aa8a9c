import { JOBS } from '@pushdeck/contracts';
import type { LoginThrottle } from '../modules/auth/login-throttle.repository.ts';
import type { SessionsRepository } from '../modules/auth/sessions.repository.ts';
import type { JobDefinition } from './job-runner.ts';

export const MAINTENANCE_CLEANUP = JOBS.maintenanceCleanup;

/** Every 15 minutes: drops expired sessions, stale login attempts and ended rate-limit windows. */
export function maintenanceJob(
  sessions: SessionsRepository,
  throttle: LoginThrottle,
  pruneLimits: () => Promise<void> = async () => {},
): JobDefinition<object> {
  return {
    name: MAINTENANCE_CLEANUP,
    cron: '*/15 * * * *',
    retryLimit: 1,
    async handle() {
      await sessions.deleteExpired();
      await throttle.prune();
      await pruneLimits();
    },
  };
}
