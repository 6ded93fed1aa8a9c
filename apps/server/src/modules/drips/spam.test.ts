import { DRIP_MSG, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addAudience, del, demoSites, fieldErrors, recurringItem, type Site } from './drip-test-kit.ts';

const URL = '/api/v1/schedules/createOrUpdateSpam';

describe.each(testBackends())('spam schedules on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let news: Site;
  let audience: number;
  let drips: number[];
  let blogDrip: number;
  let acme: TestClient;
  beforeAll(async () => {
    // the last test ticks the scheduler, which enqueues fan-out jobs: run the queues (no subscribers, nothing pushed)
    t = await createTestApp(backend, { work: true });
    ({ shop, blog, news } = await demoSites(t));
    audience = await addAudience(t.handle.db, shop, 'English');
    const blogAudience = await addAudience(t.handle.db, blog, 'Blog');
    acme = await signedIn(t, DEMO.user);
    const items = [1, 2].map((i) => recurringItem(shop.id, [audience], { title: `Spam ${i}` }));
    drips = (await acme.post('/api/v1/drips/recurring/createOrUpdate', items))
      .json()
      .data.map((d: { id: number }) => d.id);
    blogDrip = (
      await acme.post('/api/v1/drips/recurring/createOrUpdate', [recurringItem(blog.id, [blogAudience])])
    ).json().data[0].id;
  });
  afterAll(() => t?.close());

  const spam = (overrides: Record<string, unknown> = {}) => ({
    domain_id: shop.id,
    type: 'spam-recurring',
    name: 'Every 20 minutes',
    frequency: 'minutely',
    drips,
    audiences: [audience],
    time: '00:20:00',
    date_start: '2026-01-01 08:00:00',
    date_end: '2099-12-31 22:00:00',
    days_of_week: 'monday tuesday wednesday thursday friday',
    timezone: 'Europe/Berlin',
    ...overrides,
  });

  it('creates a spam schedule with its drips in order and audiences, planned at once (201), then updates it (200)', async () => {
    const res = await acme.post(URL, spam());
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    expect(s).toMatchObject({ type: 'spam-recurring', frequency: 'minutely', time: '00:20:00', drip_id: null });
    expect(s.drips.map((d: { id: number }) => d.id)).toEqual(drips);
    expect(s.audiences.map((a: { id: number }) => a.id)).toEqual([audience]);
    const next = new Date(s.next_disp_date);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThan(4 * 86_400_000);
    const updated = await acme.post(
      URL,
      spam({ id: s.id, name: 'Hourly', frequency: 'hourly', time: '01:00:00', drips: [drips[1]] }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: s.id, name: 'Hourly', frequency: 'hourly' });
    expect(updated.json().data.drips.map((d: { id: number }) => d.id)).toEqual([drips[1]]);
  });

  it('validates every field with the spec texts', async () => {
    expect(fieldErrors(await acme.post(URL, {}))).toMatchObject({
      domain_id: [MSG.fillRequired],
      name: [MSG.required],
      frequency: [MSG.required],
      drips: [MSG.required],
      audiences: [MSG.required],
      time: [MSG.required],
      date_start: [MSG.required],
      date_end: [MSG.required],
      days_of_week: [MSG.required],
      timezone: [DRIP_MSG.mandatory],
    });
    expect(fieldErrors(await acme.post(URL, spam({ date_end: '2025-01-01 00:00:00' })))).toEqual({
      date_end: [DRIP_MSG.scheduleDates],
    });
    expect(fieldErrors(await acme.post(URL, spam({ timezone: 'Atlantis/Deep' })))).toEqual({
      timezone: ['Unknown time zone "Atlantis/Deep".'],
    });
    expect(fieldErrors(await acme.post(URL, spam({ frequency: 'fortnightly' })))).toHaveProperty('frequency');
    expect(fieldErrors(await acme.post(URL, spam({ time: '20 min' })))).toEqual({ time: [DRIP_MSG.time] });
    expect(fieldErrors(await acme.post(URL, spam({ drips: [blogDrip] })))).toEqual({ drips: [DRIP_MSG.drips] });
    expect(fieldErrors(await acme.post(URL, spam({ days_of_week: 'funday' })))).toEqual({
      days_of_week: [DRIP_MSG.day],
    });
  });

  it('lists schedules by active, type and website, paged, and deletes them', async () => {
    const a = (await acme.post(URL, spam({ name: 'A' }))).json().data;
    await acme.post(URL, spam({ name: 'B', is_active: 0 }));
    const q = `active=1&type=spam-recurring&domain=${shop.id}&paginate=true&pageLength=2&page=1`;
    const page = await acme.get(`/api/v1/schedules/get?${q}`);
    expect(page.statusCode).toBe(200);
    const { data, total } = page.json().data;
    expect(total).toBe(2);
    expect(
      data.every((s: { type: string; is_active: number }) => s.type === 'spam-recurring' && s.is_active === 1),
    ).toBe(true);
    expect(data[0].drips.length).toBeGreaterThan(0);
    const list = await acme.get(
      `/api/v1/schedules/get?where[domain_id]=${shop.id}&where[type]=spam-recurring&limit=10`,
    );
    expect(list.json().data.map((s: { name: string }) => s.name)).toContain('B');
    expect((await del(acme, `/api/v1/schedules/${a.id}`)).statusCode).toBe(200);
    expect((await del(acme, `/api/v1/schedules/${a.id}`)).statusCode).toBe(404);
    const dripSchedule = (
      await t.handle.db.selectFrom('schedules').select('id').where('drip_id', '=', drips[0]!).executeTakeFirstOrThrow()
    ).id;
    expect((await del(acme, `/api/v1/schedules/${dripSchedule}`)).statusCode).toBe(404);
  });

  it('keeps other clients out (404) and viewers out of writes (403)', async () => {
    const s = (await acme.post(URL, spam({ name: 'Mine' }))).json().data;
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.post(URL, spam())).statusCode).toBe(404);
    expect((await globex.post(URL, spam({ id: s.id, domain_id: news.id }))).statusCode).toBe(404);
    expect((await del(globex, `/api/v1/schedules/${s.id}`)).statusCode).toBe(404);
    const theirs = await globex.get('/api/v1/schedules/get?type=spam-recurring');
    expect(theirs.json().data).toEqual([]);
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await viewer.post(URL, spam())).statusCode).toBe(403);
    expect((await del(viewer, `/api/v1/schedules/${s.id}`)).statusCode).toBe(403);
  });

  it('fires its drips in turn when due', async () => {
    const s = (await acme.post(URL, spam({ name: 'Turns' }))).json().data;
    const fired: number[] = [];
    for (let i = 0; i < 3; i++) {
      await t.handle.db
        .updateTable('schedules')
        .set({ next_disp_date: new Date(Date.now() - 1000 - i) })
        .where('id', '=', s.id)
        .execute();
      await t.delivery.scheduler.tick();
      const occ = await t.handle.db
        .selectFrom('occurrences')
        .select('drip_id')
        .where('schedule_id', '=', s.id)
        .orderBy('id')
        .execute();
      fired.splice(0, fired.length, ...occ.map((o) => o.drip_id));
    }
    expect(fired).toEqual([drips[0], drips[1], drips[0]]);
  });
});
