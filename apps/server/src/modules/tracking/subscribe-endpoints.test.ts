import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { rollup, startPushService, subscribe, websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, type TestApp, TestClient } from '../../test/harness.ts';

/**
 * Endpoints an anonymous caller could use to point the sender at something that is not a push service, each with
 * the reason the 422 must give. `origin` and `port` are the local push service's (allowed on `/push/<id>` only);
 * `other` is another local port.
 */
function hostileEndpoints(origin: string, port: number, other: number): [string, RegExp][] {
  const notAllowed = /^Endpoint origin \S+ is not an allowed push service$/;
  const notPushPath = new RegExp(`^Endpoint path is not a push path of ${origin.replaceAll('.', '\\.')}$`);
  const credentials = /must not contain credentials/;
  const characters = /must not contain spaces, control characters, backslashes or non-ASCII/;
  return [
    // loopback, every way it can be written, on another port or the default one
    [`https://127.0.0.1:${other}/push/abc`, notAllowed],
    [`https://127.1:${other}/push/abc`, notAllowed],
    [`https://2130706433:${other}/`, notAllowed],
    [`https://0x7f000001:${other}/`, notAllowed],
    [`https://0177.0.0.1:${other}/`, notAllowed],
    [`https://%31%32%37.0.0.1:${other}/`, notAllowed],
    [`https://127.0.0.1./push/abc`, notAllowed],
    [`https://localhost:${port}/push/abc`, notAllowed],
    [`https://LOCALHOST.:${port}/push/abc`, notAllowed],
    // private and special ranges
    ['https://10.0.0.1/push/abc', notAllowed],
    ['https://172.16.0.1/push/abc', notAllowed],
    ['https://172.31.255.254:8443/', notAllowed],
    ['https://192.168.1.1/', notAllowed],
    ['https://169.254.169.254/latest/meta-data/', notAllowed],
    [`https://0.0.0.0:${port}/push/abc`, notAllowed],
    ['https://0/', notAllowed],
    // IPv6 loopback, mapped, ULA, link-local
    [`https://[::1]:${port}/push/abc`, notAllowed],
    [`https://[0:0:0:0:0:0:0:1]:${port}/push/abc`, notAllowed],
    [`https://[::ffff:127.0.0.1]:${port}/push/abc`, notAllowed],
    [`https://[::ffff:7f00:1]:${port}/push/abc`, notAllowed],
    ['https://[fd00::1]/', notAllowed],
    ['https://[fe80::1]/', notAllowed],
    // the local push service: anything but its push path
    [`${origin}/_control/reset`, notPushPath],
    [`${origin}/_control/faults`, notPushPath],
    [`${origin}/subscriptions`, notPushPath],
    [`${origin}/push/../_control/reset`, notPushPath],
    [`${origin}/push/%2e%2e/_control/reset`, notPushPath],
    [`${origin}/push/abc?then=/_control/reset`, notPushPath],
    [`https://127.1:${port}/_control/reset`, notPushPath],
    // userinfo tricks
    [`https://fcm.googleapis.com@127.0.0.1:${port}/push/abc`, credentials],
    ['https://fcm.googleapis.com:443@evil.test/', credentials],
    ['https://user:pw@fcm.googleapis.com/fcm/send/x', credentials],
    // http, other ports and lookalikes of the known push services
    ['http://127.0.0.1:5432/x', /origin http:\/\/127\.0\.0\.1:5432 must use https/],
    ['http://fcm.googleapis.com/fcm/send/x', /must use https/],
    ['https://fcm.googleapis.com:8443/fcm/send/x', notAllowed],
    ['https://updates.push.services.mozilla.com:444/wpush/v2/x', notAllowed],
    ['https://web.push.apple.com:8080/x', notAllowed],
    ['https://fcm.googleapis.com.evil.test/fcm/send/x', notAllowed],
    ['https://push.apple.com/x', notAllowed],
    ['https://evil.test/fcm.googleapis.com/x', notAllowed],
    // other schemes
    ['data:text/plain,hello', /scheme data: is not supported/],
    ['javascript:alert(1)', /scheme javascript: is not supported/],
    ['file:///etc/passwd', /scheme file: is not supported/],
    ['ftp://fcm.googleapis.com/x', /scheme ftp: is not supported/],
    // whitespace, control characters, backslashes, homographs, fragments, length
    [' https://fcm.googleapis.com/fcm/send/x', characters],
    ['https://fcm.googleapis.com/fcm/send/x\t', characters],
    [`https://127.0.0.1\n:${port}/push/abc`, characters],
    // a NUL is refused before any schema, for every field of every route (plugins/input-text.ts)
    ['https://fcm.googleapis.com/fcm/send/\u0000x', /Must not contain NUL characters/],
    ['https://fcm.googleapis.com\\@127.0.0.1/', characters],
    ['https://fcm.googleapis.c\u03bfm/x', characters],
    ['https://fcm.googleapis.com/fcm/send/x#/_control/reset', /must not contain a fragment/],
    [`https://fcm.googleapis.com/fcm/send/${'a'.repeat(2100)}`, /2048/],
  ];
}

describe.each(testBackends())('subscription endpoints on the public subscribe route on $name', (backend) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let site: Awaited<ReturnType<typeof websiteOf>>;
  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(backend, { local: { origin: push.origin, ca: push.ca! } });
    site = await websiteOf(t.handle.db, 'https://shop.acme.test');
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const stored = async () =>
    (await t.handle.db.selectFrom('subscribers').select('endpoint').where('domain_id', '=', site.id).execute()).map(
      (r) => r.endpoint,
    );
  // one address per request: the per-IP limit (60/min) must not be what refuses them
  let ip = 0;
  const post = (body: object) =>
    new TestClient(t.app, `198.18.${Math.floor(++ip / 250)}.${ip % 250}`).post('/api/public/v1/subscribe', {
      website_id: site.website_id,
      ...body,
    });

  it('refuses every hostile endpoint with 422 and the reason under subscription.endpoint, storing nothing', async () => {
    const table = hostileEndpoints(push.origin, push.port, push.port + 1);
    expect(table.length).toBeGreaterThanOrEqual(30);
    const keys = push.createSubscription().keys;
    const before = { rows: await stored(), subscribed: (await rollup(t.handle.db, site.id)).subscribed };
    const answers: [string, number, string[] | undefined][] = [];
    for (const [endpoint] of table) {
      const res = await post({ subscription: { endpoint, keys } });
      answers.push([endpoint, res.statusCode, res.json().errors?.['subscription.endpoint']]);
    }
    for (const [i, [endpoint, status, messages]] of answers.entries()) {
      expect(status, endpoint).toBe(422);
      expect(messages?.[0], endpoint).toMatch(table[i]![1]);
    }
    expect(await stored()).toEqual(before.rows);
    expect((await rollup(t.handle.db, site.id)).subscribed).toBe(before.subscribed);
  });

  it('accepts the endpoint shapes of FCM, Mozilla, Apple and WNS and the local push path', async () => {
    const local = push.createSubscription({ applicationServerKey: site.vapid_public_key! });
    const valid = [
      'https://fcm.googleapis.com/fcm/send/dXyzAbC123:APA91bH-Kx_y7TqZ0rW-abcdefghijklmnopqrstuvwxyz0123456789',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABmXyZ0aBcDeFgHiJkLmNoPqRsTuVwXyZ_-0123456789',
      'https://web.push.apple.com/QGuQyavXutnMbOTb1fB4Ta7Np6ZP0e7kHPeQeQpC1Hk',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAADf%2bXyZ0aBcDeFgHiJk%3d',
      local.endpoint,
    ];
    for (const endpoint of valid) {
      const res = await post({ subscription: { endpoint, keys: local.keys } });
      expect(res.statusCode, endpoint).toBe(201);
    }
    expect(await stored()).toEqual(expect.arrayContaining(valid));
  });

  it('refuses a hostile old_endpoint and leaves the subscription it names untouched', async () => {
    const { sub, id } = await subscribe(t, push, site);
    const next = push.createSubscription({ applicationServerKey: site.vapid_public_key! });
    const res = await post({
      subscription: { endpoint: next.endpoint, keys: next.keys },
      old_endpoint: `${push.origin}/_control/reset`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.old_endpoint).toEqual([`Endpoint path is not a push path of ${push.origin}`]);
    const row = await t.handle.db.selectFrom('subscribers').select('endpoint').where('id', '=', id).executeTakeFirst();
    expect(row?.endpoint).toBe(sub.endpoint);
    expect(await stored()).not.toContain(next.endpoint);
  });
});
