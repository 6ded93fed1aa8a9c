import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The process's own checks on its database: readiness and the queue's smoke job. */
export class SystemRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Resolves when the database answers and is migrated; rejects otherwise. */
  async ready(): Promise<void> {
    await sql`select 1 from schema_migrations limit 1`.execute(this.db);
  }

  /** The smoke job's proof that it ran: the token it was sent. */
  async recordPing(token: string): Promise<void> {
    await this.db.insertInto('job_pings').values({ token }).execute();
  }
}
