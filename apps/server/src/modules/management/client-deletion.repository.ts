import type { ClientDeletionCounts } from '@pushdeck/contracts';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { ClientDeletionsTable, DB } from '../../db/schema.ts';

/** The tables a client's deletion empties batch by batch, in this order, before the client row goes (cascading the rest). */
export const DELETION_STEPS = [
  'send_ledger',
  'occurrences',
  'subscribers',
  'stats_hourly',
  'stats_hourly_website',
  'stats_hourly_client',
] as const;
export type DeletionStep = (typeof DELETION_STEPS)[number];

const LIVE = ['queued', 'running'] as const;

/**
 * Deleting a client (issue #25): its client_deletions rows, what it owns (counted), and the batched deletes. Every
 * batch is one short statement on its own, so a client of millions of rows never holds one long transaction, and a job
 * retried after a crash simply goes on (each statement deletes whatever of the client is still there).
 */
export class ClientDeletionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** What the client owns: the confirmation names these, and the job's total is counted from them. */
  async counts(clientId: number): Promise<ClientDeletionCounts> {
    const count = (table: 'users' | 'domains' | 'segments' | 'export_files') =>
      this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const drips = await this.db
      .selectFrom('drips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      // a message sent through the server API is a drip of type api: it counts among the messages, not the drips
      .where('type', '<>', 'api')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
    const [users, websites, audiences, files] = [
      await count('users'),
      await count('domains'),
      await count('segments'),
      await count('export_files'),
    ];
    const subscribers = await this.db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('domain_id', 'in', this.websitesOf(clientId))
      .executeTakeFirstOrThrow();
    const messages = await this.db
      .selectFrom('send_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('occurrence_id', 'in', this.occurrencesOf(clientId))
      .executeTakeFirstOrThrow();
    return {
      users,
      websites,
      subscribers: Number(subscribers.n),
      drips,
      audiences,
      files,
      messages: Number(messages.n),
    };
  }

  /** Rows each step will delete (the job's progress total). */
  async rowsToDelete(clientId: number): Promise<number> {
    let total = 0;
    for (const step of DELETION_STEPS) {
      const r = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(step)} where ${this.match(step, clientId)}`.execute(this.db);
      total += Number(r.rows[0]?.n ?? 0);
    }
    return total;
  }

  /** Deletes up to `limit` rows of one step; answers how many went (fewer than `limit`: the step is done). */
  async deleteBatch(step: DeletionStep, clientId: number, limit: number): Promise<number> {
    const key = step === 'send_ledger' || step === 'occurrences' || step === 'subscribers' ? sql`id` : sql`ctid`;
    const r =
      await sql`delete from ${sql.table(step)} where ${key} in (select ${key} from ${sql.table(step)} where ${this.match(step, clientId)} limit ${limit})`.execute(
        this.db,
      );
    return Number(r.numAffectedRows ?? 0);
  }

  /** Finished copy jobs of the client (their rows name it); a running one blocks the deletion instead. */
  async deleteCopyJobs(clientId: number): Promise<void> {
    await this.db
      .deleteFrom('copy_jobs')
      .where((eb) => eb.or([eb('source_client_id', '=', clientId), eb('target_client_id', '=', clientId)]))
      .execute();
  }

  /** The client row: cascades users and their sessions, websites with their drips, audiences, schedules and tags, files. */
  async deleteClient(clientId: number): Promise<boolean> {
    const r = await this.db.deleteFrom('clients').where('id', '=', clientId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A copy job to or from the client that is queued or running. */
  async copyRunning(clientId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('copy_jobs')
      .select('id')
      .where('status', 'in', LIVE)
      .where((eb) => eb.or([eb('source_client_id', '=', clientId), eb('target_client_id', '=', clientId)]))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The stored images of other clients' drips that live in this client's uploads folder (a copy across clients keeps
   * the image links): those files stay when the client goes.
   */
  async imagesUsedElsewhere(clientId: number): Promise<Set<string>> {
    const folder = `/uploads/${clientId}/`;
    const rows = await sql<{
      t: string;
    }>`select d::text as t from drips d where d.client_id <> ${clientId} and strpos(d::text, ${folder}) > 0`.execute(
      this.db,
    );
    const names = new Set<string>();
    const pattern = new RegExp(`/uploads/${clientId}/([0-9a-f]{32}\\.(?:png|jpe?g))`, 'g');
    for (const { t } of rows.rows) for (const m of t.matchAll(pattern)) names.add(m[1]!);
    return names;
  }

  insert(values: Insertable<ClientDeletionsTable>) {
    return this.db.insertInto('client_deletions').values(values).execute();
  }

  find(id: string) {
    return this.db.selectFrom('client_deletions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of these clients are being deleted (a deletion queued or running). */
  async beingDeleted(clientIds: readonly number[]): Promise<Set<number>> {
    if (clientIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('client_deletions')
      .select('client_id')
      .where('client_id', 'in', clientIds)
      .where('status', 'in', LIVE)
      .execute();
    return new Set(rows.map((r) => r.client_id));
  }

  /** The client's deletion that is queued or running, if any. */
  live(clientId: number) {
    return this.db
      .selectFrom('client_deletions')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('status', 'in', LIVE)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async start(id: string, total: number, counts: ClientDeletionCounts): Promise<void> {
    await this.db
      .updateTable('client_deletions')
      .set({
        status: 'running',
        started_at: sql<Date>`coalesce(started_at, now())`,
        progress_total: sql<number>`greatest(progress_total, progress_done + ${total})`,
        counts: JSON.stringify(counts),
      })
      .where('id', '=', id)
      .execute();
  }

  async progress(id: string, deleted: number): Promise<void> {
    await this.db
      .updateTable('client_deletions')
      .set({ progress_done: sql<number>`progress_done + ${deleted}` })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: string, status: 'completed' | 'failed', reason: string | null): Promise<void> {
    await this.db
      .updateTable('client_deletions')
      .set({
        status,
        reason,
        finished_at: sql<Date>`now()`,
        ...(status === 'completed' ? { progress_done: sql<number>`progress_total` } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  private websitesOf(clientId: number) {
    return this.db.selectFrom('domains').select('domains.id').where('domains.client_id', '=', clientId);
  }

  private occurrencesOf(clientId: number) {
    return this.db.selectFrom('occurrences').select('occurrences.id').where('occurrences.client_id', '=', clientId);
  }

  /** Which rows of a step are the client's, through an index each time. */
  private match(step: DeletionStep, clientId: number) {
    switch (step) {
      case 'send_ledger':
        return sql`occurrence_id in (select id from occurrences where client_id = ${clientId})`;
      case 'subscribers':
        return sql`domain_id in (select id from domains where client_id = ${clientId})`;
      default:
        return sql`client_id = ${clientId}`;
    }
  }
}
