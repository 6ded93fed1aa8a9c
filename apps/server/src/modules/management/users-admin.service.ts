import {
  type CreateUserBody,
  MANAGEMENT_MSG,
  type ManagedUser,
  MSG,
  STAFF_ROLES,
  type UpdateUserBody,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import { isStaffAccount } from '../auth/auth.service.ts';
import { endImpersonationsBy, impersonatorLost } from '../auth/impersonation-end.ts';
import type { SessionSignals } from '../auth/session-signals.ts';
import { SessionsRepository } from '../auth/sessions.repository.ts';
import { UsersRepository } from '../auth/users.repository.ts';
import { ClientsRepository } from '../clients/clients.repository.ts';
import { ManagedUsersRepository } from './managed-users.repository.ts';
import { assertMayGrant, assertMayManage, isAdmin, isStaffTarget, STAFF_PERMISSIONS } from './management-policy.ts';

export interface UserListQuery {
  client_id?: number | undefined;
  role?: string | undefined;
  is_active?: 0 | 1 | undefined;
  search?: string | undefined;
  page: number;
  pageLength: number;
}

/**
 * Users Management (issue #13): admin manages every user; a moder the users of clients who hold no staff role.
 * Deactivating or deleting a user ends their sessions at once, and the impersonation sessions they opened ('Log in
 * as'), as does a change of roles or permissions that takes away what 'Log in as' requires; otherwise a change of
 * roles or permissions takes effect on the user's next request (permissions are read fresh on every request)
 * without signing them out. Every change is
 * audited on its own transaction, and every refusal comes before anything changes.
 */
export class UsersAdminService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly audit: AuditService,
    private readonly signals: SessionSignals,
  ) {}

  async list(
    actor: Actor,
    q: UserListQuery,
  ): Promise<{ data: ManagedUser[]; total: number; page: number; pageLength: number }> {
    const { rows, total } = await new ManagedUsersRepository(this.db).page(
      {
        clientIds: q.client_id === undefined ? undefined : [q.client_id],
        role: q.role,
        isActive: q.is_active,
        search: q.search,
        excludeRoles: isAdmin(actor) ? undefined : STAFF_ROLES,
        excludePermissions: isAdmin(actor) ? undefined : STAFF_PERMISSIONS,
      },
      q.page,
      q.pageLength,
    );
    return { data: rows, total, page: q.page, pageLength: q.pageLength };
  }

  /** Whether the user's effective permissions (roles' and direct) make it a staff account. */
  private async effectiveStaff(id: number): Promise<boolean> {
    const ctx = await new UsersRepository(this.db).loadContext(id);
    return ctx !== undefined && isStaffAccount(ctx);
  }

  /** One user the actor may see (a moder: not a staff account, 403). */
  async get(actor: Actor, id: number): Promise<ManagedUser> {
    const user = await new ManagedUsersRepository(this.db).byId(id);
    if (!user) throw notFound(MSG.userNotFound);
    if (!isAdmin(actor) && isStaffTarget(user, await this.effectiveStaff(id))) {
      throw forbidden('Staff accounts are managed by an administrator.');
    }
    return user;
  }

  async create(origin: AuditOrigin, body: CreateUserBody): Promise<ManagedUser> {
    const { actor } = origin;
    const users = new ManagedUsersRepository(this.db);
    const roleIds = await users.roleIds([body.role]);
    const roleId = roleIds.get(body.role);
    if (roleId === undefined) throw new ValidationError({ role: [MANAGEMENT_MSG.unknownRole] });
    assertMayGrant(actor, {
      roles: [body.role],
      rolePermissions: await users.permissionsOfRoles([body.role]),
      direct: [],
    });
    if (!(await new ClientsRepository(this.db).findById(body.client_id))) {
      throw new ValidationError({ client_id: [MSG.clientNotFound] });
    }
    if (await new UsersRepository(this.db).findByEmail(body.email)) {
      throw new ValidationError({ email: [MSG.emailTaken] });
    }
    const password = await hashPassword(body.password);
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = new ManagedUsersRepository(trx);
      const userId = await repo.insert({ client_id: body.client_id, name: body.name, email: body.email, password });
      await repo.syncRoles(userId, [roleId]);
      const after = await repo.byId(userId);
      await this.audit.record(trx, origin, {
        action: 'user.create',
        subjectType: 'user',
        subjectId: userId,
        clientId: body.client_id,
        after,
      });
      return userId;
    });
    return this.get(actor, id);
  }

  /** Switches a user on or off, replaces their roles (in order), or their direct permissions. */
  async update(origin: AuditOrigin, id: number, body: UpdateUserBody): Promise<ManagedUser> {
    const { actor } = origin;
    const users = new ManagedUsersRepository(this.db);
    const before = await users.byId(id);
    if (!before) throw notFound(MSG.userNotFound);
    assertMayManage(actor, before, await this.effectiveStaff(id));
    const roleIds = body.roles ? await users.roleIds(body.roles) : new Map<string, number>();
    const unknownRole = body.roles?.find((r) => !roleIds.has(r));
    if (unknownRole !== undefined)
      throw new ValidationError({ roles: [`${MANAGEMENT_MSG.unknownRole} (${unknownRole})`] });
    const permissionIds = body.permissions ? await users.permissionIds(body.permissions) : new Map<string, number>();
    const unknownPermission = body.permissions?.find((p) => !permissionIds.has(p));
    if (unknownPermission !== undefined) {
      throw new ValidationError({ permissions: [`${MANAGEMENT_MSG.unknownPermission} (${unknownPermission})`] });
    }
    const newRoles = body.roles ?? [];
    assertMayGrant(actor, {
      roles: newRoles,
      rolePermissions: await users.permissionsOfRoles(newRoles),
      direct: body.permissions ?? [],
    });
    const ended = await this.db.transaction().execute(async (trx) => {
      const repo = new ManagedUsersRepository(trx);
      const ended: string[] = [];
      if (body.is_active !== undefined) {
        await repo.setActive(id, body.is_active);
        if (body.is_active === 0) {
          ended.push(...(await new SessionsRepository(trx).deleteOfUser(id)));
          ended.push(...(await endImpersonationsBy(trx, this.audit, origin, id, 'impersonator_deactivated')));
        }
      }
      if (body.roles)
        await repo.syncRoles(
          id,
          [...new Set(body.roles)].map((r) => roleIds.get(r)!),
        );
      if (body.permissions)
        await repo.syncPermissions(
          id,
          [...new Set(body.permissions)].map((p) => permissionIds.get(p)!),
        );
      if (body.roles || body.permissions) {
        // a staff member who no longer may 'Log in as' leaves the sessions it opened that way
        const lost = impersonatorLost(await new UsersRepository(trx).loadContext(id));
        if (lost) ended.push(...(await endImpersonationsBy(trx, this.audit, origin, id, lost)));
      }
      await this.audit.record(trx, origin, {
        action: 'user.update',
        subjectType: 'user',
        subjectId: id,
        clientId: before.client_id,
        before,
        after: await repo.byId(id),
      });
      return ended;
    });
    // live events streams on the ended sessions close, and the user's own check what they may still watch
    await this.signals.ended(ended);
    if (body.roles || body.permissions) await this.signals.changed([id]);
    return this.get(actor, id);
  }

  /** Deletes a user (and with it their sessions). */
  async delete(origin: AuditOrigin, id: number): Promise<void> {
    const users = new ManagedUsersRepository(this.db);
    const before = await users.byId(id);
    if (!before) throw notFound(MSG.userNotFound);
    assertMayManage(origin.actor, before, await this.effectiveStaff(id));
    const ended = await this.db.transaction().execute(async (trx) => {
      // the sessions it opened as someone else would go with it (foreign key): ended first, so the trail says so
      const ended = await endImpersonationsBy(trx, this.audit, origin, id, 'impersonator_deleted');
      ended.push(...(await new SessionsRepository(trx).deleteOfUser(id)));
      if (!(await new ManagedUsersRepository(trx).delete(id))) throw notFound(MSG.userNotFound);
      await this.audit.record(trx, origin, {
        action: 'user.delete',
        subjectType: 'user',
        subjectId: id,
        clientId: before.client_id,
        before,
      });
      return ended;
    });
    await this.signals.ended(ended);
  }
}
