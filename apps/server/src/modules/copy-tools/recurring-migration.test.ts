import { COPY_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addAudience, clientUidOf, demoSites, type Site } from '../drips/drip-test-kit.ts';
import { audiencesOfDrip, grant, liveDrips, makeDrips, segmentsOf } from './copy-tools-kit.ts';

const URL = '/api/v1/tools/recurring-migration';

describe.each(testBackends())('Recurring Migration on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let news: Site;
  let acme: TestClient;
  let drips: number[];
  let english: number;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop, blog, news } = await demoSites(t));
    await grant(t, DEMO.client, ['menu.tools.recurring_migration']);
    acme = await signedIn(t, DEMO.client);
    english = await addAudience(t.handle.db, shop, 'English', ['en-US']);
    drips = await makeDrips(acme, shop, [english], ['First', 'Second', 'Third']);
  });
  afterAll(() => t?.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    source_domain_id: shop.id,
    target_domain_id: blog.id,
    drip_ids: [drips[2], drips[0]],
    name: 'Weekend burst',
    time: '00:30:00',
    date_start: '2026-01-01 00:00:00',
    date_end: '2099-12-31 23:59:59',
    days_of_week: ['saturday', 'sunday'],
    frequency: 'hourly',
    timezone: 'Europe/Kyiv',
    ...overrides,
  });

  it('copies the drips to the target and makes one spam schedule there that sends them in turn', async () => {
    const res = await acme.post(URL, body());
    expect(res.statusCode, res.body).toBe(200);
    const { schedule, drips: copies, audiences_created } = res.json().data;
    expect(audiences_created).toBe(1);
    const onBlog = await liveDrips(t, blog.id);
    expect(onBlog.map((d) => d.id)).toEqual(copies);
    expect(onBlog.map((d) => d.title)).toEqual(['Third', 'First']);
    const blogEnglish = (await segmentsOf(t, blog.id)).find((s) => s.name === 'English')!;
    expect(blogEnglish.client_id).toBe(blog.client_id);
    for (const id of copies) expect(await audiencesOfDrip(t, id)).toEqual([blogEnglish.id]);
    // the copies' own schedules are off: the spam schedule sends them
    const own = await t.handle.db.selectFrom('schedules').select('is_active').where('drip_id', 'in', copies).execute();
    expect(own.map((s) => s.is_active)).toEqual([0, 0]);

    const stored = await t.handle.db
      .selectFrom('schedules')
      .selectAll()
      .where('id', '=', schedule.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      type: 'spam-recurring',
      domain_id: blog.id,
      drip_id: null,
      name: 'Weekend burst',
      frequency: 'hourly',
      time: '00:30:00',
      days_of_week: 'saturday sunday',
      timezone: 'Europe/Kyiv',
      is_active: 1,
    });
    expect(stored.next_disp_date).not.toBeNull();
    const order = await t.handle.db
      .selectFrom('schedule_drips')
      .select('drip_id')
      .where('schedule_id', '=', schedule.id)
      .orderBy('position')
      .execute();
    expect(order.map((r) => r.drip_id)).toEqual(copies);
    const listed = await acme.get(`/api/v1/schedules/get?type=spam-recurring&domain_id=${blog.id}`);
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('Weekend burst');
    // the source is untouched
    expect((await liveDrips(t, shop.id)).map((d) => d.id)).toEqual(drips);
  });

  it("answers the dialog's texts for missing fields and empty drips, and writes nothing", async () => {
    const before = (await liveDrips(t, blog.id)).length;
    const missing = await acme.post(URL, body({ name: '', time: undefined, days_of_week: [], frequency: undefined }));
    expect(missing.statusCode).toBe(422);
    const errors = missing.json().errors;
    for (const field of ['name', 'time', 'days_of_week', 'frequency'])
      expect(errors[field]).toEqual([COPY_MSG.requiredField]);
    const empty = await acme.post(URL, body({ drip_ids: [] }));
    expect(empty.json().errors.drip_ids).toEqual([COPY_MSG.emptyDrips]);
    const badDates = await acme.post(URL, body({ date_start: '2099-01-01 00:00:00', date_end: '2026-01-01 00:00:00' }));
    expect(badDates.statusCode).toBe(422);
    expect((await liveDrips(t, blog.id)).length).toBe(before);
  });

  it('refuses a drip without an audience with a 422 naming the drip and the field, and writes nothing', async () => {
    // a drip stored before the rule (or by hand): its schedule sends to no audience
    const legacy = await t.handle.db
      .insertInto('drips')
      .values({
        domain_id: shop.id,
        client_id: shop.client_id,
        type: 'recurring',
        title: 'Old news',
        body: '',
        url: 'https://shop.acme.test/',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.handle.db
      .insertInto('schedules')
      .values({
        domain_id: shop.id,
        client_id: shop.client_id,
        drip_id: legacy.id,
        type: 'recurring',
        time: '09:00',
        timezone: 'UTC',
      })
      .execute();
    const before = (await liveDrips(t, blog.id)).length;
    const res = await acme.post(URL, body({ drip_ids: [drips[0], legacy.id] }));
    expect(res.statusCode).toBe(422);
    const named = `Drip ${legacy.id} “Old news”: audiences — a recurring drip needs at least one audience. Give it one in the recurring editor, then copy again.`;
    expect(COPY_MSG.noAudience({ id: legacy.id, title: 'Old news' })).toBe(named);
    expect(res.json()).toEqual({ message: named, errors: { drip_ids: [named] } });
    expect((await liveDrips(t, blog.id)).length).toBe(before);
    await t.handle.db.updateTable('drips').set({ deleted_at: new Date() }).where('id', '=', legacy.id).execute();
  });

  it("refuses another client's website (404) and users without the permission (403)", async () => {
    const foreign = await acme.post(URL, body({ target_domain_id: news.id }));
    expect(foreign.statusCode).toBe(404);
    expect((await liveDrips(t, news.id)).length).toBe(0);
    const user = await signedIn(t, DEMO.user);
    expect((await user.post(URL, body())).statusCode).toBe(403);
  });
  it("lets a moderator migrate across clients (body's client fields or the client header) and refuses a wrong client's website", async () => {
    const moder = await signedIn(t, DEMO.moder);
    const schedulesOn = async (domainId: number) =>
      (
        await t.handle.db
          .selectFrom('schedules')
          .select(['id', 'client_id', 'name'])
          .where('domain_id', '=', domainId)
          .where('type', '=', 'spam-recurring')
          .execute()
      ).map((s) => [s.name, s.client_id]);

    const byFields = await moder.post(
      URL,
      body({ source_client_id: shop.client_id, target_client_id: news.client_id, target_domain_id: news.id }),
    );
    expect(byFields.statusCode, byFields.body).toBe(200);
    const onNews = await liveDrips(t, news.id);
    expect(onNews.map((d) => [d.title, d.client_id])).toEqual([
      ['Third', news.client_id],
      ['First', news.client_id],
    ]);
    const newsEnglish = (await segmentsOf(t, news.id)).find((s) => s.name === 'English')!;
    expect(newsEnglish.client_id).toBe(news.client_id);
    for (const d of onNews) expect(await audiencesOfDrip(t, d.id)).toEqual([newsEnglish.id]);
    expect(await schedulesOn(news.id)).toEqual([['Weekend burst', news.client_id]]);

    // the target client through the client header (as the console's pickers send it), the source in the body
    const byHeader = await moder.post(
      URL,
      body({ source_client_id: shop.client_id, target_domain_id: news.id, name: 'Header burst' }),
      {
        client: await clientUidOf(t.handle.db, news),
      },
    );
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    expect(await schedulesOn(news.id)).toEqual([
      ['Weekend burst', news.client_id],
      ['Header burst', news.client_id],
    ]);
    // the English audience made by the first migration is reused, not made again
    expect(byHeader.json().data.audiences_created).toBe(0);
    expect((await segmentsOf(t, news.id)).filter((s) => s.name === 'English')).toHaveLength(1);

    // a website of another client than the one named for the target: 404, and nothing written anywhere
    const newsDrips = (await liveDrips(t, news.id)).length;
    const blogDrips = (await liveDrips(t, blog.id)).length;
    const blogSchedules = await schedulesOn(blog.id);
    const wrongTarget = await moder.post(
      URL,
      body({ source_client_id: shop.client_id, target_client_id: news.client_id, target_domain_id: blog.id }),
    );
    expect(wrongTarget.statusCode).toBe(404);
    expect(wrongTarget.json().message).toBe(COPY_MSG.websiteNotFound);
    const wrongSource = await moder.post(
      URL,
      body({ source_client_id: news.client_id, target_client_id: news.client_id, target_domain_id: news.id }),
    );
    expect(wrongSource.statusCode).toBe(404);
    const wrongHeader = await moder.post(URL, body({ source_client_id: shop.client_id, target_domain_id: blog.id }), {
      client: await clientUidOf(t.handle.db, news),
    });
    expect(wrongHeader.statusCode).toBe(404);
    expect((await liveDrips(t, news.id)).length).toBe(newsDrips);
    expect((await liveDrips(t, blog.id)).length).toBe(blogDrips);
    expect(await schedulesOn(blog.id)).toEqual(blogSchedules);
    expect(await schedulesOn(news.id)).toHaveLength(2);
  });
});
