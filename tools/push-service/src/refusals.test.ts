import { createVapidAuthorization, encryptPayload, generateVapidKeys } from '@pushdeck/web-push';
import { describe, expect, it } from 'vitest';
import { clientFor, rawPush, startService, vapid } from './test-helpers.ts';

const auth = (audience: string, extra: { now?: number; expiresInSeconds?: number } = {}) =>
  createVapidAuthorization({ ...vapid, audience, ...extra }).authorization;

describe('LocalPushService refusals', () => {
  it('answers 404 for an unknown subscription and 410 for a removed one', async () => {
    const service = await startService();
    const client = clientFor(service);
    const unknown = { endpoint: `${service.origin}/push/nobody`, keys: service.createSubscription().keys };
    expect(await client.send(unknown, 'x', { vapid })).toMatchObject({ status: 404, body: 'no such subscription' });
    const subscription = service.createSubscription();
    expect(service.removeSubscription(subscription.id)).toBe(true);
    expect(await client.send(subscription, 'x', { vapid })).toMatchObject({ status: 410 });
    expect(service.removeSubscription('nobody')).toBe(false);
  });

  it('answers 401 for a missing, malformed, forged, expired, too-long or misaddressed VAPID header', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    const good = auth(service.origin);
    const [jwt = '', k = ''] = good.slice('vapid t='.length).split(', k=');
    const forged = `vapid t=${jwt.slice(0, -4)}AAAA, k=${k}`;
    const otherKey = `vapid t=${jwt}, k=${generateVapidKeys().publicKey}`;
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /VAPID authorization required/],
      [`WebPush ${jwt}`, /vapid scheme/],
      ['vapid t=abc', /lacks t or k/],
      [forged, /signature/],
      [otherKey, /signature does not verify/],
      [auth(service.origin, { now: Date.now() - 7200_000, expiresInSeconds: 3600 }), /expired/],
      [auth(service.origin, { now: Date.now() + 7200_000, expiresInSeconds: 86_400 }), /24 hours/],
      [auth('https://fcm.googleapis.com'), /aud https:\/\/fcm\.googleapis\.com does not match/],
      [auth(service.origin.replace('127.0.0.1', 'localhost')), /does not match/],
    ];
    for (const [authorization, reason] of cases) {
      const answer = await rawPush(service, subscription, { authorization });
      expect([answer.status, answer.body]).toEqual([401, expect.stringMatching(reason)]);
    }
    expect((await rawPush(service, subscription, { authorization: good })).status).toBe(201);
    // Once the good header verified (and is remembered), its forgeries are still checked in full.
    for (const authorization of [forged, otherKey]) {
      const answer = await rawPush(service, subscription, { authorization });
      expect([answer.status, answer.body]).toEqual([401, expect.stringMatching(/signature/)]);
    }
    expect((await rawPush(service, subscription, { authorization: good })).status).toBe(201);
    const refused = cases.length + 2;
    expect(service.stats()).toMatchObject({ vapidFailures: refused, byStatus: { 401: refused, 201: 2 } });
  });

  it('answers 403 when the VAPID key is not the applicationServerKey of the subscription', async () => {
    const service = await startService();
    const subscription = service.createSubscription({ applicationServerKey: vapid.publicKey });
    const client = clientFor(service);
    const other = { subject: vapid.subject, ...generateVapidKeys() };
    expect(await client.send(subscription, 'x', { vapid: other })).toMatchObject({ status: 403 });
    expect(await client.send(subscription, 'x', { vapid })).toMatchObject({ status: 201 });
    expect(service.stats().vapidFailures).toBe(1);
  });

  it('answers 400 for a missing or bad TTL, a bad Urgency or Topic', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    const cases: Array<[Record<string, string | undefined>, RegExp]> = [
      [{ ttl: undefined }, /TTL header required/],
      [{ ttl: '-1' }, /TTL must be/],
      [{ ttl: '1.5' }, /TTL must be/],
      [{ urgency: 'urgent' }, /Urgency must be/],
      [{ topic: 'a'.repeat(33) }, /Topic must be/],
      [{ topic: 'not/base64' }, /Topic must be/],
    ];
    for (const [headers, reason] of cases) {
      const answer = await rawPush(service, subscription, headers);
      expect([answer.status, answer.body]).toEqual([400, expect.stringMatching(reason)]);
    }
    expect((await rawPush(service, subscription, { urgency: 'very-low', topic: 'a'.repeat(32) })).status).toBe(201);
  });

  it('answers 413 for a body over maxBodyBytes and 415 for a wrong or missing content coding', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    const oversize = await rawPush(service, subscription, {}, Buffer.alloc(4097, 1));
    expect([oversize.status, oversize.body]).toEqual([413, 'body exceeds 4096 bytes']);
    const exact = encryptPayload('x'.repeat(3993), subscription.keys);
    expect(exact.length).toBe(4096);
    expect((await rawPush(service, subscription, {}, exact)).status).toBe(201);
    expect((await rawPush(service, subscription, { 'content-encoding': 'aesgcm' })).status).toBe(415);
    expect((await rawPush(service, subscription, { 'content-encoding': undefined })).status).toBe(415);

    const small = await startService({ maxBodyBytes: 1000 });
    const response = await clientFor(small).send(small.createSubscription(), 'y'.repeat(1000), { vapid });
    expect(response.status).toBe(413);
  });

  it('answers 400 "decryption failed" for garbage or a body encrypted for other keys', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    const garbage = await rawPush(service, subscription, {}, Buffer.alloc(200, 7));
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatch(/^decryption failed/);
    const forOther = encryptPayload('secret', service.createSubscription().keys);
    expect((await rawPush(service, subscription, {}, forOther)).body).toMatch(/^decryption failed: Decryption failed/);
    expect(service.stats()).toMatchObject({ decryptFailures: 2, byStatus: { 400: 2 } });
    expect(service.messages()).toEqual([]);
  });

  it('checks in order: subscription, VAPID, headers, size, coding, decryption', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    const removed = service.createSubscription();
    service.removeSubscription(removed.id);
    const unknown = { ...subscription, endpoint: `${service.origin}/push/unknown` };
    const junk = Buffer.alloc(5000, 1);
    const noAuth = { authorization: undefined, ttl: undefined, 'content-encoding': 'gzip' };
    expect((await rawPush(service, unknown, noAuth, junk)).status).toBe(404);
    expect((await rawPush(service, removed, noAuth, junk)).status).toBe(410);
    expect((await rawPush(service, subscription, noAuth, junk)).status).toBe(401);
    expect((await rawPush(service, subscription, { ttl: undefined, 'content-encoding': 'gzip' }, junk)).status).toBe(
      400,
    );
    expect((await rawPush(service, subscription, { 'content-encoding': 'gzip' }, junk)).status).toBe(413);
    expect((await rawPush(service, subscription, { 'content-encoding': 'gzip' }, junk.subarray(0, 300))).status).toBe(
      415,
    );
    expect((await rawPush(service, subscription, {}, junk.subarray(0, 300))).status).toBe(400);
  });
});
