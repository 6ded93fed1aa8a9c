import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { addDrip, rollup, startPushService, subscribe, waitFor, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.ts';

/** A local TCP port that counts who connects to it: any connection means the sender was pointed at it. */
async function listenCounting(): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port, connections: () => connections };
}

describe.each(testBackends())('endpoints that are not push services never get a request on $name', (backend) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let bystander: Awaited<ReturnType<typeof listenCounting>>;
  let site: Awaited<ReturnType<typeof websiteOf>>;
  beforeAll(async () => {
    push = await startPushService();
    bystander = await listenCounting();
    t = await createTestApp(backend, {
      work: true,
      local: { origin: push.origin, ca: push.ca! },
      sender: { maxAttempts: 3, backoffBaseMs: 20, timeoutMs: 3000 },
    });
    site = await websiteOf(t.handle.db, 'https://shop.acme.test');
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await new Promise((resolve) => bystander?.server.close(resolve));
  });

  const sendAndSettle = async () => {
    const drip = await addDrip(t.handle.db, site, { type: 'instant' });
    const occurrence = await t.delivery.scheduler.sendNow(drip.id);
    await waitFor(async () => {
      const o = await t.handle.db
        .selectFrom('occurrences')
        .select('status')
        .where('id', '=', occurrence)
        .executeTakeFirstOrThrow();
      const open = await t.handle.db
        .selectFrom('send_ledger')
        .select('id')
        .where('occurrence_id', '=', occurrence)
        .where('status', 'in', ['queued', 'sending'])
        .execute();
      return o.status === 'done' && open.length === 0;
    });
    return t.handle.db.selectFrom('send_ledger').selectAll().where('occurrence_id', '=', occurrence).execute();
  };

  it("refuses the local push service's control route and other local ports at subscribe, and at send time", async () => {
    // a real subscriber, and a message the push service holds: /_control/reset would wipe it
    const { sub, id: realId } = await subscribe(t, push, site);
    await sendAndSettle();
    const [held] = push.messages(sub.id);
    expect(held).toBeDefined();

    const attacks = [
      `${push.origin}/_control/reset`,
      `https://127.1:${push.port}/_control/reset`,
      `https://127.0.0.1:${bystander.port}/push/abc`,
      `https://2130706433:${bystander.port}/`,
    ];
    const keys = push.createSubscription().keys;
    for (const endpoint of attacks) {
      const res = await new TestClient(t.app, '198.51.100.9').post('/api/public/v1/subscribe', {
        website_id: site.website_id,
        subscription: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors['subscription.endpoint'], endpoint).toHaveLength(1);
    }
    const endpoints = await t.handle.db.selectFrom('subscribers').select('endpoint').execute();
    expect(endpoints.map((e) => e.endpoint)).not.toEqual(expect.arrayContaining([attacks[0]]));

    // the same endpoints stored before the policy was tightened: the sender refuses them without a request
    const stale = await t.handle.db
      .insertInto('subscribers')
      .values(
        attacks.map((endpoint) => ({
          domain_id: site.id,
          client_id: site.client_id,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          is_active: 1,
          status: 'active' as const,
          created_at: new Date(),
        })),
      )
      .returning('id')
      .execute();
    const staleIds = stale.map((s) => s.id);
    const before = await rollup(t.handle.db, site.id);
    const ledger = await sendAndSettle();
    const byId = new Map(ledger.map((l) => [l.subscriber_id, l]));
    expect(staleIds.map((s) => byId.get(s)?.status)).toEqual(attacks.map(() => 'refused'));
    expect(byId.get(realId)?.status).toBe('sent');
    expect(bystander.connections()).toBe(0);
    expect(push.message(held!.id)).toBeDefined(); // the control route was never called
    expect(push.messages(sub.id)).toHaveLength(2);
    const after = await rollup(t.handle.db, site.id);
    expect(after.deactivated - before.deactivated).toBe(attacks.length);
    expect(after.sent - before.sent).toBe(1);
    const rows = await t.handle.db
      .selectFrom('subscribers')
      .select(['is_active', 'status'])
      .where('id', 'in', staleIds)
      .execute();
    expect(rows).toEqual(attacks.map(() => ({ is_active: 0, status: 'deactivated' })));

    // and they are never queued again
    const next = await sendAndSettle();
    expect(next.map((l) => l.subscriber_id)).toEqual([realId]);
    expect(bystander.connections()).toBe(0);
  });
});
