import {
  CLIENT_DELETION_MSG,
  type ClientSummary,
  type CreateClientBody,
  INFRA_MSG,
  type ManagedClient,
  MSG,
  type UpdateClientBody,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { randomToken, type SecretBox } from '../../lib/crypto.ts';
import { HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type ListResult, parseListQuery } from '../../lib/query/index.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import type { SessionSignals } from '../auth/session-signals.ts';
import { SessionsRepository } from '../auth/sessions.repository.ts';
import { UsersRepository } from '../auth/users.repository.ts';
import { CLIENT_LIST_SPEC } from '../clients/client-list-spec.ts';
import { ClientsRepository } from '../clients/clients.repository.ts';
import { ImageStorageRepository, type StoragePatch } from '../infrastructure/image-storage.repository.ts';
import { publicOf, storedOf } from '../infrastructure/image-storage.ts';
import type { S3HostPolicy } from '../infrastructure/s3-hosts.ts';
import { ClientDeletionRepository } from './client-deletion.repository.ts';
import { ManagedUsersRepository } from './managed-users.repository.ts';

/**
 * Clients Management (issue #13): staff read every client; admin creates a client with its first user, renames it and
 * switches it on or off. Switching a client off ends its users' sessions at once (and every later request of theirs
 * is refused while it stays off), stops its schedules from sending (the delivery engine skips an inactive client's
 * occurrences) and refuses its websites' public subscribe calls; switching it on restores all of that.
 * Every change is audited on its own transaction.
 */
export class ClientsAdminService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly audit: AuditService,
    private readonly box: SecretBox,
    private readonly s3Hosts: S3HostPolicy,
    private readonly signals: SessionSignals,
  ) {}

  async list(
    rawQuery: Record<string, unknown>,
  ): Promise<ListResult<ClientSummary & { users?: ManagedClient['users']; deleting?: boolean }>> {
    const parsed = parseListQuery(rawQuery, CLIENT_LIST_SPEC);
    const result = await new ClientsRepository(this.db).page(parsed);
    if (!parsed.with.includes('users')) return result;
    const ids = result.rows.map((c) => c.id);
    const users = await new ManagedUsersRepository(this.db).ofClients(ids);
    const deleting = await new ClientDeletionRepository(this.db).beingDeleted(ids);
    const rows = result.rows.map((c) => ({
      ...c,
      users: users.filter((u) => u.client_id === c.id),
      ...(deleting.has(c.id) ? { deleting: true } : {}),
    }));
    return { ...result, rows };
  }

  /** One client with its users, its cluster and its image storage (never the storage password). */
  async get(id: number): Promise<ManagedClient> {
    const client = await new ClientsRepository(this.db).findById(id);
    if (!client) throw notFound(MSG.clientNotFound);
    const infra = (await new ImageStorageRepository(this.db).ofClient(id))!;
    return {
      ...client,
      cluster_id: infra.cluster_id,
      images_storage: publicOf(infra.images_storage, infra.images_storage_password_sealed),
      images_storage_public_folder: infra.images_storage_public_folder,
      users: await new ManagedUsersRepository(this.db).ofClients([id]),
    };
  }

  /** A client and its first user (role client), active. */
  async create(origin: AuditOrigin, body: CreateClientBody): Promise<ManagedClient> {
    if (await new UsersRepository(this.db).findByEmail(body.email)) {
      throw new ValidationError({ email: [MSG.emailTaken] });
    }
    const password = await hashPassword(body.password);
    const id = await this.db.transaction().execute(async (trx) => {
      const client = await new ClientsRepository(trx).insert({ client_uid: randomToken(12), name: body.name });
      const user = await new UsersRepository(trx).insertWithRole(
        { client_id: client.id, name: body.name, email: body.email, password },
        'client',
      );
      await this.audit.record(trx, origin, {
        action: 'client.create',
        subjectType: 'client',
        subjectId: client.id,
        clientId: client.id,
        after: { ...client, users: [{ id: user.id, name: user.name, email: user.email, role: 'client' }] },
      });
      return client.id;
    });
    return this.get(id);
  }

  /** Renames and/or switches a client on or off. */
  async update(origin: AuditOrigin, id: number, body: UpdateClientBody): Promise<ManagedClient> {
    const storage = body.images_storage;
    if (storage?.IMAGES_STORAGE_DRIVER === 's3' && !(await this.s3Hosts.allowsOnSave(storage.IMAGES_STORAGE_HOST))) {
      throw new ValidationError({ 'images_storage.IMAGES_STORAGE_HOST': [INFRA_MSG.s3Host] });
    }
    const ended = await this.db.transaction().execute(async (trx) => {
      const clients = new ClientsRepository(trx);
      const before = await clients.findById(id);
      if (!before) throw notFound(MSG.clientNotFound);
      if (body.is_active === 1 && (await new ClientDeletionRepository(trx).live(id))) {
        throw new HttpError(409, CLIENT_DELETION_MSG.beingDeleted);
      }
      const after = await clients.update(id, { name: body.name, is_active: body.is_active });
      if (!after) throw notFound(MSG.clientNotFound);
      await this.updateImageStorage(trx, origin, id, body);
      if (body.cluster_id !== undefined) {
        const repo = new ImageStorageRepository(trx);
        if (body.cluster_id !== null && !(await repo.clusterExists(body.cluster_id))) {
          throw new ValidationError({ cluster_id: [INFRA_MSG.clusterNotFound] });
        }
        const previous = (await repo.ofClient(id))?.cluster_id ?? null;
        await repo.setCluster(id, body.cluster_id);
        await this.audit.record(trx, origin, {
          action: 'client.update',
          subjectType: 'client',
          subjectId: id,
          clientId: id,
          before: { cluster_id: previous },
          after: { cluster_id: body.cluster_id },
        });
      }
      const ended =
        before.is_active === 1 && after.is_active === 0 ? await new SessionsRepository(trx).deleteOfClient(id) : [];
      await this.audit.record(trx, origin, {
        action: 'client.update',
        subjectType: 'client',
        subjectId: id,
        clientId: id,
        before,
        after,
      });
      return ended;
    });
    // their live events streams close, in every API process
    await this.signals.ended(ended);
    return this.get(id);
  }

  /**
   * The client's image storage (issue #16): a config (every field; the password kept when left out), null for the
   * instance's own uploads folder, and/or the public folder its images go under. Audited without any of its values.
   */
  private async updateImageStorage(trx: Kysely<DB>, origin: AuditOrigin, id: number, body: UpdateClientBody) {
    if (body.images_storage === undefined && body.images_storage_public_folder === undefined) return;
    const storage = new ImageStorageRepository(trx);
    const row = (await storage.ofClient(id))!;
    const patch: StoragePatch = {};
    if (body.images_storage === null) {
      patch.images_storage = null;
      patch.images_storage_password_sealed = null;
    } else if (body.images_storage) {
      const password = body.images_storage.IMAGES_STORAGE_PASSWORD ?? '';
      if (password === '' && !row.images_storage_password_sealed) {
        throw new ValidationError({ 'images_storage.IMAGES_STORAGE_PASSWORD': [INFRA_MSG.fillRequired] });
      }
      patch.images_storage = JSON.stringify(storedOf(body.images_storage));
      patch.images_storage_password_sealed =
        password === '' ? row.images_storage_password_sealed : this.box.seal(password);
    }
    if (body.images_storage_public_folder !== undefined) {
      patch.images_storage_public_folder = body.images_storage_public_folder;
    }
    await storage.set(id, patch);
    await this.audit.record(trx, origin, {
      action: 'client.images_storage',
      subjectType: 'client',
      subjectId: id,
      clientId: id,
      before: {
        driver: row.images_storage?.IMAGES_STORAGE_DRIVER ?? 'local',
        folder: row.images_storage_public_folder,
      },
      after: {
        driver:
          body.images_storage === undefined
            ? (row.images_storage?.IMAGES_STORAGE_DRIVER ?? 'local')
            : (body.images_storage?.IMAGES_STORAGE_DRIVER ?? 'local'),
        folder: patch.images_storage_public_folder ?? row.images_storage_public_folder,
      },
    });
  }
}
