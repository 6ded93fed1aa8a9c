import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.ts';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addManySubscribers, type Website, websiteOf } from '../segments/segment-test-fixtures.ts';
import type { SubscriberSet } from './subscriber-set.ts';
import { SubscribersRepository } from './subscribers.repository.ts';

describe.each(testBackends())('subscriber counts on $name', (backend) => {
  let t: TestApp;
  let shop: Website;
  let set: SubscriberSet;
  beforeAll(async () => {
    t = await createTestApp(backend);
    shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    await addManySubscribers(t.handle.db, shop, 3000);
    await sql`analyze subscribers`.execute(t.handle.db);
    const actor = { user: { isStaff: false }, clientId: shop.client_id, impersonatorId: null } as unknown as Actor;
    set = { actor, domainId: shop.id, websiteId: shop.website_id, active: 1 };
  });
  afterAll(() => t?.close());

  it('counts exactly within the budget', async () => {
    const repo = new SubscribersRepository(t.handle.db);
    expect(await repo.count(set)).toEqual({ total: 3000, estimate: false });
    const chrome = { ...set, audience: sql<SqlBool>`browser = 'Chrome'` };
    expect(await repo.count(chrome)).toEqual({ total: 1500, estimate: false });
    expect(await repo.count({ ...set, active: 0 })).toEqual({ total: 0, estimate: false });
  });
});
