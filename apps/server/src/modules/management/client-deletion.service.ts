import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  CLIENT_DELETION_MSG,
  type ClientDeletion,
  type ClientDeletionCounts,
  type ClientDeletionImpact,
  type DeleteClientBody,
  MSG,
} from '@pushdeck/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ClientDeletionsTable, DB } from '../../db/schema.ts';
import { HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import type { SessionSignals } from '../auth/session-signals.ts';
import { SessionsRepository } from '../auth/sessions.repository.ts';
import { ClientsRepository } from '../clients/clients.repository.ts';
import { ClientDeletionRepository, DELETION_STEPS } from './client-deletion.repository.ts';

/** Rows deleted per statement: small enough that no statement holds the database for long. */
export const DELETION_BATCH = 2_000;

export type EnqueueDeletion = (trx: Kysely<DB>, deletionId: string) => Promise<unknown>;

export interface ClientDeletionHooks {
  /** Called after every batch (tests stop a job there to check that a retried one finishes). */
  afterBatch?: (deletionId: string) => Promise<void> | void;
  /** Rows per statement (DELETION_BATCH). */
  batchSize?: number;
}

type Row = Selectable<ClientDeletionsTable>;

function view(row: Row): ClientDeletion {
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    status: row.status,
    progress: { done: Number(row.progress_done), total: Number(row.progress_total) },
    counts: row.counts as ClientDeletionCounts,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/**
 * Deleting a client (issue #25; docs/api.md "Deleting a client"). The request checks and switches the client off in one
 * transaction (its users signed out, its schedules stopped, its websites closed to subscribers: what switching it off
 * does), writes the audit row and queues the job; the job deletes the client's rows batch by batch with its progress on
 * the client_deletions row, its export files and the images nobody else uses, and finally the client row, which
 * cascades to the rest (users, websites, drips, audiences, schedules, tags). Refused while a copy to or from the
 * client runs; a copy cannot start for a client being deleted, since it is switched off.
 */
export class ClientDeletionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly audit: AuditService,
    private readonly dataDir: string,
    /** Closes the live events streams of the sessions the deletion ends (the API's; the job ends none). */
    private readonly signals: Pick<SessionSignals, 'ended'> | null = null,
    private readonly hooks: ClientDeletionHooks = {},
  ) {}

  /** What deleting the client removes, and what stops it now. */
  async impact(clientId: number): Promise<ClientDeletionImpact> {
    const client = await new ClientsRepository(this.db).findById(clientId);
    if (!client) throw notFound(MSG.clientNotFound);
    const repo = new ClientDeletionRepository(this.db);
    const running = await repo.live(clientId);
    return {
      client: { id: client.id, name: client.name, client_uid: client.client_uid },
      counts: await repo.counts(clientId),
      blocked_by: (await repo.copyRunning(clientId)) ? CLIENT_DELETION_MSG.copyRunning : null,
      running: running ? view(running) : null,
    };
  }

  /**
   * Starts the deletion: the client's name must be typed as it is. A deletion already under way is answered as it is
   * (asking twice deletes once).
   */
  async start(
    origin: AuditOrigin,
    clientId: number,
    body: DeleteClientBody,
    enqueue: EnqueueDeletion,
  ): Promise<ClientDeletion> {
    const { id, ended } = await this.db.transaction().execute(async (trx) => {
      const clients = new ClientsRepository(trx);
      const client = await clients.findById(clientId);
      if (!client) throw notFound(MSG.clientNotFound);
      const repo = new ClientDeletionRepository(trx);
      const running = await repo.live(clientId);
      if (running) return { id: running.id, ended: [] };
      if (body.confirm_name.trim() !== client.name.trim()) {
        throw new ValidationError({ confirm_name: [CLIENT_DELETION_MSG.confirmMismatch] });
      }
      if (origin.actor.user.clientId === clientId) throw new HttpError(409, CLIENT_DELETION_MSG.ownClient);
      if (await repo.copyRunning(clientId)) throw new HttpError(409, CLIENT_DELETION_MSG.copyRunning);
      const counts = await repo.counts(clientId);
      const deletionId = randomUUID();
      await repo.insert({
        id: deletionId,
        client_id: clientId,
        client_name: client.name,
        requested_by: origin.actor.user.id,
        requested_by_email: origin.actor.user.email,
        ip: origin.ip,
        counts: JSON.stringify(counts),
      });
      if (client.is_active === 1) await clients.update(clientId, { is_active: 0 });
      const ended = await new SessionsRepository(trx).deleteOfClient(clientId);
      await this.audit.record(trx, origin, {
        action: 'client.delete',
        subjectType: 'client',
        subjectId: clientId,
        clientId,
        before: { ...client, counts },
        after: { deletion_id: deletionId, status: 'queued' },
      });
      await enqueue(trx, deletionId);
      return { id: deletionId, ended };
    });
    await this.signals?.ended(ended);
    return this.status(id);
  }

  /** A deletion's progress and outcome (kept after the client is gone). */
  async status(deletionId: string): Promise<ClientDeletion> {
    const row = await new ClientDeletionRepository(this.db).find(deletionId);
    if (!row) throw notFound(CLIENT_DELETION_MSG.deletionNotFound);
    return view(row);
  }

  /**
   * The job: resumable after a crash (pg-boss runs it again and each batch deletes whatever of the client is still
   * there); a failure is recorded on its row.
   */
  async run(deletionId: string): Promise<void> {
    const repo = new ClientDeletionRepository(this.db);
    const row = await repo.find(deletionId);
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    const clientId = row.client_id;
    try {
      await repo.start(deletionId, (await repo.rowsToDelete(clientId)) + 1, row.counts as ClientDeletionCounts);
      const batch = this.hooks.batchSize ?? DELETION_BATCH;
      for (const step of DELETION_STEPS) {
        for (;;) {
          const deleted = await repo.deleteBatch(step, clientId, batch);
          if (deleted > 0) await repo.progress(deletionId, deleted);
          await this.hooks.afterBatch?.(deletionId);
          if (deleted < batch) break;
        }
      }
      await this.removeFiles(repo, clientId);
      await this.db.transaction().execute(async (trx) => {
        const inTrx = new ClientDeletionRepository(trx);
        await inTrx.deleteCopyJobs(clientId);
        await inTrx.deleteClient(clientId);
        await this.audit.recordAs(
          trx,
          { id: row.requested_by, email: row.requested_by_email, impersonatorId: null, ip: row.ip },
          {
            action: 'client.delete',
            subjectType: 'client',
            subjectId: clientId,
            clientId,
            before: { deletion_id: deletionId, status: 'running' },
            after: { deletion_id: deletionId, status: 'completed', counts: row.counts },
          },
        );
      });
      await repo.finish(deletionId, 'completed', null);
    } catch (error) {
      // recorded on the row, not thrown: the client stays switched off and an admin may start the deletion again
      await repo.finish(deletionId, 'failed', `${CLIENT_DELETION_MSG.failed} ${(error as Error).message}`);
    }
  }

  /**
   * The client's export files, and its uploaded images but those another client's drip still shows (a copy across
   * clients keeps the image links).
   */
  private async removeFiles(repo: ClientDeletionRepository, clientId: number): Promise<void> {
    await rm(path.join(this.dataDir, 'exports', String(clientId)), { recursive: true, force: true });
    const uploads = path.join(this.dataDir, 'uploads', String(clientId));
    const names = await readdir(uploads).catch(() => [] as string[]);
    if (names.length === 0) return;
    const kept = await repo.imagesUsedElsewhere(clientId);
    for (const name of names) if (!kept.has(name)) await rm(path.join(uploads, name), { force: true });
    if (kept.size === 0) await rm(uploads, { recursive: true, force: true });
  }
}
