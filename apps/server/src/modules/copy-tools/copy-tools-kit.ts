/** Shared fixtures of the copy tools tests: permissions, drips on a website, and waiting for a job. */
import type { CopyJob } from '@pushdeck/contracts';
import { sql } from 'kysely';
import type { TestApp, TestClient } from '../../test/harness.ts';
import type { Site } from '../drips/drip-test-kit.ts';
import { recurringItem } from '../drips/drip-test-kit.ts';

/** Gives a user permissions of their own (on top of their role's). */
export async function grant(t: TestApp, email: string, names: string[]): Promise<void> {
  const db = t.handle.db;
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const perms = await db.selectFrom('permissions').select('id').where('name', 'in', names).execute();
  await db
    .insertInto('model_has_permissions')
    .values(perms.map((p) => ({ permission_id: p.id, user_id: user.id })))
    .execute();
}

/** Recurring drips made through createOrUpdate (the way the console makes them); their ids. */
export async function makeDrips(c: TestClient, site: Site, audiences: number[], titles: string[], extra = {}) {
  const res = await c.post(
    '/api/v1/drips/recurring/createOrUpdate',
    titles.map((title) => recurringItem(site.id, audiences, { title, ...extra })),
  );
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.map((d: { id: number }) => d.id) as number[];
}

export const COPY_URL = '/api/v1/tools/copy-tools/recurring';

/** Polls job-status until the job is completed or failed (the worker runs in the test process). */
export async function finished(c: TestClient, jobId: string, timeoutMs = 30_000): Promise<CopyJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await c.get(`/api/v1/tools/job-status?job_ids=${jobId}`);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const job = res.json().jobs[0] as CopyJob;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const liveDrips = (t: TestApp, domainId: number) =>
  t.handle.db
    .selectFrom('drips')
    .selectAll()
    .where('domain_id', '=', domainId)
    .where('type', '=', 'recurring')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();

export const segmentsOf = (t: TestApp, domainId: number) =>
  t.handle.db.selectFrom('segments').selectAll().where('domain_id', '=', domainId).orderBy('id').execute();

/** The audiences (segment ids) of a drip's first schedule. */
export async function audiencesOfDrip(t: TestApp, dripId: number): Promise<number[]> {
  const rows = await sql<{ segment_id: number }>`
    select sa.segment_id from schedule_audiences sa join schedules s on s.id = sa.schedule_id
    where s.drip_id = ${dripId} order by sa.segment_id`.execute(t.handle.db);
  return rows.rows.map((r) => r.segment_id);
}
