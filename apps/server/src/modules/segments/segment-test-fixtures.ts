/** Test support for the audience HTTP tests: websites of the demo clients, subscribers inserted directly. */
import { randomBytes } from 'node:crypto';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, SubscribersTable } from '../../db/schema.ts';
import type { TestClient } from '../../test/harness.ts';

export interface Website {
  id: number;
  client_id: number;
  website_id: string;
}

export const websiteOf = (db: Kysely<DB>, url: string): Promise<Website> =>
  db.selectFrom('domains').select(['id', 'client_id', 'website_id']).where('url', '=', url).executeTakeFirstOrThrow();

const b64 = (n: number) => randomBytes(n).toString('base64url');

export type SubscriberFields = Omit<
  Insertable<SubscribersTable>,
  'domain_id' | 'client_id' | 'endpoint' | 'p256dh' | 'auth'
>;

/** Inserts subscribers of a website; returns their ids in insertion order. */
export async function addSubscribers(db: Kysely<DB>, site: Website, rows: SubscriberFields[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('subscribers')
    .values(
      rows.map((r) => ({
        domain_id: site.id,
        client_id: site.client_id,
        endpoint: `https://fcm.googleapis.com/fcm/send/${b64(24)}`,
        p256dh: b64(65),
        auth: b64(16),
        ...r,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => r.id).sort((a, b) => a - b);
}

/** `n` active subscribers in one statement (generate_series), browser alternating Chrome / Firefox. */
export async function addManySubscribers(db: Kysely<DB>, site: Website, n: number): Promise<void> {
  await sql`
    insert into subscribers (domain_id, client_id, endpoint, p256dh, auth, browser, device, last_drip_number)
    select ${site.id}, ${site.client_id}, 'https://fcm.googleapis.com/fcm/send/bulk-' || g, 'p256dh', 'auth',
           case when g % 2 = 0 then 'Chrome' else 'Firefox' end, 'desktop', g % 7
    from generate_series(1, ${n}::int) as g`.execute(db);
}

/** Creates a segment through the API; returns its id. */
export async function createSegment(
  c: TestClient,
  body: { name: string; domain_id: number; query: QueryInput; type?: 'audience' | 'segment' },
): Promise<number> {
  const res = await c.post('/api/v1/segments', body);
  if (res.statusCode !== 201) throw new Error(`create segment failed ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

/** A query as a client sends it (defaults left out); `audienceQuerySchema.parse` gives the typed form. */
export type QueryInput = { filters: object[] };
export const q = (...filters: object[]): QueryInput => ({ filters });
