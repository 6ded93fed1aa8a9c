import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { addDrip, addSchedule, startPushService, subscribe, waitFor, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.ts';

describe.each(testBackends())('schedules fire on $name', (backend) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let site: Awaited<ReturnType<typeof websiteOf>>;
  let other: Awaited<ReturnType<typeof websiteOf>>;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { work: true, local: { origin: push.origin, ca: push.ca! } });
    site = await websiteOf(t.handle.db, 'https://blog.acme.test');
    other = await websiteOf(t.handle.db, 'https://news.globex.test');
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const db = () => t.handle.db;
  const sentTo = (dripId: number) =>
    db()
      .selectFrom('send_ledger')
      .select(['subscriber_id', 'status'])
      .where('drip_id', '=', dripId)
      .orderBy('subscriber_id')
      .execute();
  const makeDue = (scheduleId: number) =>
    db()
      .updateTable('schedules')
      .set({ next_disp_date: new Date(Date.now() - 1000) })
      .where('id', '=', scheduleId)
      .execute();

  it('fires a recurring schedule once when due, to its audience only, and plans the next day in its timezone', async () => {
    const uk = await subscribe(t, push, site, { language: 'uk-UA' });
    const en = await subscribe(t, push, site, { language: 'en-US' });
    const foreign = await subscribe(t, push, other, { language: 'uk-UA' });
    const segment = await db()
      .insertInto('segments')
      .values({
        domain_id: site.id,
        client_id: site.client_id,
        name: 'Ukrainian speakers',
        query: JSON.stringify({ filters: [{ language: { type: 'and', operator: '=', values: ['uk-UA'] } }] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const drip = await addDrip(db(), site, { type: 'recurring', title: 'Daily news' });
    const s = await addSchedule(db(), site, {
      type: 'recurring',
      drip_id: drip.id,
      frequency: 'daily',
      time: '09:00',
      timezone: 'Europe/Kyiv',
      segment_ids: [segment.id],
    });
    const planned = await db()
      .selectFrom('schedules')
      .select('next_disp_date')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(planned.next_disp_date).not.toBeNull();
    const kyivTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', hour: '2-digit', minute: '2-digit' });
    expect(kyivTime.format(planned.next_disp_date!)).toBe('09:00');
    await makeDue(s.id);
    const first = await t.delivery.scheduler.tick();
    expect(first.occurrences).toBe(1);
    expect((await t.delivery.scheduler.tick()).occurrences).toBe(0);
    const rows = await waitFor(async () => {
      const r = await sentTo(drip.id);
      return r.length > 0 && r.every((x) => x.status === 'sent') && r;
    });
    expect(rows.map((r) => r.subscriber_id)).toEqual([uk.id]);
    expect(push.messages(uk.sub.id).map((m) => (m.json as { title: string }).title)).toContain('Daily news');
    expect(push.messages(en.sub.id)).toHaveLength(0);
    expect(push.messages(foreign.sub.id)).toHaveLength(0);
    const after = await db()
      .selectFrom('schedules')
      .select(['next_disp_date', 'last_disp_date'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(after.last_disp_date).not.toBeNull();
    expect(after.next_disp_date!.getTime()).toBeGreaterThan(Date.now());
    expect(kyivTime.format(after.next_disp_date!)).toBe('09:00');
  });

  it('sends a one-time schedule once, then has nothing planned', async () => {
    const drip = await addDrip(db(), site, { type: 'recurring', title: 'One shot' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const s = await addSchedule(db(), site, {
      type: 'one',
      drip_id: drip.id,
      choose_time: [{ date_start: tomorrow, time: '10:00', timezone: 'UTC' }],
    });
    const planned = await db()
      .selectFrom('schedules')
      .select('next_disp_date')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(planned.next_disp_date!.toISOString()).toBe(`${tomorrow}T10:00:00.000Z`);
    await makeDue(s.id);
    expect((await t.delivery.scheduler.tick()).occurrences).toBe(1);
    const after = await db()
      .selectFrom('schedules')
      .select('next_disp_date')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(after.next_disp_date!.toISOString()).toBe(`${tomorrow}T10:00:00.000Z`);
  });

  it('rotates the drips of a spam schedule', async () => {
    const a = await addDrip(db(), site, { type: 'recurring', title: 'Spam A' });
    const b = await addDrip(db(), site, { type: 'recurring', title: 'Spam B' });
    const s = await addSchedule(db(), site, {
      type: 'spam-recurring',
      frequency: 'minutely',
      time: '00:01:00',
      date_start: '2026-01-01 00:00:00',
    });
    await db()
      .insertInto('schedule_drips')
      .values([
        { schedule_id: s.id, drip_id: a.id, position: 0 },
        { schedule_id: s.id, drip_id: b.id, position: 1 },
      ])
      .execute();
    for (let i = 0; i < 3; i++) {
      await makeDue(s.id);
      await t.delivery.scheduler.tick();
    }
    const occ = await db()
      .selectFrom('occurrences')
      .select('drip_id')
      .where('schedule_id', '=', s.id)
      .orderBy('id')
      .execute();
    expect(occ.map((o) => o.drip_id)).toEqual([a.id, b.id, a.id]);
  });

  it('fires a trigger for the subscriber that raised the event, after its delay', async () => {
    const drip = await addDrip(db(), site, {
      type: 'trigger',
      title: 'Cart left',
      event: 'cart_abandoned',
      meta: { delay: 1500 },
    });
    const { sub, id } = await subscribe(t, push, site);
    const bystander = await subscribe(t, push, site);
    const c = new TestClient(t.app);
    const unknown = await c.post('/api/public/v1/trigger', {
      website_id: site.website_id,
      endpoint: sub.endpoint,
      event: 'nothing_here',
    });
    expect(unknown.json().data.queued).toBe(false);
    const t0 = Date.now();
    const res = await c.post('/api/public/v1/trigger', {
      website_id: site.website_id,
      endpoint: sub.endpoint,
      event: 'cart_abandoned',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.queued).toBe(true);
    await waitFor(async () => push.messages(sub.id).some((m) => (m.json as { title: string }).title === 'Cart left'));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1500);
    expect((await sentTo(drip.id)).map((r) => r.subscriber_id)).toEqual([id]);
    expect(
      push.messages(bystander.sub.id).filter((m) => (m.json as { title: string }).title === 'Cart left'),
    ).toHaveLength(0);
  });

  it('sends nothing for an inactive drip, schedule, group or website', async () => {
    await subscribe(t, push, site);
    const make = async (title: string) => {
      const drip = await addDrip(db(), site, { type: 'recurring', title });
      const s = await addSchedule(db(), site, {
        type: 'recurring',
        drip_id: drip.id,
        frequency: 'daily',
        time: '09:00',
      });
      return { drip, s };
    };
    const inactiveDrip = await make('inactive drip');
    await db().updateTable('drips').set({ is_active: 0 }).where('id', '=', inactiveDrip.drip.id).execute();
    const inactiveSchedule = await make('inactive schedule');
    await db().updateTable('schedules').set({ is_active: 0 }).where('id', '=', inactiveSchedule.s.id).execute();
    const inGroup = await make('inactive group');
    const group = await db()
      .insertInto('drip_groups')
      .values({ domain_id: site.id, client_id: site.client_id, is_active: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('drips').set({ group_id: group.id }).where('id', '=', inGroup.drip.id).execute();
    for (const x of [inactiveDrip, inactiveSchedule, inGroup]) await makeDue(x.s.id);
    await t.delivery.scheduler.tick();
    const offSite = await make('inactive website');
    await db().updateTable('domains').set({ is_active: 0 }).where('id', '=', site.id).execute();
    await makeDue(offSite.s.id);
    await t.delivery.scheduler.tick();
    await waitFor(async () => {
      const pending = await db()
        .selectFrom('occurrences')
        .select('id')
        .where('status', 'in', ['pending', 'fanning'])
        .where('type', '!=', 'welcome')
        .execute();
      return pending.length === 0;
    });
    for (const x of [inactiveDrip, inactiveSchedule, inGroup, offSite])
      expect(await sentTo(x.drip.id), x.drip.id.toString()).toEqual([]);
    await db().updateTable('domains').set({ is_active: 1 }).where('id', '=', site.id).execute();
  });
});
