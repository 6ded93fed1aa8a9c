import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type ExportFile,
  type ExportStarted,
  FILES_MSG,
  type FileList,
  LIVE_CHANNELS,
  LIVE_EVENTS,
  type LiveEvent,
} from '@pushdeck/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor, UserContext } from '../../lib/actor.ts';
import { HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import type { LiveBus } from '../../lib/live-events.ts';
import { CsvFile } from './csv-file.ts';
import { type ExportSource, exportSource, type SourceServices } from './export-sources.ts';
import type { ExportFileRow, ExportsRepository } from './exports.repository.ts';

/** The rows an export job reads per query, and how often at most it reports progress. */
export const EXPORT_PAGE_ROWS = 5000;
const PROGRESS_EVERY_MS = 500;
/** An export still in progress after this long has lost its job (the spec's exports take up to 15 minutes). */
export const STALE_AFTER_MS = 6 * 3_600_000;
/** Safe file names only: what `basenameFor` makes. */
const SAFE_NAME = /^[A-Za-z0-9_-]+\.csv$/;

/** The acting user as stored on a file row: enough to run the export later with the same rights and scope. */
interface ActorSnapshot {
  user: Omit<UserContext, 'permissions'> & { permissions: string[] };
  clientId: number | null;
  impersonatorId: number | null;
}

const snapshotOf = (a: Actor): ActorSnapshot => ({
  user: { ...a.user, permissions: [...a.user.permissions] },
  clientId: a.clientId,
  impersonatorId: a.impersonatorId,
});
const actorOf = (s: ActorSnapshot): Actor => ({
  user: { ...s.user, permissions: new Set(s.user.permissions) },
  clientId: s.clientId,
  impersonatorId: s.impersonatorId,
});

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);

export interface ExportsDeps {
  repo: ExportsRepository;
  sources: SourceServices;
  /** DATA_DIR: files go into DATA_DIR/exports/<client>/. */
  dataDir: string;
  live: LiveBus;
  /** Enqueues the export job in the file row's transaction; undefined when this process has no job queue. */
  enqueue?: (trx: Transaction<DB>, fileId: number) => Promise<unknown>;
}

/**
 * Exports as files (issue #14): starting one (one at a time per user), listing, downloading and removing a client's
 * files, writing a file in a job page by page with progress, and deleting old files.
 */
export class ExportsService {
  constructor(private readonly deps: ExportsDeps) {}

  /** The folder of a client's files; staff working across all clients have their own. */
  folderOf(clientId: number | null): string {
    return path.join(this.deps.dataDir, 'exports', clientId === null ? 'all-clients' : String(clientId));
  }

  /** A file's path, or undefined when the name is not one we make (nothing outside the exports folder). */
  private pathOf(clientId: number | null, basename: string): string | undefined {
    if (!SAFE_NAME.test(basename)) return undefined;
    const folder = this.folderOf(clientId);
    const full = path.resolve(folder, basename);
    return path.dirname(full) === path.resolve(folder) ? full : undefined;
  }

  /**
   * Where a ready file downloads from. A client's file names its client (`?client=`), so a staff member's new tab,
   * which sends no `client` header, reaches it too; the server still checks the reader may see that client.
   */
  private linkOf(row: ExportFileRow, clientUid: string | undefined): string | null {
    if (row.status !== 'ready') return null;
    const link = `/api/v1/files/download/${row.basename}`;
    return clientUid ? `${link}?client=${encodeURIComponent(clientUid)}` : link;
  }

  private async uidOf(clientId: number | null): Promise<string | undefined> {
    return clientId === null ? undefined : this.deps.repo.uidOfClient(clientId);
  }

  private fileOf(row: ExportFileRow, clientUid: string | undefined): ExportFile {
    return {
      basename: row.basename,
      extension: 'csv',
      cTime: row.created_at.toISOString(),
      size: Number(row.size),
      status: row.status,
      link: this.linkOf(row, clientUid),
      progress: { rows: row.rows_written, total: row.rows_total },
      userId: row.user_id,
    };
  }

  /**
   * Starts an export of `kind` for the actor: checks the parameters and that there are rows (else 'No data
   * available. …'), refuses a second export while one of the user's runs (409), then stores the file row and enqueues
   * its job together. Answers where the file will be.
   */
  async start(actor: Actor, kind: string, params: unknown): Promise<ExportStarted> {
    if (!this.deps.enqueue) throw new HttpError(503, FILES_MSG.failed);
    const source = exportSource(this.deps.sources, actor, kind, params);
    if (await this.deps.repo.runningOf(actor.user.id)) throw new HttpError(409, FILES_MSG.oneAtATime);
    const probe = await source.page(1, 1);
    if (probe.total === 0) throw new ValidationError({ file: [FILES_MSG.noData] });
    const basename = `${source.stem}_${stamp(new Date())}_${randomBytes(4).toString('hex')}.csv`;
    const row = await this.deps.repo.create(
      {
        basename,
        clientId: actor.clientId,
        userId: actor.user.id,
        kind,
        params,
        actor: snapshotOf(actor),
        rowsTotal: probe.total,
      },
      this.deps.enqueue,
    );
    if (!row) throw new HttpError(409, FILES_MSG.oneAtATime);
    await this.publish(row);
    return { path: `/files/${basename}`, basename, status: 'in_progress' };
  }

  /** The actor's client's files: in progress first (getCSVList). Staff without a client see their cross-client ones. */
  async list(actor: Actor): Promise<FileList> {
    if (actor.clientId === null && !actor.user.isStaff) return { ready: [], in_progress: [] };
    const rows = await this.deps.repo.listOfClient(actor.clientId);
    const uid = await this.uidOf(actor.clientId);
    const files = rows.map((r) => this.fileOf(r, uid));
    return {
      in_progress: files.filter((f) => f.status === 'in_progress'),
      ready: files.filter((f) => f.status !== 'in_progress'),
    };
  }

  private async find(actor: Actor, basename: string): Promise<ExportFileRow> {
    if (actor.clientId === null && !actor.user.isStaff) throw notFound(FILES_MSG.notFound);
    if (!SAFE_NAME.test(basename)) throw notFound(FILES_MSG.notFound);
    const row = await this.deps.repo.findOfClient(actor.clientId, basename);
    if (!row) throw notFound(FILES_MSG.notFound);
    return row;
  }

  /** A ready file of the actor's client: its path on disk and size. Another client's or a made-up name: 404. */
  async download(actor: Actor, basename: string): Promise<{ path: string; size: number }> {
    const row = await this.find(actor, basename);
    const full = this.pathOf(row.client_id, row.basename);
    if (row.status !== 'ready' || !full) throw notFound(FILES_MSG.notFound);
    const info = await stat(full).catch(() => undefined);
    if (!info) throw notFound(FILES_MSG.notFound);
    return { path: full, size: info.size };
  }

  /** Removes a file of the actor's client (removeCSV). One still being written is refused. */
  async remove(actor: Actor, basename: string): Promise<void> {
    const row = await this.find(actor, basename);
    if (row.status === 'in_progress') throw new HttpError(409, FILES_MSG.oneAtATime);
    await this.deleteFile(row);
  }

  private async deleteFile(row: ExportFileRow): Promise<void> {
    const full = this.pathOf(row.client_id, row.basename);
    if (full) await rm(full, { force: true });
    await this.deps.repo.delete(row.id);
  }

  /** Resolves the client a staff member names in the URL (a link or an event stream cannot send headers). */
  async clientOfUid(uid: string): Promise<number> {
    const id = await this.deps.repo.clientIdOfUid(uid);
    if (id === undefined) throw notFound('Client not found.');
    return id;
  }

  private async publish(row: ExportFileRow): Promise<void> {
    if (row.user_id === null) return;
    const data: LiveEvent<typeof LIVE_EVENTS.fileStatus> = {
      status: row.status,
      userId: row.user_id,
      link: this.linkOf(row, await this.uidOf(row.client_id)),
      progress: { rows: row.rows_written, total: row.rows_total },
      basename: row.basename,
    };
    await this.deps.live.publish({
      channel: LIVE_CHANNELS[LIVE_EVENTS.fileStatus],
      event: LIVE_EVENTS.fileStatus,
      clientId: row.client_id,
      data,
    });
  }

  /**
   * The export job: writes the file page by page (memory stays flat), storing and publishing progress as it goes,
   * then marks it ready, or failed ('Failed to generate file.') and removes what was written. A file already finished
   * (a retried job) is left alone; an interrupted one starts over.
   */
  async run(fileId: number): Promise<void> {
    const row = await this.deps.repo.byId(fileId);
    if (row?.status !== 'in_progress') return;
    const full = this.pathOf(row.client_id, row.basename);
    if (!full) throw new Error(`unsafe export file name ${row.basename}`);
    await mkdir(path.dirname(full), { recursive: true });
    await rm(full, { force: true });
    let file: CsvFile | undefined;
    let rows = 0;
    try {
      const source: ExportSource = exportSource(
        this.deps.sources,
        actorOf(row.actor as ActorSnapshot),
        row.kind,
        row.params,
      );
      let last = Date.now();
      let total = row.rows_total;
      const perPage = source.pageRows ?? EXPORT_PAGE_ROWS;
      for (let page = 1; ; page++) {
        const chunk = await source.page(page, perPage);
        total = Math.max(chunk.total, rows + chunk.rows.length);
        file ??= await CsvFile.open(full, chunk.header);
        await file.writeRows(chunk.rows);
        rows += chunk.rows.length;
        const done = chunk.rows.length < perPage;
        if (done && chunk.totals) await file.writeRows([chunk.totals]);
        if (done) break;
        if (Date.now() - last >= PROGRESS_EVERY_MS) {
          last = Date.now();
          await this.deps.repo.progress(row.id, rows, file.bytes, total);
          await this.publish({ ...row, rows_written: rows, rows_total: total, size: file.bytes });
        }
      }
      const size = file ? await file.close() : 0;
      await this.deps.repo.finish(row.id, 'ready', { rows, size });
      await this.publish({ ...row, status: 'ready', rows_written: rows, rows_total: rows, size });
    } catch (err) {
      file?.destroy();
      await rm(full, { force: true });
      await this.deps.repo.finish(row.id, 'failed', { rows, size: 0, error: String((err as Error).message) });
      await this.publish({ ...row, status: 'failed', rows_written: rows });
    }
  }

  /**
   * Records a file whose export died outside `run` (its thread ran out of memory or lost its connection): failed
   * ('Failed to generate file.'), its partial file removed, its user told. A file already finished is left alone.
   */
  async abandon(fileId: number, err: Error): Promise<void> {
    const row = await this.deps.repo.byId(fileId);
    if (row?.status !== 'in_progress') return;
    const full = this.pathOf(row.client_id, row.basename);
    if (full) await rm(full, { force: true });
    await this.deps.repo.finish(row.id, 'failed', { rows: 0, size: 0, error: err.message });
    await this.publish({ ...row, status: 'failed', rows_written: 0 });
  }

  /**
   * Deletes the files created before `before` (the retention job), and marks failed any export still in progress
   * after STALE_AFTER_MS (its job is gone), so its user may start another. Answers how many were deleted.
   */
  async purge(before: Date): Promise<number> {
    await this.deps.repo.failStale(new Date(Date.now() - STALE_AFTER_MS));
    const old = await this.deps.repo.olderThan(before);
    for (const row of old) await this.deleteFile(row);
    return old.length;
  }
}
