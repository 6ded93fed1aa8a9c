import { COPY_MSG, DRIP_MSG, MSG, recurringCopyPayload } from '@pushdeck/contracts';
import type { LocalPushService } from '@pushdeck/push-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiencesOfDrip, liveDrips, segmentsOf } from '../modules/copy-tools/copy-tools-kit.ts';
import { clientUidOf, demoSites, type Site } from '../modules/drips/drip-test-kit.ts';
import { testBackends } from '../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../test/harness.ts';
import { DEMO_AUDIENCE, giveDemoDripsAudiences } from './demo-audiences.ts';
import { seedDemoDelivery } from './demo-delivery.ts';

/** Subscriptions without a push service: these tests send nothing, they copy. */
let n = 0;
const push = {
  createSubscription: () => {
    n += 1;
    return { endpoint: `https://push.example.test/${n}`, keys: { p256dh: `p${n}`, auth: `a${n}` } };
  },
} as unknown as LocalPushService;

const WEEKLY = 'This week on our site';
const demoDrip = async (t: TestApp, site: Site) => (await liveDrips(t, site.id)).find((d) => d.title === WEEKLY)!;

describe.each(testBackends())("the demo's recurring drips on $name", (backend) => {
  let t: TestApp;
  let shop: Site;
  let news: Site;
  let moder: TestClient;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop, news } = await demoSites(t));
    await seedDemoDelivery(t.handle.db, push);
    moder = await signedIn(t, DEMO.moder);
  });
  afterAll(() => t?.close());

  it("send to their website's 'All subscribers' audience (a recurring drip needs one)", async () => {
    for (const site of [shop, news]) {
      const drip = await demoDrip(t, site);
      const [audience] = await audiencesOfDrip(t, drip.id);
      const segment = (await segmentsOf(t, site.id)).find((s) => s.id === audience)!;
      expect(segment).toMatchObject({ name: DEMO_AUDIENCE.name, type: 'audience', client_id: site.client_id });
      expect(segment.query).toEqual({ filters: [] });
    }
    // already given: a later start changes nothing
    expect(await giveDemoDripsAudiences(t.handle.db)).toBe(0);
  });

  it('copy with Copy Tools 1.0 (createOrUpdate with the target audience) to another client as a moderator', async () => {
    const globex = await clientUidOf(t.handle.db, news);
    const listed = await moder.get(
      `/api/v1/drips/recurring/get?where[domain_id]=${shop.id}&with[schedules.audiences]=*`,
      { client: await clientUidOf(t.handle.db, shop) },
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const source = listed.json().data.find((d: { title: string }) => d.title === WEEKLY);
    const audience = source.schedules[0].audiences[0];
    expect(audience.name).toBe(DEMO_AUDIENCE.name);
    // the first version's audience step: the target's audience of that name and query, made when missing
    const exists = await moder.post(
      '/api/v1/segments/exists',
      { name: audience.name, query: audience.query, domain_id: news.id },
      { client: globex },
    );
    expect(exists.json().data.exists).toBe(true);
    const target = exists.json().data.id;
    const res = await moder.post(
      '/api/v1/drips/recurring/createOrUpdate',
      [recurringCopyPayload(source, news.id, [target])],
      { client: globex, withCopy: '1' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().data[0];
    expect(copy).toMatchObject({ domain_id: news.id, title: WEEKLY, url: 'https://shop.acme.test/weekly' });
    expect(await audiencesOfDrip(t, copy.id)).toEqual([target]);
  });

  it('migrate with Recurring Migration to another client, onto its All subscribers audience', async () => {
    const drip = await demoDrip(t, shop);
    const res = await moder.post('/api/v1/tools/recurring-migration', {
      source_client_id: shop.client_id,
      target_client_id: news.client_id,
      source_domain_id: shop.id,
      target_domain_id: news.id,
      drip_ids: [drip.id],
      name: 'Demo burst',
      time: '00:30:00',
      date_start: '2026-01-01 00:00:00',
      date_end: '2099-12-31 23:59:59',
      days_of_week: 'monday',
      frequency: 'daily',
      timezone: 'UTC',
    });
    expect(res.statusCode, res.body).toBe(200);
    const newsAll = (await segmentsOf(t, news.id)).filter((s) => s.name === DEMO_AUDIENCE.name);
    expect(newsAll).toHaveLength(1);
    expect(res.json().data.audiences_created).toBe(0);
    expect(res.json().data.schedule.audiences).toEqual([newsAll[0]!.id]);
    for (const id of res.json().data.drips) expect(await audiencesOfDrip(t, id)).toEqual([newsAll[0]!.id]);
  });

  it('a demo database seeded before: its recurring drips get the audience at the next start, and copy', async () => {
    const drip = await demoDrip(t, shop);
    const schedule = await t.handle.db
      .selectFrom('schedules')
      .select('id')
      .where('drip_id', '=', drip.id)
      .executeTakeFirstOrThrow();
    // as an earlier version seeded it: no audience, and no 'All subscribers' on the website
    await t.handle.db.deleteFrom('schedule_audiences').where('schedule_id', '=', schedule.id).execute();
    const all = (await segmentsOf(t, shop.id)).find((s) => s.name === DEMO_AUDIENCE.name)!;
    await t.handle.db.deleteFrom('segments').where('id', '=', all.id).execute();

    // until then both tools refuse it, naming the drip and the field; nothing is written
    const before = (await liveDrips(t, news.id)).length;
    const refused = await moder.post('/api/v1/tools/recurring-migration', {
      source_client_id: shop.client_id,
      target_client_id: news.client_id,
      source_domain_id: shop.id,
      target_domain_id: news.id,
      drip_ids: [drip.id],
      name: 'Refused burst',
      time: '00:30:00',
      date_start: '2026-01-01 00:00:00',
      date_end: '2099-12-31 23:59:59',
      days_of_week: 'monday',
      frequency: 'daily',
      timezone: 'UTC',
    });
    expect(refused.statusCode).toBe(422);
    const named = COPY_MSG.noAudience({ id: drip.id, title: WEEKLY });
    expect(refused.json()).toEqual({ message: named, errors: { drip_ids: [named] } });
    expect(named).toBe(
      `Drip ${drip.id} “${WEEKLY}”: audiences — a recurring drip needs at least one audience. Give it one in the recurring editor, then copy again.`,
    );
    const job = await moder.post('/api/v1/tools/copy-tools/recurring', {
      source_client_id: shop.client_id,
      target_client_id: news.client_id,
      source_domain_id: shop.id,
      target_domain_ids: String(news.id),
      drip_ids: String(drip.id),
    });
    expect(job.statusCode).toBe(422);
    expect(job.json().message).toBe(named);
    // the first version's createOrUpdate names it too (its copy has no id: by title)
    const bare = recurringCopyPayload(
      { ...drip, schedules: [{ type: 'recurring', time: '09:00', timezone: 'UTC' }] },
      news.id,
      [],
    );
    const write = await moder.post('/api/v1/drips/recurring/createOrUpdate', [bare], {
      client: await clientUidOf(t.handle.db, news),
      withCopy: '1',
    });
    expect(write.statusCode).toBe(422);
    expect(write.json()).toEqual({
      message: DRIP_MSG.named({ title: WEEKLY }, 'audiences', MSG.required),
      errors: { '0.audiences': [MSG.required] },
    });
    expect(write.json().message).toBe(`Drip “${WEEKLY}”: audiences — Required.`);
    expect((await liveDrips(t, news.id)).length).toBe(before);

    expect(await giveDemoDripsAudiences(t.handle.db)).toBe(1);
    expect(await giveDemoDripsAudiences(t.handle.db)).toBe(0);
    const made = (await segmentsOf(t, shop.id)).filter((s) => s.name === DEMO_AUDIENCE.name);
    expect(made).toHaveLength(1);
    expect(await audiencesOfDrip(t, drip.id)).toEqual([made[0]!.id]);
    const job2 = await moder.post('/api/v1/tools/copy-tools/recurring', {
      source_client_id: shop.client_id,
      target_client_id: news.client_id,
      source_domain_id: shop.id,
      target_domain_ids: String(news.id),
      drip_ids: String(drip.id),
    });
    expect(job2.statusCode, job2.body).toBe(200);
  });
});
