import { type Kysely, sql } from 'kysely';
import type { DB, SessionRow } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import {
  CONTEXT_COLUMNS,
  type ContextColumns,
  contextColumns,
  type LoadedUser,
  toUserContext,
  toUserContextOf,
} from './users.repository.ts';

const IMPERSONATOR_COLUMNS = contextColumns('i', 'ic', 'imp');

/** A live session with its user's context and, for an impersonation session, its impersonator's. */
export interface LiveSession {
  session: SessionRow;
  /** undefined for a session without a user or whose user is gone */
  user: LoadedUser | undefined;
  /** the staff account behind an impersonation session; undefined otherwise, or when it is gone */
  impersonator: LoadedUser | undefined;
}

/** An impersonation session that was ended: its id and the user it signed in as. */
export interface EndedImpersonation {
  id: string;
  user_id: number;
  email: string | null;
  client_id: number | null;
}

export interface NewSession {
  userId: number | null;
  impersonatorId?: number | null;
  ip: string | null;
  userAgent: string | null;
  ttlMinutes: number;
}

/** Session ids are stored hashed: a copy of the table does not let anyone sign in. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async create(s: NewSession): Promise<{ token: string; row: SessionRow }> {
    const token = randomToken(32);
    const row = await this.db
      .insertInto('sessions')
      .values({
        id: sha256(token),
        user_id: s.userId,
        impersonator_id: s.impersonatorId ?? null,
        csrf_token: randomToken(32),
        ip: s.ip,
        user_agent: s.userAgent?.slice(0, 500) ?? null,
        expires_at: new Date(Date.now() + s.ttlMinutes * 60_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { token, row };
  }

  findLive(token: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sha256(token))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  /**
   * The live session of a token with its user's context and, for an impersonation session, the impersonator's, in
   * one statement (every /api request makes it, and every live events stream to check that it may go on).
   */
  findLiveWithUser(token: string): Promise<LiveSession | undefined> {
    return this.findLiveById(sha256(token));
  }

  /** findLiveWithUser by the stored (hashed) session id. */
  async findLiveById(id: string): Promise<LiveSession | undefined> {
    const { rows } = await sql<SessionRow & ContextColumns & Record<string, unknown>>`select s.*, ${CONTEXT_COLUMNS},
      ${IMPERSONATOR_COLUMNS} from sessions s
      left join users u on u.id = s.user_id left join clients c on c.id = u.client_id
      left join users i on i.id = s.impersonator_id left join clients ic on ic.id = i.client_id
      where s.id = ${id} and s.expires_at > ${new Date()}`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const session: SessionRow = {
      id: row.id,
      user_id: row.user_id,
      impersonator_id: row.impersonator_id,
      csrf_token: row.csrf_token,
      ip: row.ip,
      user_agent: row.user_agent,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      expires_at: row.expires_at,
    };
    return { session, user: toUserContext(row), impersonator: toUserContextOf(row, 'imp') };
  }

  async touch(id: string, ttlMinutes: number): Promise<void> {
    const now = new Date();
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: new Date(now.getTime() + ttlMinutes * 60_000) })
      .where('id', '=', id)
      .execute();
  }

  /** Whether the session was there to delete (of two requests ending it at once, one finds it). */
  async delete(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Ends every impersonation session a staff member opened; what was ended, with the user each signed in as. */
  async deleteImpersonationsBy(staffId: number): Promise<EndedImpersonation[]> {
    const { rows } = await sql<EndedImpersonation>`with gone as (
        delete from sessions where impersonator_id = ${staffId} and user_id is not null returning id, user_id)
      select gone.id, gone.user_id, u.email, u.client_id from gone left join users u on u.id = gone.user_id
      order by gone.user_id, gone.id`.execute(this.db);
    return rows;
  }

  /** Ends the user's sessions but one; the ids of those ended. */
  async deleteOthersOfUser(userId: number, keepId: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Ends every session of a user (deactivated or deleted), impersonation sessions opened on them included; the ids
   * of those ended.
   */
  async deleteOfUser(userId: number): Promise<string[]> {
    const rows = await this.db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** Ends every session of a client's users (the client was deactivated); the ids of those ended. */
  async deleteOfClient(clientId: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('sessions')
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.client_id', '=', clientId))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async deleteExpired(): Promise<number> {
    const r = await this.db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
