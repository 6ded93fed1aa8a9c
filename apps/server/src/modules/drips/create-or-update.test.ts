import { DRIP_MSG, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';
import {
  addAudience,
  clientUidOf,
  demoSites,
  fieldErrors,
  recurringItem,
  type Site,
  scheduleOf,
  welcomeItem,
} from './drip-test-kit.ts';

const URL = '/api/v1/drips/recurring/createOrUpdate';

describe.each(testBackends())('createOrUpdate on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let news: Site;
  let shopAudience: number;
  let blogAudience: number;
  let newsAudience: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop, blog, news } = await demoSites(t));
    shopAudience = await addAudience(t.handle.db, shop, 'English');
    blogAudience = await addAudience(t.handle.db, blog, 'Blog readers');
    newsAudience = await addAudience(t.handle.db, news, 'News readers');
  });
  afterAll(() => t?.close());

  const countDrips = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('drips')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a recurring drip with its schedule, audiences and a planned next firing (201)', async () => {
    const c = await signedIn(t, DEMO.client);
    const res = await c.post(URL, [recurringItem(shop.id, [{ id: shopAudience, name: 'English' }])]);
    expect(res.statusCode).toBe(201);
    const [drip] = res.json().data;
    expect(drip).toMatchObject({ type: 'recurring', domain_id: shop.id, title: 'Daily deals', is_active: 1 });
    expect(drip.customization).toEqual({
      requireInteraction: false,
      ttl: 3600,
      button1: { title: 'Open', url: 'https://shop.acme.test/b1' },
    });
    expect(drip).not.toHaveProperty('client_id');
    expect(drip.schedules).toHaveLength(1);
    expect(drip.schedules[0]).toMatchObject({ type: 'recurring', frequency: 'daily', timezone: 'Europe/Kyiv' });
    expect(drip.schedules[0].audiences.map((a: { id: number }) => a.id)).toEqual([shopAudience]);
    const schedule = await scheduleOf(t.handle.db, drip.id);
    expect(schedule.next_disp_date).not.toBeNull();
    expect(schedule.next_disp_date!.getTime()).toBeGreaterThan(Date.now());
    const kyiv = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', hour: '2-digit', minute: '2-digit' });
    expect(kyiv.format(schedule.next_disp_date!)).toBe('09:00');
  });

  it('updates items with an id and creates the others in one call; 200 when nothing was created', async () => {
    const c = await signedIn(t, DEMO.client);
    const first = (await c.post(URL, [recurringItem(shop.id, [shopAudience])])).json().data[0];
    const mixed = await c.post(URL, [
      { ...recurringItem(shop.id, [shopAudience]), id: first.id, title: 'Renamed' },
      recurringItem(blog.id, [blogAudience], { title: 'Blog digest' }),
    ]);
    expect(mixed.statusCode).toBe(201);
    const [updated, created] = mixed.json().data;
    expect(updated).toMatchObject({ id: first.id, title: 'Renamed' });
    expect(created).toMatchObject({ domain_id: blog.id, title: 'Blog digest' });
    const only = await c.post(URL, { ...recurringItem(shop.id, [shopAudience]), id: first.id, title: 'Again' });
    expect(only.statusCode).toBe(200);
    expect(only.json().data[0].title).toBe('Again');
    expect(
      await t.handle.db.selectFrom('schedules').select('id').where('drip_id', '=', first.id).execute(),
    ).toHaveLength(1);
  });

  it('writes nothing when one item is invalid, naming the item by its index', async () => {
    const c = await signedIn(t, DEMO.client);
    const before = await countDrips();
    const res = await c.post(URL, [
      recurringItem(shop.id, [shopAudience]),
      recurringItem(shop.id, [shopAudience], { title: '' }),
      recurringItem(shop.id, [shopAudience], { body: 'x'.repeat(51) }),
    ]);
    expect(fieldErrors(res)).toEqual({ '1.title': [MSG.required], '2.body': [DRIP_MSG.bodyMax] });
    // the message names the first bad drip (by its place in the list: it has no title) and the field
    expect(res.json().message).toBe('Drip (item 2): title — Required.');
    const late = await c.post(URL, [
      recurringItem(shop.id, [shopAudience]),
      recurringItem(shop.id, [shopAudience], { schedule: { ...recurringItem(0, []).schedule, timezone: 'Mars/Base' } }),
    ]);
    expect(fieldErrors(late)).toEqual({ '1.schedule.timezone': ['Unknown time zone "Mars/Base".'] });
    expect(await countDrips()).toBe(before);
  });

  it("names the drip (id, title, place in the list) and the field in a 422's message", async () => {
    const c = await signedIn(t, DEMO.client);
    // by its title, alone in the list (a copy sends drips without ids) …
    const bare = await c.post(URL, [recurringItem(shop.id, [], { title: 'Morning deals' })]);
    expect(fieldErrors(bare)).toEqual({ '0.audiences': [MSG.required] });
    expect(bare.json().message).toBe('Drip “Morning deals”: audiences — Required.');
    // … and by its id and title when the service refuses it (another website's audience)
    const stored = (await c.post(URL, [recurringItem(shop.id, [shopAudience], { title: 'Stored' })])).json().data[0];
    const foreign = await c.post(URL, [
      recurringItem(shop.id, [shopAudience]),
      { ...recurringItem(shop.id, [blogAudience], { title: 'Stored' }), id: stored.id },
    ]);
    expect(fieldErrors(foreign)).toEqual({ '1.audiences': [DRIP_MSG.audiences] });
    expect(foreign.json().message).toBe(`Drip ${stored.id} “Stored” (item 2): audiences — ${DRIP_MSG.audiences}`);
  });

  it('checks every rule of part 1 §5 with the spec texts', async () => {
    const c = await signedIn(t, DEMO.client);
    const errors = async (item: Record<string, unknown>) => fieldErrors(await c.post(URL, [item]));
    const base = recurringItem(shop.id, [shopAudience]);
    expect(await errors({ ...base, title: '1234567890123456789012345678901' })).toEqual({
      '0.title': ['Max 30 characters'],
    });
    expect((await c.post(URL, [{ ...base, title: '😀'.repeat(30) }])).statusCode).toBe(201);
    expect(await errors({ ...base, domain_id: undefined })).toEqual({ '0.domain_id': [MSG.fillRequired] });
    expect(await errors({ ...base, audiences: [] })).toEqual({ '0.audiences': [MSG.required] });
    expect(await errors({ ...base, audiences: [newsAudience] })).toEqual({ '0.audiences': [DRIP_MSG.audiences] });
    expect(await errors({ ...base, schedule: undefined })).toEqual({ '0.schedule': [MSG.required] });
    const blogGroup = (await c.post('/api/v1/abstract/groups', { domain_id: blog.id })).json().data.id;
    expect(await errors({ ...base, group_id: blogGroup })).toEqual({
      '0.group_id': ['The selected group is invalid.'],
    });
    const s = base.schedule;
    expect(await errors({ ...base, schedule: { ...s, timezone: '' } })).toEqual({
      '0.schedule.timezone': ['Mandatory field'],
    });
    expect(await errors({ ...base, schedule: { ...s, date_start: '2026-05-10', date_end: '2026-05-01' } })).toEqual({
      '0.schedule.date_end': [DRIP_MSG.scheduleDates],
    });
    expect(await errors({ ...base, schedule: { ...s, frequency: 'hourly' } })).toEqual({
      '0.schedule.frequency': ['Frequency "hourly" is only allowed for spam-recurring schedules.'],
    });
    expect(await errors({ ...base, schedule: { ...s, type: 'spam-recurring' } })).toEqual({
      '0.schedule.type': [DRIP_MSG.scheduleType],
    });
    const buttons = { button1: { title: 'a' }, button2: { title: 'b' }, button3: { title: 'c' } };
    expect(await errors({ ...base, customization: buttons })).toEqual({
      '0.customization.buttons': [DRIP_MSG.buttonsMax],
    });
    expect(await errors({ ...base, customization: { ttl: '2.5' } })).toEqual({ '0.customization.ttl': [DRIP_MSG.ttl] });
    const huge = { ...base, url: `https://shop.acme.test/${'a'.repeat(2000)}`, icon: `https://x/${'b'.repeat(2000)}` };
    const tooLarge = await errors({ ...huge, customization: { image: `https://x/${'c'.repeat(2000)}` } });
    expect(tooLarge['0.payload']?.[0]).toMatch(/4096 bytes/);
  });

  it('drops empty buttons and image, defaults the ttl to 7200 and can point buttons at the drip url', async () => {
    const c = await signedIn(t, DEMO.client);
    const customization = {
      ttl: '',
      image: '',
      button1: { title: '', url: 'x' },
      button2: { title: 'Go', url: 'https://o' },
    };
    const res = await c.post(URL, [recurringItem(shop.id, [shopAudience], { customization })], {
      withReplaceUrlButtons: 'true',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0].customization).toEqual({
      requireInteraction: false,
      ttl: 7200,
      button1: { title: 'Go', url: 'https://shop.acme.test/deals' },
    });
  });

  it('saves a draft inactive with an inactive schedule', async () => {
    const c = await signedIn(t, DEMO.client);
    const res = await c.post(URL, [recurringItem(shop.id, [shopAudience], { is_active: 0 })]);
    const drip = res.json().data[0];
    expect(drip.is_active).toBe(0);
    expect((await scheduleOf(t.handle.db, drip.id)).is_active).toBe(0);
  });

  it("answers 404 for another client's website or drip, and 403 to a viewer", async () => {
    const acme = await signedIn(t, DEMO.client);
    const globex = await signedIn(t, DEMO.globex);
    expect((await acme.post(URL, [recurringItem(news.id, [newsAudience])])).statusCode).toBe(404);
    const theirs = (await globex.post(URL, [recurringItem(news.id, [newsAudience])])).json().data[0];
    const res = await acme.post(URL, [{ ...recurringItem(shop.id, [shopAudience]), id: theirs.id }]);
    expect(res.statusCode).toBe(404);
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await viewer.post(URL, [recurringItem(shop.id, [shopAudience])])).statusCode).toBe(403);
    expect((await viewer.get(`/api/v1/drips/recurring/get?where[domain_id]=${shop.id}`)).statusCode).toBe(200);
  });

  it('creates drips on several websites in one list, and lets a moderator act through the client header', async () => {
    const moder = await signedIn(t, DEMO.moder);
    const uid = await clientUidOf(t.handle.db, shop);
    const res = await moder.post(
      URL,
      [recurringItem(shop.id, [shopAudience]), recurringItem(blog.id, [blogAudience])],
      {
        client: uid,
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((d: { domain_id: number }) => d.domain_id)).toEqual([shop.id, blog.id]);
  });

  it('creates welcome drips in order with their offsets; the message is required there', async () => {
    const c = await signedIn(t, DEMO.user);
    const url = '/api/v1/drips/welcome/createOrUpdate';
    expect(fieldErrors(await c.post(url, [welcomeItem(shop.id, { body: '' })]))).toEqual({ '0.body': [MSG.required] });
    const res = await c.post(url, [welcomeItem(shop.id), welcomeItem(shop.id, { title: 'Second' })]);
    expect(res.statusCode).toBe(201);
    const [a, b] = res.json().data;
    expect(b.drip_number).toBe(a.drip_number + 1);
    expect(a.schedules[0]).toMatchObject({ type: 'welcome', after_hours: 1, after_mins: 30, timezone: 'UTC' });
    expect(a.schedules[0].next_disp_date).toBeNull();
  });
});
