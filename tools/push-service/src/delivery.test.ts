import { describe, expect, it } from 'vitest';
import { clientFor, http1Request, rawPush, rawRequest, startService, vapid } from './test-helpers.ts';
import type { CreatedSubscription, ReceivedMessage } from './types.ts';

describe('LocalPushService delivery', () => {
  it('accepts a web-push message, decrypts it and records its headers and VAPID identity', async () => {
    const seen: ReceivedMessage[] = [];
    const service = await startService({ onMessage: (m) => void seen.push(m) });
    const subscription = service.createSubscription({ label: 'chrome' });
    expect(subscription.endpoint).toBe(`${service.origin}/push/${subscription.id}`);
    expect(service.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const payload = JSON.stringify({ title: 'Sale', body: 'Héllo ✓' });
    const response = await clientFor(service).send(subscription, payload, {
      ttl: 90,
      urgency: 'high',
      topic: 'sale_1',
      vapid,
    });
    expect(response.status).toBe(201);
    const [message] = service.messages();
    expect(response.location).toBe(`${service.origin}/message/${message?.id}`);
    expect(message).toMatchObject({
      subscriptionId: subscription.id,
      text: payload,
      json: { title: 'Sale', body: 'Héllo ✓' },
      ttl: 90,
      urgency: 'high',
      topic: 'sale_1',
      vapidSubject: vapid.subject,
      vapidPublicKey: vapid.publicKey,
    });
    expect(message?.payload.equals(Buffer.from(payload))).toBe(true);
    expect(message?.replacedTopic).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([message]);
    expect(service.stats()).toMatchObject({ received: 1, byStatus: { 201: 1 }, decryptFailures: 0, sessions: 1 });
  });

  it('echoes TTL, defaults urgency to normal, accepts a push without body, and flags a replaced topic', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    const first = await rawPush(service, subscription, { ttl: '0', topic: 't1' });
    expect(first.status).toBe(201);
    expect(first.headers.ttl).toBe('0');
    expect(first.headers.location).toMatch(new RegExp(`^${service.origin}/message/[0-9a-f-]{36}$`));
    const empty = await rawPush(service, subscription, { topic: 't1', 'content-encoding': undefined }, Buffer.alloc(0));
    expect(empty.status).toBe(201);
    const [a, b] = service.messages(subscription.id);
    expect(a).toMatchObject({ text: 'hello', ttl: 0, urgency: 'normal', topic: 't1' });
    expect(a?.json).toBeUndefined();
    expect(b).toMatchObject({ text: '', size: 0, replacedTopic: true });
  });

  it('keeps only ids and sizes without retainPayloads, drops the oldest beyond maxStored', async () => {
    const payloads: string[] = [];
    const service = await startService({
      retainPayloads: false,
      maxStored: 3,
      onMessage: (m) => void payloads.push(m.text),
    });
    const subscription = service.createSubscription();
    const client = clientFor(service);
    for (let i = 0; i < 5; i++) await client.send(subscription, `message ${i}`, { vapid });
    const stored = service.messages();
    expect(stored).toHaveLength(3);
    expect(stored.map((m) => [m.text, m.size, m.payload.length])).toEqual([
      ['', 9, 0],
      ['', 9, 0],
      ['', 9, 0],
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(payloads).toEqual(['message 0', 'message 1', 'message 2', 'message 3', 'message 4']);
    expect(service.stats().byStatus).toEqual({ 201: 5 });
  });

  it('answers 201 even when onMessage throws, and logs the error', async () => {
    const logged: string[] = [];
    const service = await startService({
      log: (line) => logged.push(line),
      onMessage: () => {
        throw new Error('listener broke');
      },
    });
    const response = await clientFor(service).send(service.createSubscription(), 'x', { vapid });
    expect(response.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logged.join('\n')).toMatch(/onMessage failed .*listener broke/);
  });

  it('serves subscriptions and control routes over HTTP/1.1 as well as HTTP/2', async () => {
    const service = await startService();
    const created = await http1Request(service, 'POST', '/subscriptions', JSON.stringify({ label: 'curl' }));
    expect(created.httpVersion).toBe('1.1');
    expect(created.status).toBe(201);
    const subscription = JSON.parse(created.body) as CreatedSubscription;
    expect(subscription).toMatchObject({ label: 'curl', endpoint: `${service.origin}/push/${subscription.id}` });
    expect(JSON.stringify(subscription)).not.toMatch(/privateKey/);

    await clientFor(service).send(subscription, '{"n":1}', { vapid, topic: 'x' });
    const list = await rawRequest(service, { ':path': `/_control/messages?subscription=${subscription.id}` });
    expect(JSON.parse(list.body)).toMatchObject([
      { subscriptionId: subscription.id, payload: '{"n":1}', json: { n: 1 } },
    ]);
    const stats = await http1Request(service, 'GET', '/_control/stats');
    expect(JSON.parse(stats.body)).toMatchObject({ received: 1, byStatus: { 201: 1 }, sessions: 2 }); // PushClient + rawRequest

    expect((await http1Request(service, 'POST', '/subscriptions', '{oops')).status).toBe(400);
    expect((await http1Request(service, 'POST', '/subscriptions', '{"applicationServerKey":"abc"}')).status).toBe(400);
    expect((await http1Request(service, 'GET', '/nowhere')).status).toBe(404);
    expect((await http1Request(service, 'GET', `/push/${subscription.id}`)).status).toBe(405);
    expect((await http1Request(service, 'DELETE', `/subscriptions/${subscription.id}`)).status).toBe(204);
    expect(service.subscriptions()[0]?.removed).toBe(true);

    expect((await http1Request(service, 'POST', '/_control/reset')).status).toBe(204);
    expect(service.messages()).toEqual([]);
    expect(service.stats().received).toBe(0);
  });

  it('speaks cleartext h2c and HTTP/1.1 with tls: false', async () => {
    const service = await startService({ tls: false });
    expect(service.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.ca).toBeUndefined();
    const subscription = service.createSubscription();
    const response = await clientFor(service).send(subscription, 'plain', { vapid });
    expect(response.status).toBe(201);
    expect(service.messages()[0]?.text).toBe('plain');
    expect(service.stats().sessions).toBe(1);
    const http1 = await fetch(`${service.origin}/_control/stats`);
    expect(await http1.json()).toMatchObject({ received: 1, sessions: 1 }); // fetch speaks HTTP/1.1
  });
});
