import { randomBytes } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_MSG,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiScope,
  type CreatedApiKey,
  type createApiKeyBodySchema,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Actor, UserContext } from '../../lib/actor.ts';
import { sha256 } from '../../lib/crypto.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import { ApiKeysRepository, type KeyRow } from './api-keys.repository.ts';

/** The calling key, as the server API's routes see it (plugins/api-key.ts). */
export interface ApiKeyContext {
  id: number;
  clientId: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  /** Null: every website of the client. */
  websiteIds: number[] | null;
}

const KEY_SHAPE = /^pdk_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per key (one write per call would make every call a write). */
const TOUCH_AFTER_MS = 60_000;

/** The tenant permissions a scope stands for, for services that read the actor's permissions. */
const SCOPE_PERMISSIONS: Record<ApiScope, string[]> = {
  send: ['menu.domain.messages', 'menu.recurring.spam'],
  stats: ['menu.stats.global', 'stats.domain', 'menu.analytics.data_explorer'],
  subscribers: ['menu.domain.audience', 'audience_edit', 'menu.domain.audience.edit'],
};

/** A new key: the prefix, then 32 random bytes in base64url (43 characters). */
export function newKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The Actor a key acts as: its client, never staff, with the permissions of its scopes. */
export function actorOfKey(row: KeyRow): Actor {
  const permissions = new Set(row.scopes.flatMap((s) => SCOPE_PERMISSIONS[s] ?? []));
  const user: UserContext = {
    id: row.created_by ?? 0,
    name: `API key ${row.name}`,
    email: row.created_by_email ?? '',
    clientId: row.client_id,
    clientUid: row.client_uid,
    roles: [],
    direct: [...permissions],
    permissions,
    isStaff: false,
  };
  return { user, clientId: row.client_id, impersonatorId: null };
}

/**
 * API keys (issue #27; docs/api.md "Server API"): a client's owner or staff creates, lists and revokes them; the
 * server API's guard finds a key by the SHA-256 of what the caller sends. Create, revoke and a key's first use from a
 * new address are audited.
 */
export class ApiKeysService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly audit: AuditService,
  ) {}

  /** The actor's client's keys; staff without a client: every client's. */
  list(actor: Actor): Promise<ApiKey[]> {
    return new ApiKeysRepository(this.db).list(this.scope(actor));
  }

  async create(origin: AuditOrigin, body: z.output<typeof createApiKeyBodySchema>): Promise<CreatedApiKey> {
    const clientId = origin.actor.clientId;
    if (clientId === null) throw new ValidationError({ client: [API_KEY_MSG.selectClient] });
    const key = newKey();
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = new ApiKeysRepository(trx);
      if (body.website_ids) {
        const own = await repo.websitesOf(clientId, body.website_ids);
        if (own.length !== body.website_ids.length) {
          throw new ValidationError({ website_ids: [API_KEY_MSG.unknownWebsite] });
        }
      }
      if ((await repo.countLive(clientId)) >= API_KEY_LIMITS.perClient) {
        throw new ValidationError({ name: [API_KEY_MSG.tooManyKeys] });
      }
      const user = origin.actor.user;
      const values = {
        client_id: clientId,
        name: body.name,
        prefix: key.slice(0, API_KEY_PREFIX.length + 8),
        hash: sha256(key),
        scopes: body.scopes,
        website_ids: body.website_ids ?? null,
        created_by: user.id,
        created_by_email: user.email,
      };
      const newId = await repo.insert(values);
      const { hash: _hash, ...shown } = values;
      await this.audit.record(trx, origin, {
        action: 'api_key.create',
        subjectType: 'api_key',
        subjectId: newId,
        clientId,
        after: { id: newId, ...shown },
      });
      return newId;
    });
    const created = await new ApiKeysRepository(this.db).find(id, clientId);
    return { ...created!, key };
  }

  async revoke(origin: AuditOrigin, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const repo = new ApiKeysRepository(trx);
      const key = await repo.find(id, this.scope(origin.actor));
      if (!key) throw notFound(API_KEY_MSG.notFound);
      if (!(await repo.revoke(id, this.scope(origin.actor)))) return;
      await this.audit.record(trx, origin, {
        action: 'api_key.revoke',
        subjectType: 'api_key',
        subjectId: id,
        clientId: key.client_id,
        before: { name: key.name, prefix: key.prefix, scopes: key.scopes, revoked_at: null },
        after: { revoked_at: new Date().toISOString() },
      });
    });
  }

  /**
   * The live key of an active client that `token` is, or undefined. Records its use (at most once a minute, or at
   * once from a new address) and audits its first use and every change of address.
   */
  async authenticate(token: string, ip: string): Promise<{ key: ApiKeyContext; actor: Actor } | undefined> {
    if (!KEY_SHAPE.test(token)) return undefined;
    const repo = new ApiKeysRepository(this.db);
    const row = await repo.byHash(sha256(token));
    if (row?.client_active !== 1) return undefined;
    const newAddress = row.last_used_ip !== ip;
    const stale = !row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > TOUCH_AFTER_MS;
    if (newAddress) {
      await this.db.transaction().execute(async (trx) => {
        await new ApiKeysRepository(trx).touch(row.id, ip);
        await this.audit.recordAs(
          trx,
          { id: row.created_by, email: row.created_by_email, impersonatorId: null, ip },
          {
            action: 'api_key.use',
            subjectType: 'api_key',
            subjectId: row.id,
            clientId: row.client_id,
            before: { ip: row.last_used_ip },
            after: { ip, key: row.name, prefix: row.prefix },
          },
        );
      });
    } else if (stale) {
      await repo.touch(row.id, ip);
    }
    const key: ApiKeyContext = {
      id: row.id,
      clientId: row.client_id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes,
      websiteIds: row.website_ids,
    };
    return { key, actor: actorOfKey(row) };
  }

  /** The calling key, for `GET /api/server/v1/key`. */
  async whoami(key: ApiKeyContext) {
    const client = await new ApiKeysRepository(this.db).clientName(key.clientId);
    return {
      name: key.name,
      prefix: key.prefix,
      client: { uid: client?.client_uid ?? '', name: client?.name ?? '' },
      scopes: key.scopes,
      website_ids: key.websiteIds,
    };
  }

  /** Which client's keys the actor works on: its own; staff the one it picked, or all (null). */
  private scope(actor: Actor): number | null {
    return actor.user.isStaff ? actor.clientId : (actor.clientId ?? -1);
  }
}
