import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.ts';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addManySubscribers, type Website, websiteOf } from '../segments/segment-test-fixtures.ts';
import type { SubscriberSet } from './subscriber-set.ts';
import { SubscribersRepository } from './subscribers.repository.ts';

/** Runs only on a PostgreSQL server: the count budget is a statement_timeout, which PGlite cannot interrupt. */
describe('subscriber counts over budget (PostgreSQL)', () => {
  const backend = testBackends().find((b) => b.name === 'postgres')!;
  let t: TestApp;
  let set: SubscriberSet;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const shop: Website = await websiteOf(t.handle.db, 'https://shop.acme.test');
    await addManySubscribers(t.handle.db, shop, 3000);
    await sql`analyze subscribers`.execute(t.handle.db);
    const actor = { user: { isStaff: false }, clientId: shop.client_id, impersonatorId: null } as unknown as Actor;
    set = { actor, domainId: shop.id, websiteId: shop.website_id, active: 1 };
  });
  afterAll(() => t?.close());

  it("answers the planner's estimate, flagged, when the exact count outruns the budget", async () => {
    const repo = new SubscribersRepository(t.handle.db, 50);
    const slow = { ...set, audience: sql<SqlBool>`(select pg_sleep(3)) is not null` };
    const started = Date.now();
    const counted = await repo.count(slow);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(counted.estimate).toBe(true);
    expect(counted.total).toBeGreaterThan(1500);
    expect(counted.total).toBeLessThan(4500);
    // the budget was local to the count's transaction
    expect(await new SubscribersRepository(t.handle.db).count(set)).toEqual({ total: 3000, estimate: false });
  });
});
