import { COPY_MSG, recurringCopyPayload, welcomeCopyPayload } from '@pushdeck/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import {
  addAudience,
  clientUidOf,
  demoSites,
  multipart,
  recurringItem,
  type Site,
  welcomeItem,
} from '../drips/drip-test-kit.ts';
import { audiencesOfDrip, COPY_URL, finished, grant, liveDrips, makeDrips, segmentsOf } from './copy-tools-kit.ts';

describe.each(testBackends())('Copy Tools 2.0 on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let news: Site;
  let outlet: Site;
  let acme: TestClient;
  let english: number;
  let deals: number;
  let blogEnglish: number;
  let morning: number;
  let evening: number;
  let sourceGroup: number;

  beforeAll(async () => {
    t = await createTestApp(backend, { work: true });
    ({ shop, blog, news } = await demoSites(t));
    await grant(t, DEMO.client, ['menu.tools.copy2']);
    acme = await signedIn(t, DEMO.client);
    const created = await acme.post('/api/v1/domains', { url: 'https://outlet.acme.test' });
    expect(created.statusCode).toBe(201);
    outlet = { ...created.json().data, client_id: shop.client_id };
    english = await addAudience(t.handle.db, shop, 'English', ['en-US', 'en-GB']);
    deals = await addAudience(t.handle.db, shop, 'Deals', ['de-DE']);
    blogEnglish = await addAudience(t.handle.db, blog, 'English', ['en-US', 'en-GB']);
    // same name, another query: not the same audience
    await addAudience(t.handle.db, blog, 'Deals', ['fr-FR']);
    morning = (await makeDrips(acme, shop, [english], ['Morning']))[0]!;
    evening = (await makeDrips(acme, shop, [english, deals], ['Evening']))[0]!;
    await makeDrips(acme, shop, [english], ['Not chosen']);
    const group = await acme.post('/api/v1/abstract/groups', {
      domain_id: shop.id,
      name: 'Daily pair',
      drip_ids: [morning, evening],
    });
    expect(group.statusCode).toBe(201);
    sourceGroup = group.json().data.id;
  });
  afterAll(() => t?.close());

  const start = (c: TestClient, fields: Record<string, string>) => {
    const body = multipart(fields);
    return c.request('POST', COPY_URL, { body: body.body, headers: body.headers });
  };
  const acmeFields = (targets: number[], drips: string, extra: Record<string, string> = {}) => ({
    source_client_id: String(shop.client_id),
    target_client_id: String(shop.client_id),
    source_domain_id: String(shop.id),
    target_domain_ids: targets.join(','),
    drip_ids: drips,
    ...extra,
  });
  const jobCount = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('copy_jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('copies two drips with their group to two websites as a job, remapping and making audiences', async () => {
    const res = await start(
      acme,
      acmeFields([blog.id, outlet.id], `${morning},${evening}`, { with_recurring_groups: '1' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ job_id: expect.any(String), status: 'queued' });
    const job = await finished(acme, res.json().job_id);
    expect(job).toMatchObject({ status: 'completed', reason: null, progress: { done: 4, total: 4 } });
    expect(job.targets).toEqual([
      {
        domain_id: blog.id,
        url: 'https://blog.acme.test',
        created: 2,
        existing: 0,
        audiences_created: 1,
        groups_created: 1,
      },
      {
        domain_id: outlet.id,
        url: 'https://outlet.acme.test',
        created: 2,
        existing: 0,
        audiences_created: 2,
        groups_created: 1,
      },
    ]);

    const source = await liveDrips(t, shop.id);
    const copies = await liveDrips(t, blog.id);
    expect(copies.map((d) => d.title)).toEqual(['Morning', 'Evening']);
    const [m, e] = copies;
    expect(m!.group_id).not.toBeNull();
    expect(m!.group_id).not.toBe(sourceGroup);
    expect(e!.group_id).toBe(m!.group_id);
    const group = await t.handle.db
      .selectFrom('drip_groups')
      .selectAll()
      .where('id', '=', m!.group_id!)
      .executeTakeFirstOrThrow();
    expect(group).toMatchObject({ domain_id: blog.id, client_id: blog.client_id, name: 'Daily pair', drips_count: 2 });
    expect(m).toMatchObject({ client_id: blog.client_id, event: null, external: 0, is_active: 1 });
    expect(m!.customization).toEqual(source.find((d) => d.id === morning)!.customization);

    // English exists on blog with the same query: reused; Deals there has another query: a new Deals is made
    const blogSegments = await segmentsOf(t, blog.id);
    const shopDeals = (await segmentsOf(t, shop.id)).find((s) => s.id === deals)!;
    const newDeals = blogSegments.find(
      (s) => s.name === 'Deals' && JSON.stringify(s.query) === JSON.stringify(shopDeals.query),
    )!;
    expect(await audiencesOfDrip(t, m!.id)).toEqual([blogEnglish]);
    expect(await audiencesOfDrip(t, e!.id)).toEqual([blogEnglish, newDeals.id].sort((a, b) => a - b));
    expect(blogSegments.filter((s) => s.name === 'Deals')).toHaveLength(2);

    const outletSegments = await segmentsOf(t, outlet.id);
    expect(outletSegments.map((s) => [s.name, s.client_id])).toEqual([
      ['English', outlet.client_id],
      ['Deals', outlet.client_id],
    ]);
    const schedule = await t.handle.db
      .selectFrom('schedules')
      .selectAll()
      .where('drip_id', '=', m!.id)
      .executeTakeFirstOrThrow();
    const sourceSchedule = await t.handle.db
      .selectFrom('schedules')
      .selectAll()
      .where('drip_id', '=', morning)
      .executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({
      type: sourceSchedule.type,
      time: sourceSchedule.time,
      timezone: sourceSchedule.timezone,
      frequency: sourceSchedule.frequency,
      days_of_week: sourceSchedule.days_of_week,
      domain_id: blog.id,
      is_active: 1,
    });
    expect(schedule.next_disp_date).not.toBeNull();
  });

  it('does not duplicate on a second run (it reports what existed) unless duplicates are asked for', async () => {
    const before = (await liveDrips(t, blog.id)).length;
    const again = await start(acme, acmeFields([blog.id], `${morning},${evening}`, { with_recurring_groups: '1' }));
    const job = await finished(acme, again.json().job_id);
    expect(job.status).toBe('completed');
    expect(job.targets).toEqual([
      {
        domain_id: blog.id,
        url: 'https://blog.acme.test',
        created: 0,
        existing: 2,
        audiences_created: 0,
        groups_created: 0,
      },
    ]);
    expect((await liveDrips(t, blog.id)).length).toBe(before);

    const dup = await start(acme, acmeFields([blog.id], `${morning}`, { allow_duplicates: 'true' }));
    const dupJob = await finished(acme, dup.json().job_id);
    expect(dupJob.targets[0]).toMatchObject({ created: 1, existing: 0, audiences_created: 0 });
    expect((await liveDrips(t, blog.id)).map((d) => d.title).filter((x) => x === 'Morning')).toHaveLength(2);
  });

  it('leaves a failing target as it was and still copies to the others (all or nothing per website)', async () => {
    const fresh = await addAudience(t.handle.db, shop, 'Fresh', ['pt-BR']);
    const [boom] = await makeDrips(acme, shop, [fresh], ['Boom']);
    // a write that fails on one website only (a real constraint of the database, not a mock)
    await sql
      .raw(
        `alter table drips add constraint copy_test_boom check (not (title = 'Boom' and domain_id = ${blog.id})) not valid`,
      )
      .execute(t.handle.db);
    try {
      const blogDrips = (await liveDrips(t, blog.id)).length;
      const blogSegments = (await segmentsOf(t, blog.id)).length;
      const res = await start(acme, acmeFields([blog.id, outlet.id], `${boom},${morning}`));
      const job = await finished(acme, res.json().job_id);
      expect(job.status).toBe('failed');
      expect(job.reason).toContain(`Website ${blog.id}`);
      expect(job.reason).toContain('copy_test_boom');
      expect(job.progress.done).toBe(job.progress.total);
      expect(job.targets).toEqual([
        {
          domain_id: outlet.id,
          url: 'https://outlet.acme.test',
          created: 1,
          existing: 1,
          audiences_created: 1,
          groups_created: 0,
        },
      ]);
      // nothing of the failed copy stayed on blog: neither the drips nor the audience made for them
      expect((await liveDrips(t, blog.id)).length).toBe(blogDrips);
      expect((await segmentsOf(t, blog.id)).length).toBe(blogSegments);
      expect((await segmentsOf(t, outlet.id)).map((s) => s.name)).toContain('Fresh');
    } finally {
      await sql.raw('alter table drips drop constraint copy_test_boom').execute(t.handle.db);
    }
  });

  it("refuses another client's websites and clients with 404 and copies nothing", async () => {
    const jobs = await jobCount();
    const newsDrips = (await liveDrips(t, news.id)).length;
    const foreignTarget = await start(acme, acmeFields([news.id], `${morning}`));
    expect(foreignTarget.statusCode).toBe(404);
    expect(foreignTarget.json().message).toBe(COPY_MSG.websiteNotFound);
    const foreignClient = await start(acme, {
      ...acmeFields([news.id], `${morning}`),
      target_client_id: String(news.client_id),
    });
    expect(foreignClient.statusCode).toBe(404);
    expect(foreignClient.json().message).toBe(COPY_MSG.clientNotFound);
    const foreignSource = await start(acme, { ...acmeFields([blog.id], '*'), source_domain_id: String(news.id) });
    expect(foreignSource.statusCode).toBe(404);
    const [blogDrip] = await liveDrips(t, blog.id);
    const otherDrip = await start(acme, acmeFields([outlet.id], `${blogDrip!.id}`));
    expect(otherDrip.statusCode).toBe(422);
    expect(otherDrip.json().errors.drip_ids).toEqual([COPY_MSG.dripsNotFound]);
    const empty = await start(acme, acmeFields([outlet.id], ''));
    expect(empty.statusCode).toBe(422);
    const self = await start(acme, acmeFields([shop.id], `${morning}`));
    expect(self.json().errors.target_domain_ids).toEqual([COPY_MSG.sameWebsite]);
    expect(await jobCount()).toBe(jobs);
    expect((await liveDrips(t, news.id)).length).toBe(newsDrips);

    const user = await signedIn(t, DEMO.user);
    expect((await start(user, acmeFields([blog.id], `${morning}`))).statusCode).toBe(403);
    const missing = await acme.get('/api/v1/tools/job-status?job_ids=00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(COPY_MSG.jobNotFound);
    expect((await acme.get('/api/v1/tools/job-status')).statusCode).toBe(422);
  });

  it('lets a moderator copy across clients, leaving the target client only the drips and their audiences', async () => {
    const moder = await signedIn(t, DEMO.moder);
    const res = await moder.post(COPY_URL, {
      source_client_id: shop.client_id,
      target_client_id: news.client_id,
      source_domain_id: shop.id,
      target_domain_ids: String(news.id),
      drip_ids: '*',
      with_recurring_groups: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = await finished(moder, res.json().job_id);
    expect(job.status).toBe('completed');
    const shopTitles = (await liveDrips(t, shop.id)).map((d) => d.title).sort();
    const newsDrips = await liveDrips(t, news.id);
    expect(newsDrips.map((d) => d.title).sort()).toEqual(shopTitles);
    expect(new Set(newsDrips.map((d) => d.client_id))).toEqual(new Set([news.client_id]));

    await grant(t, DEMO.globex, ['menu.tools.copy2']);
    const globex = await signedIn(t, DEMO.globex);
    const listed = await globex.get(
      `/api/v1/drips/recurring/get?where[domain_id]=${news.id}&with[schedules.audiences]=*`,
    );
    expect(listed.statusCode).toBe(200);
    const rows = listed.json().data as { schedules: { audiences: { domain_id: number }[] }[] }[];
    expect(rows.length).toBe(newsDrips.length);
    const audienceSites = rows.flatMap((r) => r.schedules.flatMap((s) => s.audiences.map((a) => a.domain_id)));
    expect(new Set(audienceSites)).toEqual(new Set([news.id]));
    const groups = await globex.get(`/api/v1/abstract/groups/by-domain?domain_id=${news.id}`);
    expect(groups.json().data.map((g: { domain_id: number }) => g.domain_id)).toEqual([news.id]);
    // the job is the moderator's: the target client cannot read it
    expect((await globex.get(`/api/v1/tools/job-status?job_ids=${job.job_id}`)).statusCode).toBe(404);
    // nor can the source client
    expect((await acme.get(`/api/v1/tools/job-status?job_ids=${job.job_id}`)).statusCode).toBe(404);
  });

  it("takes the first version's cleaned recurring and welcome copies through createOrUpdate (welcome: inactive)", async () => {
    const listed = await acme.get(`/api/v1/drips/recurring/get?where[id]=${morning}&with[schedules.audiences]=*`);
    const source = listed.json().data[0];
    const target = (await segmentsOf(t, outlet.id)).find((s) => s.name === 'English')!;
    const recurringCopy = recurringCopyPayload(source, outlet.id, [target.id]);
    const saved = await acme.post('/api/v1/drips/recurring/createOrUpdate', [recurringCopy], { withCopy: '1' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data[0]).toMatchObject({ domain_id: outlet.id, title: 'Morning', group_id: null, event: null });
    expect(saved.json().data[0].schedules[0].audiences.map((a: { id: number }) => a.id)).toEqual([target.id]);

    const made = await acme.post('/api/v1/drips/welcome/createOrUpdate', [welcomeItem(shop.id)]);
    const welcome = (
      await acme.get(`/api/v1/drips/welcome/get?where[id]=${made.json().data[0].id}&with[schedules]=*`)
    ).json().data[0];
    const welcomeCopy = await acme.post(
      '/api/v1/drips/welcome/createOrUpdate',
      [welcomeCopyPayload(welcome, outlet.id)],
      { withCopy: '1' },
    );
    expect(welcomeCopy.statusCode, welcomeCopy.body).toBe(200);
    const copy = welcomeCopy.json().data[0];
    expect(copy).toMatchObject({ domain_id: outlet.id, is_active: 0, title: 'Welcome aboard' });
    expect(copy.schedules[0]).toMatchObject({ is_active: 0, after_hours: 1, after_mins: 30 });
  });

  it('answers createOrUpdate with 200 when the copy asks (withCopy), so the first version counts it a success', async () => {
    const res = await acme.post(
      '/api/v1/drips/recurring/createOrUpdate',
      [recurringItem(outlet.id, [(await segmentsOf(t, outlet.id))[0]!.id], { title: 'First version' })],
      { withCopy: '1', client: await clientUidOf(t.handle.db, shop) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ title: 'First version', domain_id: outlet.id });
  });
  it("lets a moderator run the first version's copy across clients with the target client's header", async () => {
    const moder = await signedIn(t, DEMO.moder);
    const acmeUid = { client: await clientUidOf(t.handle.db, shop) };
    const globexUid = { client: await clientUidOf(t.handle.db, news) };
    // the source is read as the source client (the moderator's source picker)
    const listed = await moder.get(
      `/api/v1/drips/recurring/get?where[id]=${morning}&with[schedules.audiences]=*`,
      acmeUid,
    );
    expect(listed.statusCode).toBe(200);
    const source = listed.json().data[0];
    const query = { filters: [{ language: { type: 'and', operator: '=', values: ['en-US'] } }] };
    const newsSegments = (await segmentsOf(t, news.id)).length;
    const newsDrips = (await liveDrips(t, news.id)).length;

    // a wrong client's website (the header names acme, the website is globex's): refused and nothing written
    const wrongCheck = await moder.post(
      '/api/v1/segments',
      { name: 'Stray', query, domain_id: news.id, type: 'audience' },
      acmeUid,
    );
    expect(wrongCheck.statusCode, wrongCheck.body).toBe(404);
    const wrong = await moder.post(
      '/api/v1/drips/recurring/createOrUpdate',
      [recurringCopyPayload(source, news.id, [english])],
      { withCopy: '1', ...acmeUid },
    );
    expect(wrong.statusCode, wrong.body).toBe(404);
    expect((await liveDrips(t, news.id)).length).toBe(newsDrips);
    expect((await segmentsOf(t, news.id)).length).toBe(newsSegments);

    // audience filters: checked by name, query and target website, made there when missing, as the target client
    const audience = { name: 'Cross client', query, domain_id: news.id };
    const check = await moder.post('/api/v1/segments/exists', audience, globexUid);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toEqual({ exists: false });
    const made = await moder.post('/api/v1/segments', { ...audience, type: 'audience' }, globexUid);
    expect(made.statusCode, made.body).toBeLessThan(300);
    const audienceId = made.json().data.id as number;
    const again = await moder.post('/api/v1/segments/exists', audience, globexUid);
    expect(again.json().data).toEqual({ exists: true, id: audienceId });

    // recurring: createOrUpdate with the target client's header answers 200 (what the first version requires)
    const recurring = await moder.post(
      '/api/v1/drips/recurring/createOrUpdate',
      [recurringCopyPayload(source, news.id, [audienceId])],
      { withCopy: '1', ...globexUid },
    );
    expect(recurring.statusCode, recurring.body).toBe(200);
    const copy = recurring.json().data[0];
    expect(copy).toMatchObject({ domain_id: news.id, title: 'Morning', group_id: null });
    expect(copy.schedules[0].audiences.map((a: { id: number }) => a.id)).toEqual([audienceId]);

    // welcome: read as acme, written as globex, created inactive
    const made2 = await acme.post('/api/v1/drips/welcome/createOrUpdate', [
      welcomeItem(shop.id, { title: 'Hi there' }),
    ]);
    const welcome = (
      await moder.get(`/api/v1/drips/welcome/get?where[id]=${made2.json().data[0].id}&with[schedules]=*`, acmeUid)
    ).json().data[0];
    const welcomeCopy = await moder.post(
      '/api/v1/drips/welcome/createOrUpdate',
      [welcomeCopyPayload(welcome, news.id)],
      { withCopy: '1', ...globexUid },
    );
    expect(welcomeCopy.statusCode, welcomeCopy.body).toBe(200);
    expect(welcomeCopy.json().data[0]).toMatchObject({ domain_id: news.id, is_active: 0, title: 'Hi there' });

    const rows = await t.handle.db
      .selectFrom('drips')
      .select(['client_id', 'type', 'is_active'])
      .where('id', 'in', [copy.id, welcomeCopy.json().data[0].id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { client_id: news.client_id, type: 'recurring', is_active: 1 },
      { client_id: news.client_id, type: 'welcome', is_active: 0 },
    ]);
    const segment = (await segmentsOf(t, news.id)).find((s) => s.id === audienceId)!;
    expect(segment.client_id).toBe(news.client_id);
  });
});
