import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../test/api-keys.ts';
import { testBackends } from '../../test/backends.ts';
import { startPushService, subscribe, waitFor, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { injectFetch } from '../../test/openapi/inject-fetch.ts';
import type { paths } from '../../test/openapi/server-api.generated.ts';

/** The client generated from the OpenAPI document (server-api.generated.ts) sends a notification and reads its outcome. */
describe.each(testBackends())('A generated client sends a notification on $name', (backend) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { work: true, local: { origin: push.origin, ca: push.ca! } });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('POST /api/server/v1/notifications with an Idempotency-Key, then GET its counts', async () => {
    const site = await websiteOf(t.handle.db, 'https://shop.acme.test');
    const { sub, id } = await subscribe(t, push, site);
    const key = await createApiKey(t, { email: DEMO.client, scopes: ['send'] });
    const client = createClient<paths>({
      baseUrl: 'http://pushdeck.test',
      fetch: injectFetch(t),
      headers: { Authorization: `Bearer ${key}` },
    });
    const sent = await client.POST('/api/server/v1/notifications', {
      params: { header: { 'idempotency-key': 'generated-client-1' } },
      body: { website_id: site.id, subscriber_ids: [id], title: 'From the generated client', urgency: 'low' },
    });
    expect(sent.response.status).toBe(202);
    expect(sent.data?.data).toMatchObject({ status: 'sending', recipients: 1, send_at: null });
    const sendId = sent.data!.data.id;
    const done = await waitFor(async () => {
      const res = await client.GET('/api/server/v1/notifications/{id}', { params: { path: { id: String(sendId) } } });
      return res.data?.data.status === 'done' && res.data.data;
    });
    expect(done.counts).toMatchObject({ queued: 0, sent: 1, failed: 0 });
    expect(push.messages(sub.id).map((m) => (m.json as { title: string }).title)).toEqual([
      'From the generated client',
    ]);
  });
});
