import {
  ACTIONS,
  copyJobStartSchema,
  copyRecurringBodySchema,
  JOBS,
  jobStatusQuerySchema,
  jobStatusResponseSchema,
  recurringMigrationBodySchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.ts';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';

const tags = ['copy-tools'];
const migrationResult = wrapped(
  z.object({
    schedule: z.looseObject({ id: z.number(), domain_id: z.number(), name: z.string() }),
    drips: z.array(z.number()),
    audiences_created: z.number(),
  }),
);

/** Copy Tools 2.0 and Recurring Migration (issue #15; docs/api.md "Copy Tools"). */
export function copyToolsRoutes(app: App, deps: ModuleDeps): void {
  const { copyTools, recurringMigration } = deps.services;

  app.post(
    '/api/v1/tools/copy-tools/recurring',
    {
      config: { permission: ACTIONS['tools.copy2'] },
      schema: {
        tags,
        summary:
          'Copy Tools 2.0: copy recurring drips (drip_ids comma list or *) of one website to others, as a job; multipart or JSON: source_client_id, target_client_id, source_domain_id, target_domain_ids, drip_ids, with_recurring_groups, allow_duplicates',
        body: copyRecurringBodySchema,
        response: { 200: copyJobStartSchema },
      },
    },
    async (request) => {
      const jobs = deps.jobs;
      if (!jobs) throw new HttpError(503, 'The job queue is not running.');
      return copyTools.start(request.actor!, request.body, (trx, copyJobId) =>
        jobs.send(JOBS.copyRecurring, { copyJobId }, { trx }),
      );
    },
  );

  app.get(
    '/api/v1/tools/job-status',
    {
      config: { permission: ACTIONS['tools.copy2'] },
      schema: {
        tags,
        summary:
          'Copy Tools 2.0 jobs by id (job_ids comma list): status queued, running, completed or failed, progress, the reason of a failure and what each target got',
        querystring: jobStatusQuerySchema,
        response: { 200: jobStatusResponseSchema },
      },
    },
    async (request) => ({ jobs: await copyTools.status(request.actor!, request.query.job_ids) }),
  );

  app.post(
    '/api/v1/tools/recurring-migration',
    {
      config: { permission: ACTIONS['tools.recurringMigration'] },
      schema: {
        tags,
        summary:
          'Recurring Migration: copies of recurring drips on one target website and a spam-recurring schedule there sending them in turn (all or nothing; 200)',
        body: recurringMigrationBodySchema,
        response: { 200: migrationResult },
      },
    },
    async (request) => ({ data: await recurringMigration.migrate(request.actor!, request.body) }),
  );
}
