import {
  type ChangePasswordBody,
  type LoginBody,
  MSG,
  type RegisterClientBody,
  type RegisteredUser,
  type RegisterUserBody,
  STAFF_ROLES,
  type UserInfo,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB, SessionRow } from '../../db/schema.ts';
import type { Actor, UserContext } from '../../lib/actor.ts';
import { randomToken } from '../../lib/crypto.ts';
import { HttpError, ValidationError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { ClientsRepository } from '../clients/clients.repository.ts';
import type { ImpersonationEndReason } from './impersonation-end.ts';
import type { LoginThrottle } from './login-throttle.repository.ts';
import { judgeSession } from './session-check.ts';
import type { SessionSignals } from './session-signals.ts';
import { SessionsRepository } from './sessions.repository.ts';
import type { SignUpThrottle } from './sign-up-throttle.ts';
import { UsersRepository } from './users.repository.ts';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  session: SessionRow | null;
}

export interface SignedIn {
  token: string;
  session: SessionRow;
  info: UserInfo;
}

export function toUserInfo(user: UserContext, session: Pick<SessionRow, 'impersonator_id'> | null): UserInfo {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roles: user.roles,
    permissions: user.direct,
    client_uid: user.clientUid,
    client_id: user.clientId,
    backToModerUrl: session?.impersonator_id ? `/api/auth/moder/backToModer/${session.impersonator_id}` : null,
  };
}

/** A staff account: staff permissions, or a staff role (admin, moder, admin_role, admin_demo, dev). */
export function isStaffAccount(user: Pick<UserContext, 'isStaff' | 'roles' | 'permissions'>): boolean {
  return (
    user.isStaff ||
    user.permissions.has('menu.users.management') ||
    user.roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r.name))
  );
}

export class AuthService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly throttle: LoginThrottle,
    private readonly ttlMinutes: number,
    private readonly audit: AuditService,
    private readonly signUps: SignUpThrottle,
    private readonly signals: SessionSignals,
  ) {}

  /** Starts a fresh session for `userId`, dropping the one the request came with (session id rotation). */
  async startSession(userId: number, meta: RequestMeta, impersonatorId: number | null = null): Promise<SignedIn> {
    // a guest's session has no stream to close: no signal for it
    if (meta.session?.user_id === null) await this.sessions.delete(meta.session.id);
    else if (meta.session) await this.endSession(meta.session.id);
    const { token, row } = await this.sessions.create({
      userId,
      impersonatorId,
      ip: meta.ip,
      userAgent: meta.userAgent,
      ttlMinutes: this.ttlMinutes,
    });
    const user = await this.users.loadContext(userId);
    if (!user) throw new HttpError(401, MSG.unauthenticated);
    return { token, session: row, info: toUserInfo(user, row) };
  }

  async login(body: LoginBody, meta: RequestMeta): Promise<SignedIn> {
    await this.throttle.check(body.email, meta.ip);
    const user = await this.users.findByEmail(body.email);
    const ok = await verifyPassword(user?.password, body.password);
    if (!user || !ok) {
      await this.throttle.fail(body.email, meta.ip);
      throw new ValidationError({ email: [MSG.invalidCredentials] });
    }
    const ctx = await this.users.loadContext(user.id);
    // An inactive user was switched off in Users Management (deactivated_at), or signed up and waits for activation;
    // an inactive client is switched off.
    if (!ctx?.isActive) {
      throw new ValidationError({
        email: [user.deactivated_at ? MSG.accountDeactivated : MSG.accountAwaitingActivation],
      });
    }
    if (!ctx.clientActive) throw new ValidationError({ email: [MSG.accountInactive] });
    await this.throttle.clear(body.email, meta.ip);
    return this.startSession(user.id, meta);
  }

  async registerClient(body: RegisterClientBody, meta: RequestMeta): Promise<SignedIn> {
    await this.signUps.hit(meta.ip);
    await this.assertEmailFree(body.email);
    const password = await hashPassword(body.password);
    const userId = await this.db.transaction().execute(async (trx) => {
      const client = await new ClientsRepository(trx).insert({
        client_uid: randomToken(12),
        name: body.client_name || body.name,
      });
      const user = await new UsersRepository(trx).insertWithRole(
        { client_id: client.id, name: body.name, email: body.email, password },
        'client',
      );
      return user.id;
    });
    return this.startSession(userId, meta);
  }

  /** A user joins an existing client by its uid; the account stays inactive until staff activate it. */
  async registerUser(body: RegisterUserBody, meta: Pick<RequestMeta, 'ip'>): Promise<RegisteredUser> {
    await this.signUps.hit(meta.ip);
    const client = await new ClientsRepository(this.db).findByUid(body.client_uid);
    if (!client) throw new ValidationError({ client_uid: [MSG.clientNotFound] });
    await this.assertEmailFree(body.email);
    const row = await this.users.insert(
      {
        client_id: client.id,
        name: body.name,
        email: body.email,
        password: await hashPassword(body.password),
        is_active: 0,
      },
      'user',
    );
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      is_active: row.is_active,
      message: MSG.registeredAwaitingActivation,
    };
  }

  /**
   * Sets a new password, ends the user's other sessions and rotates the current one: the caller stays signed in
   * with a new session token (and CSRF token); the old token no longer works.
   */
  async changePassword(user: UserContext, body: ChangePasswordBody, meta: RequestMeta): Promise<SignedIn> {
    const row = await this.users.findById(user.id);
    if (!row || !(await verifyPassword(row.password, body.old_password))) {
      throw new ValidationError({ old_password: [MSG.oldPasswordWrong] });
    }
    await this.users.setPassword(user.id, await hashPassword(body.new_password));
    const current = meta.session;
    if (current) await this.signals.ended(await this.sessions.deleteOthersOfUser(user.id, current.id));
    return this.startSession(user.id, meta, current?.impersonator_id ?? null);
  }

  async logout(session: SessionRow | null): Promise<void> {
    if (session) await this.endSession(session.id);
  }

  /** Deletes a session and tells every API process, whose live events streams on it close. */
  async endSession(id: string): Promise<void> {
    if (await this.sessions.delete(id)) await this.signals.ended([id]);
  }

  /**
   * Whether a live events stream opened on session `sessionId` for `stream` may go on: until when (the session's
   * expiry, which other requests push back), or null to close it — the session ended or expired, its user or their
   * client was switched off, an impersonation's staff account lost 'Log in as' (ended here, as on a request), or
   * the stream's user no longer may read the client it watches (staff naming a client lost staff rights).
   */
  async streamMayGoOn(
    sessionId: string,
    stream: { userId: number; clientId: number | null },
    ip: string | null,
  ): Promise<Date | null> {
    const found = await this.sessions.findLiveById(sessionId);
    if (!found) return null;
    const verdict = judgeSession(found);
    if (verdict.kind === 'impersonator-lost') {
      await this.endImpersonation(found.session, verdict.user, verdict.reason, ip);
      return null;
    }
    if (verdict.kind !== 'signed-in' || verdict.user.id !== stream.userId) return null;
    if (stream.clientId !== verdict.user.clientId && !verdict.user.isStaff) return null;
    return found.session.expires_at;
  }

  /**
   * Staff sign in as one of a client's users; the session remembers who to return to. Never a staff account (by
   * permission or by role, admin included), never oneself, never an inactive user or a user of an inactive client.
   * Audited (impersonation.start).
   */
  async loginToUser(staff: Actor, targetId: number, meta: RequestMeta): Promise<SignedIn> {
    const target = await this.users.loadContext(targetId);
    if (!target) throw new HttpError(404, MSG.userNotFound);
    if (isStaffAccount(target) || target.id === staff.user.id) throw new HttpError(403, MSG.staffNotImpersonable);
    if (!target.isActive || !target.clientActive) throw new HttpError(422, MSG.accountInactive);
    await this.audit.record(
      this.db,
      { actor: staff, ip: meta.ip },
      {
        action: 'impersonation.start',
        subjectType: 'user',
        subjectId: target.id,
        clientId: target.clientId,
        after: { user_id: target.id, email: target.email },
      },
    );
    return this.startSession(target.id, meta, staff.user.id);
  }

  /** Ends an impersonation: only from a session the moderator opened. Audited (impersonation.end). */
  async backToModer(actor: Actor, moderId: number, meta: RequestMeta): Promise<SignedIn> {
    if (!meta.session || meta.session.impersonator_id !== moderId) {
      throw new HttpError(403, 'This session was not opened by that moderator.');
    }
    const moder = await this.users.loadContext(moderId);
    if (!moder?.isActive || !moder.isStaff) throw new HttpError(403, MSG.forbidden);
    await this.audit.record(
      this.db,
      { actor, ip: meta.ip },
      {
        action: 'impersonation.end',
        subjectType: 'user',
        subjectId: actor.user.id,
        clientId: actor.user.clientId,
        before: { user_id: actor.user.id, email: actor.user.email },
      },
    );
    return this.startSession(moderId, meta);
  }

  /**
   * Ends an impersonation session whose staff account is gone, switched off or no longer holds what 'Log in as'
   * requires (the session plugin checks it with the session load on every request): the session is deleted and one
   * `impersonation.end` row says why, its actor the impersonated user as on every request of that session. Of
   * several requests finding it at once, the one whose delete removes the row writes the audit row.
   */
  async endImpersonation(
    session: SessionRow,
    user: UserContext,
    reason: ImpersonationEndReason,
    ip: string | null,
  ): Promise<void> {
    const ended = await this.db.transaction().execute(async (trx) => {
      if (!(await new SessionsRepository(trx).delete(session.id))) return false;
      await this.audit.record(
        trx,
        { actor: { user, clientId: user.clientId, impersonatorId: session.impersonator_id }, ip },
        {
          action: 'impersonation.end',
          subjectType: 'user',
          subjectId: user.id,
          clientId: user.clientId,
          before: { user_id: user.id, email: user.email, impersonator_id: session.impersonator_id },
          after: { reason },
        },
      );
      return true;
    });
    if (ended) await this.signals.ended([session.id]);
  }

  private async assertEmailFree(email: string): Promise<void> {
    if (await this.users.findByEmail(email)) throw new ValidationError({ email: [MSG.emailTaken] });
  }
}
