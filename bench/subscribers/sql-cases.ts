/** Deep pages at the SQL level: Pushdeck's numbered page vs a plain OFFSET page vs a keyset read, same rows. */
import { type AudienceQuery, audienceQuerySchema } from '@pushdeck/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import type { Actor } from '../../apps/server/src/lib/actor.ts';
import { audienceSql } from '../../apps/server/src/modules/segments/segment-audience.ts';
import type { SubscriberSet } from '../../apps/server/src/modules/subscribers/subscriber-set.ts';
import { SubscribersRepository } from '../../apps/server/src/modules/subscribers/subscribers.repository.ts';
import { median, type Timing } from './measure.ts';

const PAGE = 10;

export interface DeepPage {
  plain: Timing;
  pushdeck: Timing;
  keyset: Timing;
}

/** The last page of `query` on the website, three ways; checks that all three return the same ids. */
export async function deepPage(
  db: Kysely<DB>,
  site: { id: number; client_id: number; website_id: string },
  name: string,
  query: AudienceQuery | { filters: unknown[] },
  runs: number,
): Promise<DeepPage> {
  const audience = audienceSql(audienceQuerySchema.parse(query));
  const actor = { user: { isStaff: false }, clientId: site.client_id, impersonatorId: null } as unknown as Actor;
  const set: SubscriberSet = { actor, domainId: site.id, websiteId: site.website_id, active: 1, audience };
  const repo = new SubscribersRepository(db);
  const { total } = await repo.count(set);
  const offset = Math.max(0, (Math.ceil(total / PAGE) - 1) * PAGE);
  const plainQuery = () =>
    db
      .selectFrom('subscribers')
      .selectAll()
      .where('domain_id', '=', site.id)
      .where(sql<SqlBool>`is_active = 1`)
      .where(audience)
      .orderBy('id', 'desc')
      .limit(PAGE)
      .offset(offset)
      .execute();
  const want = (await plainQuery()).map((r) => r.id);
  const boundary = await db
    .selectFrom('subscribers')
    .select('id')
    .where('domain_id', '=', site.id)
    .where(sql<SqlBool>`is_active = 1`)
    .where(audience)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(Math.max(0, offset - 1))
    .executeTakeFirst();
  const keysetFrom = offset === 0 ? null : (boundary?.id ?? null);
  const same = (ids: number[], how: string) => {
    if (ids.join() !== want.join()) throw new Error(`${name}: ${how} returned other rows`);
  };
  same(
    (await repo.page(set, { offset, limit: PAGE, dir: 'desc' })).map((r) => r.id),
    'Pushdeck page',
  );
  same(
    (await repo.before(set, keysetFrom, PAGE)).map((r) => r.id),
    'keyset',
  );
  const label = `${name}: last page (offset ${offset.toLocaleString('en')})`;
  return {
    plain: { label, ms: await median(runs, plainQuery) },
    pushdeck: { label, ms: await median(runs, () => repo.page(set, { offset, limit: PAGE, dir: 'desc' })) },
    keyset: { label, ms: await median(runs, () => repo.before(set, keysetFrom, PAGE)) },
  };
}
