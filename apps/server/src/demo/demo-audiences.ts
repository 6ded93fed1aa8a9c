import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The audience every demo recurring drip sends to: a recurring drip needs one (part 1 §5, "audience required"), and
 * the demo's weekly drip is for everyone, so an audience with no filter (every subscriber of its website).
 */
export const DEMO_AUDIENCE = { name: 'All subscribers', query: { filters: [] as unknown[] } } as const;

const isEveryone = (query: unknown): boolean => {
  const q = typeof query === 'string' ? (JSON.parse(query) as unknown) : query;
  return typeof q === 'object' && q !== null && Array.isArray((q as { filters?: unknown }).filters)
    ? (q as { filters: unknown[] }).filters.length === 0
    : false;
};

/** The website's 'All subscribers' audience (no filter), made when it has none. */
export async function demoAudienceOf(db: Kysely<DB>, site: { id: number; client_id: number }): Promise<number> {
  const named = await db
    .selectFrom('segments')
    .select(['id', 'query'])
    .where('domain_id', '=', site.id)
    .where('name', '=', DEMO_AUDIENCE.name)
    .where('type', '=', 'audience')
    .orderBy('id')
    .execute();
  const same = named.find((s) => isEveryone(s.query));
  if (same) return same.id;
  const row = await db
    .insertInto('segments')
    .values({
      domain_id: site.id,
      client_id: site.client_id,
      name: DEMO_AUDIENCE.name,
      type: 'audience',
      query: JSON.stringify(DEMO_AUDIENCE.query),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A database seeded before the demo's recurring drips had an audience: every live recurring drip of a demo website
 * (one with demo subscribers) whose first schedule sends to no audience gets the website's 'All subscribers'. It sent
 * to every subscriber before and still does; now it is a valid recurring drip that the copy tools can copy. Returns
 * how many drips were given the audience (0 on every later start).
 */
export async function giveDemoDripsAudiences(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const bare = await trx
      .selectFrom('drips as d')
      .innerJoin('schedules as s', 's.drip_id', 'd.id')
      .innerJoin('domains as w', 'w.id', 'd.domain_id')
      .select(['d.id as drip_id', 's.id as schedule_id', 'w.id as domain_id', 'w.client_id'])
      .where('d.type', '=', 'recurring')
      .where('d.deleted_at', 'is', null)
      .where('w.deleted_at', 'is', null)
      .where('s.id', '=', (eb) =>
        eb
          .selectFrom('schedules as f')
          .select((e) => e.fn.min('f.id').as('first'))
          .whereRef('f.drip_id', '=', 'd.id'),
      )
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('schedule_audiences as sa').select('sa.segment_id').whereRef('sa.schedule_id', '=', 's.id'),
          ),
        ),
      )
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('subscribers as sub')
            .select('sub.id')
            .whereRef('sub.domain_id', '=', 'w.id')
            .where('sub.is_demo', '=', 1),
        ),
      )
      .orderBy('d.id')
      .execute();
    const audiences = new Map<number, number>();
    for (const b of bare) {
      let audience = audiences.get(b.domain_id);
      if (audience === undefined) {
        audience = await demoAudienceOf(trx, { id: b.domain_id, client_id: b.client_id });
        audiences.set(b.domain_id, audience);
      }
      await trx.insertInto('schedule_audiences').values({ schedule_id: b.schedule_id, segment_id: audience }).execute();
    }
    return bare.length;
  });
}
