import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import {
  addAudience,
  del,
  demoSites,
  fieldErrors,
  multipart,
  recurringItem,
  type Site,
  scheduleOf,
  welcomeItem,
} from './drip-test-kit.ts';

describe.each(testBackends())('deleting, switching and rescheduling drips on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let news: Site;
  let audience: number;
  let acme: TestClient;
  beforeAll(async () => {
    // the scheduler's tick enqueues fan-out jobs: run the queues (no subscribers here, so nothing is pushed)
    t = await createTestApp(backend, { work: true });
    ({ shop, news } = await demoSites(t));
    audience = await addAudience(t.handle.db, shop, 'English');
    acme = await signedIn(t, DEMO.client);
  });
  afterAll(() => t?.close());

  const db = () => t.handle.db;
  const create = async (n: number, overrides: Record<string, unknown> = {}) => {
    const items = Array.from({ length: n }, (_, i) =>
      recurringItem(shop.id, [audience], { title: `D${i}`, ...overrides }),
    );
    const res = await acme.post('/api/v1/drips/recurring/createOrUpdate', items);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data.map((d: { id: number }) => d.id) as number[];
  };
  const makeDue = (dripId: number) =>
    db()
      .updateTable('schedules')
      .set({ next_disp_date: new Date(Date.now() - 1000) })
      .where('drip_id', '=', dripId)
      .execute();
  const occurrences = async (dripId: number) =>
    (await db().selectFrom('occurrences').select('id').where('drip_id', '=', dripId).execute()).length;
  const newGroup = async (dripIds: number[]) =>
    (await acme.post('/api/v1/abstract/groups', { domain_id: shop.id, drip_ids: dripIds })).json().data.id as number;

  it('soft-deletes a drip: gone from lists, its schedule stops, and the scheduler sends nothing for it', async () => {
    const [kept, gone] = await create(2);
    const res = await del(acme, `/api/v1/drips/${gone}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deleted_at).not.toBeNull();
    const row = await db().selectFrom('drips').select('deleted_at').where('id', '=', gone!).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await scheduleOf(db(), gone!)).toMatchObject({ is_active: 0, next_disp_date: null });
    const listed = (await acme.get(`/api/v1/drips/recurring/get?where[id]=${gone}`)).json().data;
    expect(listed).toEqual([]);
    await makeDue(kept!);
    await makeDue(gone!);
    await t.delivery.scheduler.tick();
    expect(await occurrences(kept!)).toBe(1);
    expect(await occurrences(gone!)).toBe(0);
    expect((await del(acme, `/api/v1/drips/${gone}`)).statusCode).toBe(404);
  });

  it("answers 404 for another client's drip and 403 to a viewer", async () => {
    const [id] = await create(1);
    const globex = await signedIn(t, DEMO.globex);
    expect((await del(globex, `/api/v1/drips/${id}`)).statusCode).toBe(404);
    expect((await del(globex, `/api/v1/drips/recurring/delete/null/${id}`)).statusCode).toBe(404);
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await del(viewer, `/api/v1/drips/${id}`)).statusCode).toBe(403);
    expect((await viewer.post(`/api/v1/drips/recurring/updateStatus/${shop.id}/null/0`)).statusCode).toBe(403);
    expect(
      (await db().selectFrom('drips').select('deleted_at').where('id', '=', id!).executeTakeFirstOrThrow()).deleted_at,
    ).toBeNull();
  });

  it('deletes by group and id, and every drip of a group (drips_count follows)', async () => {
    const [a, b, c, loose] = await create(4);
    const group = await newGroup([a!, b!, c!]);
    expect((await del(acme, `/api/v1/drips/recurring/delete/null/${a}`)).statusCode).toBe(404);
    expect((await del(acme, `/api/v1/drips/recurring/delete/${group}/${a}`)).statusCode).toBe(200);
    expect((await del(acme, `/api/v1/drips/recurring/delete/null/${loose}`)).statusCode).toBe(200);
    const count = () =>
      db().selectFrom('drip_groups').select('drips_count').where('id', '=', group).executeTakeFirstOrThrow();
    expect((await count()).drips_count).toBe(2);
    const all = await del(acme, `/api/v1/drips/recurring/delete/${group}`);
    expect(all.json().data.ids.sort()).toEqual([b, c].sort());
    expect((await count()).drips_count).toBe(0);
    expect((await del(acme, '/api/v1/drips/recurring/delete/null')).statusCode).toBe(404);
  });

  it('bulk-deletes the ids of one website from a multipart form, leaving out foreign ids', async () => {
    const mine = await create(3);
    const globex = await signedIn(t, DEMO.globex);
    const newsAudience = await addAudience(db(), news, 'News');
    const theirs = (
      await globex.post('/api/v1/drips/recurring/createOrUpdate', [recurringItem(news.id, [newsAudience])])
    ).json().data[0].id;
    const form = multipart({ domain_id: String(shop.id), ids: [mine[0], mine[1], theirs].join(',') });
    const res = await acme.request('POST', '/api/v1/drips/deleteArray', form);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ids.sort()).toEqual([mine[0], mine[1]].sort());
    const alive = await db()
      .selectFrom('drips')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('id', 'in', [...mine, theirs])
      .execute();
    expect(alive.map((r) => r.id).sort()).toEqual([mine[2], theirs].sort());
    const foreign = multipart({ domain_id: String(news.id), ids: String(theirs) });
    expect((await acme.request('POST', '/api/v1/drips/deleteArray', foreign)).statusCode).toBe(404);
    expect(fieldErrors(await acme.post('/api/v1/drips/deleteArray', { domain_id: shop.id, ids: '' }))).toHaveProperty(
      'ids',
    );
  });

  it('switches a group off and on; switching on plans the next firing after now', async () => {
    const [a, b] = await create(2);
    const group = await newGroup([a!, b!]);
    const off = await acme.post(`/api/v1/drips/recurring/updateStatus/${shop.id}/${group}/0`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.map((d: { is_active: number }) => d.is_active)).toEqual([0, 0]);
    expect((await scheduleOf(db(), a!)).is_active).toBe(0);
    const g = () =>
      db().selectFrom('drip_groups').select('is_active').where('id', '=', group).executeTakeFirstOrThrow();
    expect((await g()).is_active).toBe(0);
    await makeDue(a!);
    expect((await acme.post(`/api/v1/drips/recurring/updateStatus/${shop.id}/${group}/1`)).statusCode).toBe(200);
    const s = await scheduleOf(db(), a!);
    expect(s.is_active).toBe(1);
    expect(s.next_disp_date!.getTime()).toBeGreaterThan(Date.now());
    expect((await g()).is_active).toBe(1);
    expect((await acme.post(`/api/v1/drips/recurring/updateStatus/${shop.id}/${group}/2`)).statusCode).toBe(422);
    expect((await acme.post(`/api/v1/drips/recurring/updateStatus/${news.id}/null/0`)).statusCode).toBe(404);
  });

  it("switches a website's welcome drips with the welcome updateStatus", async () => {
    const res = await acme.post('/api/v1/drips/welcome/createOrUpdate', [welcomeItem(shop.id)]);
    const id = res.json().data[0].id;
    expect((await acme.post(`/api/v1/drips/welcome/updateStatus/${shop.id}/null/0`)).statusCode).toBe(200);
    const row = await db().selectFrom('drips').select('is_active').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
    expect((await scheduleOf(db(), id)).is_active).toBe(0);
  });

  it('changes the schedule of every drip of a group and plans them again', async () => {
    const [a, b] = await create(2);
    const group = await newGroup([a!, b!]);
    const url = `/api/v1/drips/recurring/updateScheduleByGroup/${shop.id}/${group}`;
    const res = await acme.post(url, { time: '18:15', timezone: 'America/New_York' });
    expect(res.statusCode).toBe(200);
    const ny = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' });
    for (const id of [a!, b!]) {
      const s = await scheduleOf(db(), id);
      expect(s).toMatchObject({ time: '18:15', timezone: 'America/New_York', frequency: 'daily' });
      expect(ny.format(s.next_disp_date!)).toBe('18:15');
    }
    expect(fieldErrors(await acme.post(url, { timezone: 'Nowhere/Land' }))).toEqual({
      timezone: ['Unknown time zone "Nowhere/Land".'],
    });
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.post(url, { time: '10:00' })).statusCode).toBe(404);
  });
});
