import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addAudience, demoSites, type Site, welcomeItem } from '../drips/drip-test-kit.ts';
import { CopyRepository } from './copy.repository.ts';
import { makeDrips } from './copy-tools-kit.ts';

/**
 * The lists Copy Tools' steps 4.1 and 4.2 read (part 2 §7 "Recurring drips for copy", "Welcome drips for copy"):
 * recurring drips filtered by send time and audiences through whereRelation, and welcome drips one per group.
 */
describe.each(testBackends())('Drips for copy on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let acme: TestClient;
  let english: number;
  let deals: number;
  let morning: number[];
  let evening: number[];
  let mixed: number[];

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop } = await demoSites(t));
    acme = await signedIn(t, DEMO.client);
    english = await addAudience(t.handle.db, shop, 'English', ['en-US']);
    deals = await addAudience(t.handle.db, shop, 'Deals', ['de-DE']);
    const at = (time: string) => ({
      schedule: {
        type: 'recurring',
        frequency: 'daily',
        time,
        timezone: 'UTC',
        date_start: '2026-01-01',
        date_end: '2099-12-31',
        days_of_week: 'monday',
      },
    });
    morning = await makeDrips(acme, shop, [english], ['Morning A', 'Morning B'], at('09:00'));
    evening = await makeDrips(acme, shop, [deals], ['Evening'], at('18:30:00'));
    mixed = await makeDrips(acme, shop, [english, deals], ['Mixed'], at('09:00:00'));
  });
  afterAll(() => t?.close());

  const titles = async (query: string) => {
    const res = await acme.get(`/api/v1/drips/recurring/get?where[domain_id]=${shop.id}&order_by=id:asc&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((d: { title: string }) => d.title);
  };

  it('filters recurring drips by send time (09:00 and 09:00:00 are one time) and by audiences', async () => {
    expect(await titles('whereRelation[schedules][time]=09:00:00')).toEqual(['Morning A', 'Morning B', 'Mixed']);
    expect(await titles('whereRelation[schedules][time]=09:00')).toEqual(['Morning A', 'Morning B', 'Mixed']);
    expect(await titles('whereRelation[schedules][time]=18:30')).toEqual(['Evening']);
    expect(await titles(`whereRelation[schedules.audiences][id][]=${deals}`)).toEqual(['Evening', 'Mixed']);
    expect(
      await titles(
        `whereRelation[schedules.audiences][id][]=${deals}&whereRelation[schedules.audiences][id][]=${english}`,
      ),
    ).toEqual(['Morning A', 'Morning B', 'Evening', 'Mixed']);
    expect(
      await titles(`whereRelation[schedules.audiences][id][]=${deals}&whereRelation[schedules][time]=09:00`),
    ).toEqual(['Mixed']);
    expect(
      await titles(
        `whereRelation[schedules][type]=recurring&whereRelation[schedules][time]=07:00&where[is_active]=1&limit=500&offset=0`,
      ),
    ).toEqual([]);
    expect([...morning, ...evening, ...mixed]).toHaveLength(4);
  });

  it('lists welcome drips one per group with group_by=group_id, and a whole group by domain and group id', async () => {
    const made = await acme.post('/api/v1/drips/welcome/createOrUpdate', [
      welcomeItem(shop.id, { title: 'Hello 1' }),
      welcomeItem(shop.id, { title: 'Hello 2' }),
      welcomeItem(shop.id, { title: 'Hello 3' }),
      welcomeItem(shop.id, { title: 'Alone' }),
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const [h1, h2, h3] = made.json().data.map((d: { id: number }) => d.id);
    // a welcome chain (its drips share a group)
    const groupId = await new CopyRepository(t.handle.db).insertGroup(shop, 'Onboarding', 1);
    await t.handle.db.updateTable('drips').set({ group_id: groupId }).where('id', 'in', [h1, h2, h3]).execute();

    const grouped = await acme.get(
      `/api/v1/drips/welcome/get?where[domain_id]=${shop.id}&group_by=group_id&with[schedules.audiences]=*&order_by=id:asc`,
    );
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect(grouped.json().data.map((d: { title: string; group_id: number | null }) => [d.title, d.group_id])).toEqual([
      ['Hello 1', groupId],
      ['Alone', null],
    ]);
    const whole = await acme.get(
      `/api/v1/drips/welcome/get?where[domain_id]=${shop.id}&where[group_id]=${groupId}&with[schedules.audiences]=*&order_by=id:asc`,
    );
    expect(whole.json().data.map((d: { title: string }) => d.title)).toEqual(['Hello 1', 'Hello 2', 'Hello 3']);
    const unknown = await acme.get(`/api/v1/drips/welcome/get?group_by=title`);
    expect(unknown.statusCode).toBe(422);
  });
});
