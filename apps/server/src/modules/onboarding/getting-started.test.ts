import { CLIENT_HEADER } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { startPushService, subscribe } from '../../test/delivery-fixtures.ts';
import { createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';

const stepsOf = (data: { steps: { key: string; done: boolean }[] }) =>
  Object.fromEntries(data.steps.map((s) => [s.key, s.done]));

describe.each(testBackends())('GET /v1/getting-started on $name', (backend) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { local: { origin: push.origin, ca: push.ca! } });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('ticks each step of a newly registered client as it happens, from stored data only', async () => {
    const nina = new TestClient(t.app, '10.0.9.1');
    await nina.csrf();
    const registered = await nina.post('/api/auth/client/register', {
      name: 'Nina New',
      email: 'nina.growth@example.com',
      password: 'longenough',
      password_confirmation: 'longenough',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const read = async () => {
      const res = await nina.get('/api/v1/getting-started');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };

    const fresh = await read();
    expect(fresh).toEqual({
      steps: [
        { key: 'website', done: false },
        { key: 'script', done: false },
        { key: 'subscriber', done: false },
        { key: 'welcome', done: false },
      ],
      done: false,
      domain_id: null,
    });

    const created = await nina.post('/api/v1/domains', { url: 'https://nina-shop.example.com' });
    expect(created.statusCode, created.body).toBe(201);
    const site = created.json().data as { id: number; website_id: string; vapid_public_key: string };
    const withSite = await read();
    expect(stepsOf(withSite)).toEqual({ website: true, script: false, subscriber: false, welcome: false });
    expect(withSite.domain_id).toBe(site.id);

    const zip = await nina.post('/api/v1/files/generateJavaScriptZipByDomains', {
      filename: 'nina',
      website_ids: [site.website_id],
    });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(stepsOf(await read())).toEqual({ website: true, script: true, subscriber: false, welcome: false });

    await subscribe(t, push, site);
    expect(stepsOf(await read())).toEqual({ website: true, script: true, subscriber: true, welcome: false });

    const welcome = await nina.post('/api/v1/drips/welcome/createOrUpdate', [
      {
        domain_id: site.id,
        title: 'Hello',
        body: 'Thanks for subscribing',
        url: 'https://nina-shop.example.com/',
        offset: 0,
      },
    ]);
    expect(welcome.statusCode, welcome.body).toBe(201);
    const all = await read();
    expect(all.done).toBe(true);
    expect(all.steps.every((s: { done: boolean }) => s.done)).toBe(true);

    // a welcome drip switched off greets no one: the step is not done
    const off = await nina.post(`/api/v1/drips/welcome/updateStatus/${site.id}/null/0`, {});
    expect(off.statusCode, off.body).toBe(200);
    expect(stepsOf(await read())).toMatchObject({ welcome: false });
    const on = await nina.post(`/api/v1/drips/welcome/updateStatus/${site.id}/null/1`, {});
    expect(on.statusCode, on.body).toBe(200);
    expect(stepsOf(await read())).toMatchObject({ welcome: true });

    // a deleted welcome drip no longer counts
    const removed = await nina.request('DELETE', `/api/v1/drips/${welcome.json().data[0].id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(stepsOf(await read())).toMatchObject({ welcome: false });
  });

  it('counts a subscription as an installed script, and never counts another client or a deleted website', async () => {
    const acme = await signedIn(t, DEMO.client);
    const before = stepsOf((await acme.get('/api/v1/getting-started')).json().data);
    const olga = new TestClient(t.app, '10.0.9.2');
    await olga.csrf();
    await olga.post('/api/auth/client/register', {
      name: 'Olga Other',
      email: 'olga.growth@example.com',
      password: 'longenough',
      password_confirmation: 'longenough',
    });
    const site = (await olga.post('/api/v1/domains', { url: 'https://olga.example.com' })).json().data;
    await subscribe(t, push, site);
    expect(stepsOf((await olga.get('/api/v1/getting-started')).json().data)).toEqual({
      website: true,
      script: true,
      subscriber: true,
      welcome: false,
    });
    expect(stepsOf((await acme.get('/api/v1/getting-started')).json().data)).toEqual(before);
    expect((await olga.request('DELETE', `/api/v1/domains/${site.id}`)).statusCode).toBe(200);
    expect((await olga.get('/api/v1/getting-started')).json().data).toMatchObject({
      domain_id: null,
      steps: [
        { key: 'website', done: false },
        { key: 'script', done: false },
        { key: 'subscriber', done: false },
        { key: 'welcome', done: false },
      ],
    });
  });

  it('answers staff for the client they chose, 404 without one, and 401 without a session', async () => {
    const moder = await signedIn(t, DEMO.moder);
    expect((await moder.get('/api/v1/getting-started')).statusCode).toBe(404);
    const acme = await t.handle.db
      .selectFrom('clients')
      .innerJoin('domains', 'domains.client_id', 'clients.id')
      .select(['clients.client_uid', 'domains.id'])
      .where('domains.url', '=', 'https://shop.acme.test')
      .executeTakeFirstOrThrow();
    const res = await moder.get('/api/v1/getting-started', { [CLIENT_HEADER]: acme.client_uid });
    expect(res.statusCode, res.body).toBe(200);
    expect(stepsOf(res.json().data)).toMatchObject({ website: true });
    expect((await new TestClient(t.app).get('/api/v1/getting-started')).statusCode).toBe(401);
  });
});
