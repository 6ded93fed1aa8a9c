import type { CopyJob, CopyJobStatus, CopyTargetResult } from '@pushdeck/contracts';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { CopyJobsTable, DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';

/** What a Copy Tools 2.0 job copies (resolved when it starts: `*` is the drips the source had then). */
export interface CopyJobParams {
  source_domain_id: number;
  target_domain_ids: number[];
  drip_ids: number[];
  with_recurring_groups: boolean;
  allow_duplicates: boolean;
}

export interface CopyJobResult {
  targets: CopyTargetResult[];
  failed: { domain_id: number; reason: string }[];
}

type Row = {
  id: string;
  status: CopyJobStatus;
  progress_done: number;
  progress_total: number;
  reason: string | null;
  result: unknown;
  created_at: Date;
  finished_at: Date | null;
};

/** The copy_jobs rows: created with the job, updated by it, read by job-status (scoped to who may see them). */
export class CopyJobsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(values: Insertable<CopyJobsTable>) {
    await this.db.insertInto('copy_jobs').values(values).execute();
  }

  find(id: string) {
    return this.db.selectFrom('copy_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The jobs of `ids` the actor may see: the ones they started, and for a client's user the ones started for their
   * own client (source and target both theirs). Staff see only their own.
   */
  visible(actor: Actor, ids: readonly string[]): Promise<Row[]> {
    const uuids = ids.filter((i) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(i));
    if (uuids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('copy_jobs')
      .select(['id', 'status', 'progress_done', 'progress_total', 'reason', 'result', 'created_at', 'finished_at'])
      .where('id', 'in', uuids)
      .where((eb) =>
        actor.user.isStaff || actor.clientId === null
          ? eb('user_id', '=', actor.user.id)
          : eb.or([eb('user_id', '=', actor.user.id), eb('client_id', '=', actor.clientId)]),
      )
      .$castTo<Row>()
      .execute();
  }

  async start(id: string): Promise<void> {
    await this.db
      .updateTable('copy_jobs')
      .set({ status: 'running', started_at: sql<Date>`coalesce(started_at, now())` })
      .where('id', '=', id)
      .execute();
  }

  async progress(id: string, done: number, result: CopyJobResult): Promise<void> {
    await this.db
      .updateTable('copy_jobs')
      .set({ progress_done: done, result: JSON.stringify(result) })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: string, status: 'completed' | 'failed', reason: string | null, result: CopyJobResult) {
    await this.db
      .updateTable('copy_jobs')
      .set({ status, reason, result: JSON.stringify(result), finished_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }
}

/** A row as job-status answers it. */
export function jobView(row: Row): CopyJob {
  const result = (row.result ?? null) as CopyJobResult | null;
  return {
    job_id: row.id,
    status: row.status,
    progress: { done: row.progress_done, total: row.progress_total },
    reason: row.reason,
    targets: result?.targets ?? [],
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}
