import { JOBS } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobDefinition } from './job-runner.ts';

export const SYSTEM_PING = JOBS.systemPing;

/** The smoke job: proves the queue runs on this database by writing the token it was sent. */
export function systemPingJob(db: Kysely<DB>): JobDefinition<{ token: string }> {
  return {
    name: SYSTEM_PING,
    async handle({ token }) {
      await db.insertInto('job_pings').values({ token }).execute();
    },
  };
}
