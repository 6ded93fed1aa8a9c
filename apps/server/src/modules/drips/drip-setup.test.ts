import { DRIP_MSG, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
} from './drip-test-kit.ts';
import { DripWritesRepository } from './drip-writes.repository.ts';

const URL = '/api/v1/drips/recurring/setup';

interface SavedDrip {
  id: number;
  domain_id: number;
  title: string;
  is_active: number;
  group_id: number | null;
  schedules: {
    type: string;
    time: string;
    timezone: string;
    audiences: { id: number; name: string; query: unknown }[];
  }[];
}

describe.each(testBackends())('Drip Setup on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let news: Site;
  let outlet: { id: number };
  let english: number;
  let blogEnglish: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop, blog, news } = await demoSites(t));
    english = await addAudience(t.handle.db, shop, 'English', ['en-US', 'en-GB']);
    blogEnglish = await addAudience(t.handle.db, blog, 'English', ['en-US']);
    await addAudience(t.handle.db, news, 'English');
    const client = await signedIn(t, DEMO.client);
    const created = await client.post('/api/v1/domains', { url: 'https://outlet.acme.test' });
    expect(created.statusCode).toBe(201);
    outlet = created.json().data;
  });
  afterAll(() => t?.close());

  const count = async (table: 'drips' | 'segments') =>
    Number(
      (
        await t.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({ drips: await count('drips'), segments: await count('segments') });

  it('creates the drip on every chosen website, each with its own audience of the same name (201)', async () => {
    const c = await signedIn(t, DEMO.client);
    const res = await c.post(URL, {
      drip: recurringItem(shop.id, [english], { title: 'Setup deals' }),
      domain_ids: [shop.id, blog.id, outlet.id],
    });
    expect(res.statusCode).toBe(201);
    const drips: SavedDrip[] = res.json().data;
    expect(drips.map((d) => [d.domain_id, d.title, d.is_active])).toEqual([
      [shop.id, 'Setup deals', 1],
      [blog.id, 'Setup deals', 1],
      [outlet.id, 'Setup deals', 1],
    ]);
    for (const d of drips) {
      expect(d.schedules[0]).toMatchObject({ type: 'recurring', timezone: 'Europe/Kyiv' });
      expect((await scheduleOf(t.handle.db, d.id)).next_disp_date).not.toBeNull();
    }
    const [onShop, onBlog, onOutlet] = drips.map((d) => d.schedules[0]!.audiences);
    expect(onShop!.map((a) => a.id)).toEqual([english]);
    // blog already had an 'English' audience: it is used as it is
    expect(onBlog!.map((a) => a.id)).toEqual([blogEnglish]);
    // outlet had none: one was made with the shop audience's query
    expect(onOutlet!.map((a) => a.name)).toEqual(['English']);
    expect(onOutlet![0]!.id).not.toBe(english);
    expect(onOutlet![0]!.query).toEqual(onShop![0]!.query);

    // a second setup reuses the audience made for outlet
    const again = await c.post(URL, { drip: recurringItem(shop.id, [english]), domain_ids: [outlet.id] });
    expect(again.statusCode).toBe(201);
    expect(again.json().data[1].schedules[0].audiences.map((a: { id: number }) => a.id)).toEqual([onOutlet![0]!.id]);
  });

  it('makes a missing audience once when several setups for the same website run at once', async () => {
    const c = await signedIn(t, DEMO.client);
    const pop = (await c.post('/api/v1/domains', { url: 'https://pop.acme.test' })).json().data as { id: number };
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        c.post(URL, { drip: recurringItem(shop.id, [english], { title: `At once ${n}` }), domain_ids: [pop.id] }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const used = results.map((r) => r.json().data[1].schedules[0].audiences.map((a: { id: number }) => a.id));
    const made = await t.handle.db
      .selectFrom('segments')
      .select('id')
      .where('domain_id', '=', pop.id)
      .where('name', '=', 'English')
      .execute();
    expect(made).toHaveLength(1);
    expect(used).toEqual([[made[0]!.id], [made[0]!.id], [made[0]!.id]]);
  });

  it('saves a draft on every website, inactive, without the group of the audience website', async () => {
    const c = await signedIn(t, DEMO.client);
    const group = (await c.post('/api/v1/abstract/groups', { domain_id: shop.id })).json().data.id;
    const res = await c.post(URL, {
      drip: recurringItem(shop.id, [english], { is_active: 0, group_id: group }),
      domain_ids: [blog.id],
    });
    expect(res.statusCode).toBe(201);
    const drips: SavedDrip[] = res.json().data;
    expect(drips.map((d) => [d.domain_id, d.is_active, d.group_id])).toEqual([
      [shop.id, 0, group],
      [blog.id, 0, null],
    ]);
    expect((await scheduleOf(t.handle.db, drips[1]!.id)).is_active).toBe(0);
  });

  it("creates nothing when a chosen website is another client's or unknown (404)", async () => {
    const c = await signedIn(t, DEMO.client);
    const before = await counts();
    for (const bad of [news.id, 2_000_000]) {
      const res = await c.post(URL, { drip: recurringItem(shop.id, [english]), domain_ids: [outlet.id, bad, blog.id] });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DRIP_MSG.domainNotFound);
    }
    const theirs = await c.post(URL, { drip: recurringItem(news.id, [english]), domain_ids: [shop.id] });
    expect(theirs.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('takes back everything, audiences made on the way included, when a later website fails', async () => {
    const c = await signedIn(t, DEMO.client);
    const fresh = await addAudience(t.handle.db, shop, `Fresh ${backend.name}`);
    const before = await counts();
    const insert = DripWritesRepository.prototype.insertDrip;
    let calls = 0;
    const spy = vi.spyOn(DripWritesRepository.prototype, 'insertDrip').mockImplementation(function (
      this: DripWritesRepository,
      values,
    ) {
      calls += 1;
      if (calls === 3) return Promise.reject(new Error('the disk is full'));
      return insert.call(this, values);
    });
    try {
      const res = await c.post(URL, { drip: recurringItem(shop.id, [fresh]), domain_ids: [blog.id, outlet.id] });
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(3);
    expect(await counts()).toEqual(before);
  });

  it("answers 422 with the spec's texts, keyed by field, and creates nothing", async () => {
    const c = await signedIn(t, DEMO.client);
    const before = await counts();
    const base = recurringItem(shop.id, [english]);
    const long = await c.post(URL, { drip: { ...base, title: 'x'.repeat(31) }, domain_ids: [blog.id, outlet.id] });
    expect(fieldErrors(long)).toEqual({ 'drip.title': [DRIP_MSG.titleMax] });
    const bad = await c.post(URL, {
      drip: { ...base, audiences: [], schedule: { ...base.schedule, timezone: '' } },
      domain_ids: [blog.id, outlet.id],
    });
    expect(fieldErrors(bad)).toEqual({
      'drip.audiences': [MSG.required],
      'drip.schedule.timezone': [DRIP_MSG.mandatory],
    });
    const dates = await c.post(URL, {
      drip: { ...base, schedule: { ...base.schedule, date_start: '2026-05-10', date_end: '2026-05-01' } },
      domain_ids: [blog.id],
    });
    expect(fieldErrors(dates)).toEqual({ 'drip.schedule.date_end': [DRIP_MSG.scheduleDates] });
    const foreignAudience = await c.post(URL, { drip: recurringItem(shop.id, [blogEnglish]), domain_ids: [blog.id] });
    expect(fieldErrors(foreignAudience)).toEqual({ 'drip.audiences': [DRIP_MSG.audiences] });
    const existing = (await c.post(URL, { drip: base, domain_ids: [] })).json().data[0].id;
    const before2 = await counts();
    expect(fieldErrors(await c.post(URL, { drip: { ...base, id: existing }, domain_ids: [blog.id] }))).toEqual({
      'drip.id': [DRIP_MSG.setupNew],
    });
    expect(fieldErrors(await c.post(URL, { drip: base, domain_ids: 'all' }))).toEqual({
      domain_ids: [DRIP_MSG.setupDomains],
    });
    expect(await counts()).toEqual(before2);
    expect(before2.drips).toBe(before.drips + 1);
  });

  it('needs the Drip Setup permission; a moderator acts for a client through the client header', async () => {
    const body = { drip: recurringItem(shop.id, [english]), domain_ids: [blog.id] };
    for (const who of [DEMO.viewer, DEMO.user]) {
      expect((await (await signedIn(t, who)).post(URL, body)).statusCode).toBe(403);
    }
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.post(URL, body)).statusCode).toBe(404);
    const moder = await signedIn(t, DEMO.moder);
    const uid = await clientUidOf(t.handle.db, shop);
    const res = await moder.post(URL, body, { client: uid });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((d: SavedDrip) => d.domain_id)).toEqual([shop.id, blog.id]);
  });
});
