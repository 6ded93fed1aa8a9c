import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, ExportFilesTable } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { scopeToActor } from '../../lib/tenancy.ts';
import { dripSearch } from '../drips/drips.repository.ts';

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

/** The Drip Manager's filters, and where the last page ended (keyset: no offset, so every page costs the same). */
export interface MessagesSlice {
  type: 'welcome' | 'recurring';
  domainId?: number;
  isActive?: number;
  search?: string;
  order: { key: 'id' | 'created_at'; dir: 'asc' | 'desc' };
  after?: { id: number; created_at: Date };
  limit: number;
}

export interface MessageRow {
  id: number;
  domain_id: number;
  title: string;
  type: string;
  is_active: number;
  created_at: Date;
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

  /** Exports still "in progress" that started before `before`: their job is gone (retries used up). Marks them failed. */
  async failStale(before: Date): Promise<number> {
    const res = await this.db
      .updateTable('export_files')
      .set({ status: 'failed', error: 'the export job stopped', finished_at: new Date() })
      .where('status', '=', 'in_progress')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
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

  /**
   * One page of the Drip Manager's list for its download: the list call's scope and filters (the actor's client,
   * live drips of the type, website, status, search), ordered by id or by creation time then id, after `after`.
   */
  messagesPage(actor: Actor, s: MessagesSlice): Promise<MessageRow[]> {
    let q = scopeToActor(
      this.db.selectFrom('drips').where('drips.deleted_at', 'is', null).where('drips.type', '=', s.type),
      actor,
      'drips.client_id',
    );
    if (s.domainId !== undefined) q = q.where('drips.domain_id', '=', s.domainId);
    if (s.isActive !== undefined) q = q.where('drips.is_active', '=', s.isActive);
    if (s.search) q = q.where(dripSearch(s.search));
    const cmp = s.order.dir === 'asc' ? sql.raw('>') : sql.raw('<');
    if (s.after && s.order.key === 'id') q = q.where(sql<boolean>`drips.id ${cmp} ${s.after.id}`);
    if (s.after && s.order.key === 'created_at')
      q = q.where(sql<boolean>`(drips.created_at, drips.id) ${cmp} (${s.after.created_at}, ${s.after.id})`);
    if (s.order.key === 'created_at') q = q.orderBy('drips.created_at', s.order.dir);
    return q
      .orderBy('drips.id', s.order.dir)
      .select([
        'drips.id',
        'drips.domain_id',
        'drips.title',
        'drips.type',
        sql<number>`drips.is_active::int`.as('is_active'),
        'drips.created_at',
      ])
      .limit(s.limit)
      .execute();
  }

  async clientIdOfUid(uid: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('clients').select('id').where('client_uid', '=', uid).executeTakeFirst();
    return row?.id;
  }
}
