import { type Kysely, sql } from 'kysely';
import type { DB, SessionRow } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { CONTEXT_COLUMNS, type ContextColumns, type LoadedUser, toUserContext } from './users.repository.ts';

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
   * The live session of a token with its user's context, in one statement (every /api request makes it); `user` is
   * undefined for a session without a user or whose user is gone.
   */
  async findLiveWithUser(token: string): Promise<{ session: SessionRow; user: LoadedUser | undefined } | undefined> {
    const { rows } = await sql<SessionRow & ContextColumns>`select s.*, ${CONTEXT_COLUMNS} from sessions s
      left join users u on u.id = s.user_id left join clients c on c.id = u.client_id
      where s.id = ${sha256(token)} and s.expires_at > ${new Date()}`.execute(this.db);
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
    return { session, user: toUserContext(row) };
  }

  async touch(id: string, ttlMinutes: number): Promise<void> {
    const now = new Date();
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: new Date(now.getTime() + ttlMinutes * 60_000) })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async deleteOthersOfUser(userId: number, keepId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
  }

  /** Ends every session of a user (deactivated or deleted), impersonation sessions opened on them included. */
  async deleteOfUser(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  /** Ends every session of a client's users (the client was deactivated). */
  async deleteOfClient(clientId: number): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.client_id', '=', clientId))
      .execute();
  }

  async deleteExpired(): Promise<number> {
    const r = await this.db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
