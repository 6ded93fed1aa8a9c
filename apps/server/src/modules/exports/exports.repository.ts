import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, ExportFilesTable } from '../../db/schema.ts';

export type ExportFileRow = Selectable<ExportFilesTable>;

export interface NewExportFile {
  basename: string;
  clientId: number | null;
  userId: number;
  kind: string;
  params: unknown;
  actor: unknown;
  rowsTotal: number;
}

/** Postgres' unique_violation: the one-export-at-a-time index (or a basename clash). */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** The export_files rows (migration 0012). Every read an actor makes is scoped to its client. */
export class ExportsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Inserts the file row and, in the same transaction, enqueues its job. Answers undefined when the user already has
   * an export in progress (the partial unique index decides, so two requests at once cannot both pass).
   */
  async create(
    file: NewExportFile,
    enqueue: (trx: Transaction<DB>, fileId: number) => Promise<unknown>,
  ): Promise<ExportFileRow | undefined> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('export_files')
          .values({
            basename: file.basename,
            client_id: file.clientId,
            user_id: file.userId,
            kind: file.kind,
            params: JSON.stringify(file.params),
            actor: JSON.stringify(file.actor),
            rows_total: file.rowsTotal,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await enqueue(trx, row.id);
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  runningOf(userId: number): Promise<ExportFileRow | undefined> {
    return this.db
      .selectFrom('export_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
  }

  /** The files of a client (null: staff's own cross-client files), newest first. */
  listOfClient(clientId: number | null, limit = 500): Promise<ExportFileRow[]> {
    let q = this.db.selectFrom('export_files').selectAll();
    q = clientId === null ? q.where('client_id', 'is', null) : q.where('client_id', '=', clientId);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  findOfClient(clientId: number | null, basename: string): Promise<ExportFileRow | undefined> {
    let q = this.db.selectFrom('export_files').selectAll().where('basename', '=', basename);
    q = clientId === null ? q.where('client_id', 'is', null) : q.where('client_id', '=', clientId);
    return q.executeTakeFirst();
  }

  byId(id: number): Promise<ExportFileRow | undefined> {
    return this.db.selectFrom('export_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async progress(id: number, rows: number, size: number, total?: number): Promise<void> {
    await this.db
      .updateTable('export_files')
      .set({ rows_written: rows, size, ...(total !== undefined ? { rows_total: total } : {}) })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: number, status: 'ready' | 'failed', values: { rows: number; size: number; error?: string }) {
    await this.db
      .updateTable('export_files')
      .set({
        status,
        rows_written: values.rows,
        size: values.size,
        error: values.error ?? null,
        finished_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('export_files').where('id', '=', id).execute();
  }

  /** Files created before `before` (retention), oldest first. */
  olderThan(before: Date, limit = 1000): Promise<ExportFileRow[]> {
    return this.db
      .selectFrom('export_files')
      .selectAll()
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  async uidOfClient(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('clients').select('client_uid').where('id', '=', id).executeTakeFirst();
    return row?.client_uid;
  }

  async clientIdOfUid(uid: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('clients').select('id').where('client_uid', '=', uid).executeTakeFirst();
    return row?.id;
  }
}
