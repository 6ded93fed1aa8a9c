import { DRIP_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addAudience, del, demoSites, fieldErrors, recurringItem, type Site, scheduleOf } from './drip-test-kit.ts';

describe.each(testBackends())('recurring groups on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let blog: Site;
  let news: Site;
  let acme: TestClient;
  let drips: number[];
  let blogDrip: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop, blog, news } = await demoSites(t));
    const audience = await addAudience(t.handle.db, shop, 'English');
    const blogAudience = await addAudience(t.handle.db, blog, 'Blog');
    acme = await signedIn(t, DEMO.client);
    const items = [1, 2, 3].map((i) => recurringItem(shop.id, [audience], { title: `R${i}` }));
    drips = (await acme.post('/api/v1/drips/recurring/createOrUpdate', items))
      .json()
      .data.map((d: { id: number }) => d.id);
    blogDrip = (
      await acme.post('/api/v1/drips/recurring/createOrUpdate', [recurringItem(blog.id, [blogAudience])])
    ).json().data[0].id;
  });
  afterAll(() => t?.close());

  const groupRow = (id: number) =>
    t.handle.db.selectFrom('drip_groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const groupOf = async (dripId: number) =>
    (await t.handle.db.selectFrom('drips').select('group_id').where('id', '=', dripId).executeTakeFirstOrThrow())
      .group_id;

  it('creates groups, attaches and detaches drips with drips_count following, and lists them by website', async () => {
    const created = await acme.post('/api/v1/abstract/groups', { domain_id: shop.id, name: 'Mornings' });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    expect(group).toMatchObject({ domain_id: shop.id, name: 'Mornings', is_active: 1, drips_count: 0 });
    expect(group.group_uid).toMatch(/^[0-9a-f]{32}$/);
    const attached = await acme.post(`/api/v1/abstract/groups/${group.id}/attach`, { drip_ids: [drips[0], drips[1]] });
    expect(attached.json().data.drips_count).toBe(2);
    expect(await groupOf(drips[0]!)).toBe(group.id);
    const ungrouped = await acme.get(`/api/v1/drips/recurring/get?where[domain_id]=${shop.id}&where[group_id]=null`);
    expect(ungrouped.json().data.map((d: { id: number }) => d.id)).toEqual([drips[2]]);
    const other = (await acme.post('/api/v1/abstract/groups', { domain_id: shop.id, drip_ids: [drips[1]] })).json()
      .data;
    expect(other.drips_count).toBe(1);
    expect((await groupRow(group.id)).drips_count).toBe(1);
    const detached = await acme.post(`/api/v1/abstract/groups/${group.id}/detach`, { drip_ids: [drips[0]] });
    expect(detached.json().data.drips_count).toBe(0);
    expect(await groupOf(drips[0]!)).toBeNull();
    const listed = await acme.get(`/api/v1/abstract/groups/by-domain?domain_id=${shop.id}`);
    expect(listed.json().data.map((g: { id: number; drips_count: number }) => [g.id, g.drips_count])).toEqual([
      [group.id, 0],
      [other.id, 1],
    ]);
  });

  it("refuses drips of another website and another client's groups", async () => {
    const group = (await acme.post('/api/v1/abstract/groups', { domain_id: shop.id })).json().data;
    const res = await acme.post(`/api/v1/abstract/groups/${group.id}/attach`, { drip_ids: [blogDrip] });
    expect(fieldErrors(res)).toEqual({ drip_ids: [DRIP_MSG.drips] });
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.get(`/api/v1/abstract/groups/by-domain?domain_id=${shop.id}`)).statusCode).toBe(404);
    expect((await globex.post(`/api/v1/abstract/groups/${group.id}/attach`, { drip_ids: [drips[2]] })).statusCode).toBe(
      404,
    );
    expect(
      (await globex.post(`/api/v1/abstract/groups/${group.id}/toggle?mode=multiple`, { is_active: 0 })).statusCode,
    ).toBe(404);
    expect((await del(globex, `/api/v1/abstract/groups/${group.id}`)).statusCode).toBe(404);
    expect((await globex.post('/api/v1/abstract/groups', { domain_id: shop.id })).statusCode).toBe(404);
    expect((await globex.post('/api/v1/abstract/groups', { domain_id: news.id })).statusCode).toBe(201);
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await viewer.get(`/api/v1/abstract/groups/by-domain?domain_id=${shop.id}`)).statusCode).toBe(200);
    expect((await viewer.post('/api/v1/abstract/groups', { domain_id: shop.id })).statusCode).toBe(403);
  });

  it('toggles a group, with mode=multiple its drips and schedules too; on again re-plans them', async () => {
    const group = (await acme.post('/api/v1/abstract/groups', { domain_id: shop.id, drip_ids: [drips[2]] })).json()
      .data;
    const only = await acme.post(`/api/v1/abstract/groups/${group.id}/toggle`, { is_active: 0 });
    expect(only.json().data.is_active).toBe(0);
    expect((await scheduleOf(t.handle.db, drips[2]!)).is_active).toBe(1);
    await acme.post(`/api/v1/abstract/groups/${group.id}/toggle?mode=multiple`, { is_active: 0 });
    expect((await scheduleOf(t.handle.db, drips[2]!)).is_active).toBe(0);
    await t.handle.db
      .updateTable('schedules')
      .set({ next_disp_date: new Date(0) })
      .where('drip_id', '=', drips[2]!)
      .execute();
    const on = await acme.post(`/api/v1/abstract/groups/${group.id}/toggle?mode=multiple`, { is_active: 1 });
    expect(on.json().data.is_active).toBe(1);
    const s = await scheduleOf(t.handle.db, drips[2]!);
    expect(s.is_active).toBe(1);
    expect(s.next_disp_date!.getTime()).toBeGreaterThan(Date.now());
    expect(fieldErrors(await acme.post(`/api/v1/abstract/groups/${group.id}/toggle`, { is_active: 3 }))).toHaveProperty(
      'is_active',
    );
  });

  it('deletes a group and keeps its drips, ungrouped', async () => {
    const group = (await acme.post('/api/v1/abstract/groups', { domain_id: shop.id, drip_ids: [drips[0]] })).json()
      .data;
    expect((await del(acme, `/api/v1/abstract/groups/${group.id}`)).statusCode).toBe(200);
    expect(await groupOf(drips[0]!)).toBeNull();
    expect((await del(acme, `/api/v1/abstract/groups/${group.id}`)).statusCode).toBe(404);
  });

  it("recomputes next_disp_date of a website's recurring schedules from now", async () => {
    await t.handle.db.updateTable('schedules').set({ next_disp_date: null }).where('domain_id', '=', shop.id).execute();
    const res = await acme.post('/api/v1/tools/update-schedules/recurring', { domain_id: shop.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([{ domain_id: shop.id, drips_count: 3 }]);
    for (const id of drips) expect((await scheduleOf(t.handle.db, id)).next_disp_date).not.toBeNull();
    const globex = await signedIn(t, DEMO.globex);
    expect((await globex.post('/api/v1/tools/update-schedules/recurring', { domain_id: shop.id })).statusCode).toBe(
      404,
    );
    expect(fieldErrors(await acme.post('/api/v1/tools/update-schedules/recurring', {}))).toHaveProperty('domain_id');
  });
});
