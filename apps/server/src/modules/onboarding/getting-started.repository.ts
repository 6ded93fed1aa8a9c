import { GETTING_STARTED_STEPS, type GettingStarted } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The getting-started checklist of one client, from stored data in one query (docs/api.md). */
export class GettingStartedRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async ofClient(clientId: number): Promise<GettingStarted> {
    const live = sql`select d.id from domains d where d.client_id = ${clientId} and d.deleted_at is null`;
    const { rows } = await sql<{
      domain_id: number | null;
      downloaded: boolean;
      subscriber: boolean;
      welcome: boolean;
    }>`select
        (select min(d.id) from domains d where d.client_id = ${clientId} and d.deleted_at is null) as domain_id,
        exists (select 1 from integration_downloads i where i.client_id = ${clientId} and i.domain_id in (${live}))
          as downloaded,
        exists (select 1 from subscribers s where s.client_id = ${clientId} and s.domain_id in (${live})) as subscriber,
        exists (select 1 from drips w where w.client_id = ${clientId} and w.type = 'welcome' and w.is_active = 1
          and w.deleted_at is null and w.domain_id in (${live})) as welcome`.execute(this.db);
    const r = rows[0]!;
    const done: Record<(typeof GETTING_STARTED_STEPS)[number], boolean> = {
      website: r.domain_id !== null,
      script: r.downloaded || r.subscriber,
      subscriber: r.subscriber,
      welcome: r.welcome,
    };
    const steps = GETTING_STARTED_STEPS.map((key) => ({ key, done: done[key] }));
    return { steps, done: steps.every((s) => s.done), domain_id: r.domain_id === null ? null : Number(r.domain_id) };
  }
}
