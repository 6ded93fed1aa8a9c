import { afterEach, describe, expect, it } from 'vitest';
import { decryptPayload, generateReceiverKeys } from './decryption.ts';
import { EndpointRefusedError, PushTransportError, WebPushInputError } from './errors.ts';
import { PushClient, type PushClientOptions } from './push-client.ts';
import type { SendOptions } from './send-options.ts';
import { type Reply, startPushServer } from './test-server.ts';
import { generateVapidKeys } from './vapid.ts';
import { verifyVapidAuthorization } from './vapid-verify.ts';

const vapid = { subject: 'mailto:ops@pushdeck.test', ...generateVapidKeys() };
const ua = generateReceiverKeys();
const opened: Array<{ close(): Promise<void> }> = [];

async function setup(reply?: (n: number) => Reply, extra: PushClientOptions = {}, secure = true) {
  const server = await startPushServer({ secure, ...(reply ? { reply: (_r, n) => reply(n) } : {}) });
  const client = new PushClient({ ca: server.ca, ...extra });
  opened.push(client, server);
  const subscription = (path = '/push/abc') => ({
    endpoint: `${server.origin}${path}`,
    keys: { p256dh: ua.p256dh, auth: ua.auth },
  });
  return { server, client, subscription };
}

afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

const options: SendOptions = { ttl: 60, urgency: 'high', topic: 'news_1', vapid };

/** Resolves once `condition` holds, checked on every turn of the event loop; fails after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('PushClient', () => {
  it('sends an encrypted, VAPID-authorized RFC 8030 request', async () => {
    const { server, client, subscription } = await setup(() => ({
      status: 201,
      headers: { location: 'https://push.test/m/1' },
    }));
    const result = await client.send(subscription('/push/abc?x=1'), 'hello', options);
    expect(result).toEqual({ status: 201, location: 'https://push.test/m/1' });
    const [request] = server.requests;
    expect(request?.path).toBe('/push/abc?x=1');
    expect(request?.headers[':method']).toBe('POST');
    expect(request?.headers.ttl).toBe('60');
    expect(request?.headers.urgency).toBe('high');
    expect(request?.headers.topic).toBe('news_1');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.headers['content-type']).toBe('application/octet-stream');
    const check = verifyVapidAuthorization(request?.headers.authorization, server.origin);
    expect(check).toMatchObject({ ok: true, publicKey: vapid.publicKey, claims: { sub: vapid.subject } });
    expect(decryptPayload(request?.body ?? Buffer.alloc(0), ua.privateKey, ua.auth).toString()).toBe('hello');
  });

  it('defaults ttl to 7200 and omits urgency and topic when not given', async () => {
    const { server, client, subscription } = await setup();
    await client.send(subscription(), 'x', { vapid });
    expect(server.requests[0]?.headers.ttl).toBe('7200');
    expect(server.requests[0]?.headers.urgency).toBeUndefined();
    expect(server.requests[0]?.headers.topic).toBeUndefined();
  });

  it('reuses one HTTP/2 session for many sends', async () => {
    const { server, client, subscription } = await setup();
    for (let i = 0; i < 5; i++) await client.send(subscription(`/push/${i}`), 'x', options);
    await Promise.all(Array.from({ length: 50 }, (_, i) => client.send(subscription(`/p/${i}`), 'y', options)));
    expect(server.requests.length).toBe(55);
    expect(server.sessions).toBe(1);
    expect(client.stats()[server.origin]?.sessionsOpened).toBe(1);
    expect(new Set(server.requests.map((r) => r.headers.authorization)).size).toBe(1); // VAPID header cached
  });

  it('queues beyond the peer maxConcurrentStreams', async () => {
    const server = await startPushServer({
      settings: { maxConcurrentStreams: 3 },
      reply: () => ({ status: 201, delayMs: 20 }),
    });
    const client = new PushClient({ ca: server.ca });
    opened.push(client, server);
    const sub = { endpoint: `${server.origin}/p`, keys: { p256dh: ua.p256dh, auth: ua.auth } };
    await client.send(sub, 'warm-up', options); // receive the server's SETTINGS
    // the warm-up stream has closed and the server's SETTINGS (3 streams) have arrived
    await until(() => {
      const session = client.stats()[server.origin]?.session;
      return session?.active === 0 && session.maxStreams === 3;
    });
    const sends = Array.from({ length: 20 }, () => client.send(sub, 'x', options));
    expect(client.stats()[server.origin]?.pending).toBe(17); // held by the client, not pushed onto the session
    const results = await Promise.all(sends);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(server.maxInFlight).toBeLessThanOrEqual(3);
    expect(server.maxInFlight).toBeGreaterThan(1);
  });

  it('reconnects after the push service closes the session', async () => {
    const { server, client, subscription } = await setup();
    await client.send(subscription(), 'one', options);
    for (const session of server.liveSessions) session.goaway();
    // the client has seen the GOAWAY and retired that session
    await until(() => client.stats()[server.origin]?.session === undefined);
    expect((await client.send(subscription(), 'two', options)).status).toBe(201);
    expect(server.sessions).toBe(2);
  });

  it('returns status, body and Retry-After in ms', async () => {
    const { client, subscription } = await setup(() => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: 'slow down',
    }));
    expect(await client.send(subscription(), 'x', options)).toEqual({
      status: 429,
      retryAfterMs: 7000,
      body: 'slow down',
    });
  });

  it('times out with a retryable PushTransportError', async () => {
    const { client, subscription } = await setup(() => ({ status: 201, hang: true }), { timeoutMs: 100 });
    const error = await client.send(subscription(), 'x', options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushTransportError);
    expect((error as PushTransportError).code).toBe('timeout');
  });

  it('does not trust a self-signed push service without its CA', async () => {
    const { server, subscription } = await setup();
    const strict = new PushClient();
    opened.push(strict);
    await expect(strict.send(subscription(), 'x', options)).rejects.toMatchObject({ code: 'connection' });
    expect(server.requests.length).toBe(0);
  });

  it('fails with a connection error when nothing listens', async () => {
    const client = new PushClient({ allowInsecureOrigins: ['http://127.0.0.1:1'] });
    opened.push(client);
    const sub = { endpoint: 'http://127.0.0.1:1/p', keys: { p256dh: ua.p256dh, auth: ua.auth } };
    await expect(client.send(sub, 'x', options)).rejects.toMatchObject({ code: 'connection' });
  });

  it('speaks h2c to an origin listed in allowInsecureOrigins', async () => {
    const server = await startPushServer({ secure: false });
    const client = new PushClient({ allowInsecureOrigins: [server.origin] });
    opened.push(client, server);
    const sub = { endpoint: `${server.origin}/p`, keys: { p256dh: ua.p256dh, auth: ua.auth } };
    expect((await client.send(sub, 'x', options)).status).toBe(201);
  });

  it('refuses bad endpoints and options before any I/O', async () => {
    const server = await startPushServer({ secure: false });
    const { server: tls, client: tlsClient } = await setup(undefined, { allowedHosts: ['*.push.apple.com'] });
    const client = new PushClient({ allowInsecureOrigins: ['http://localhost:9'] });
    opened.push(client, server);
    const keys = { p256dh: ua.p256dh, auth: ua.auth };
    const refuse = (c: PushClient, endpoint: string, opts: SendOptions = options) =>
      expect(c.send({ endpoint, keys }, 'x', opts)).rejects.toThrow(WebPushInputError);
    await refuse(client, `${server.origin}/p`); // http, origin not listed
    await refuse(client, 'http://localhost:9999/p'); // listed host, other port
    await refuse(client, 'ftp://127.0.0.1/p');
    await refuse(client, 'not a url');
    await refuse(client, 'https://user:pw@fcm.googleapis.com/p');
    await refuse(tlsClient, `${tls.origin}/p`); // https host not in allowedHosts
    await refuse(tlsClient, 'https://evil-push.apple.com.example/p');
    const ok = `${tls.origin}/p`;
    const c2 = new PushClient({ ca: tls.ca });
    opened.push(c2);
    await refuse(c2, ok, { ...options, topic: 'way-too-long-topic-name-over-32-chars' });
    await refuse(c2, ok, { ...options, topic: 'bad topic!' });
    await refuse(c2, ok, { ...options, urgency: 'urgent' as 'high' });
    await refuse(c2, ok, { ...options, ttl: -1 });
    await refuse(c2, ok, { ...options, vapid: { ...vapid, subject: 'ops@example.com' } });
    await expect(c2.send({ endpoint: ok, keys: { ...keys, auth: 'AAAA' } }, 'x', options)).rejects.toThrow(/auth/);
    await expect(c2.send({ endpoint: ok, keys }, Buffer.alloc(4000), options)).rejects.toThrow(/maximum is 3993/);
    expect(server.sessions + tls.sessions).toBe(0);
    expect(server.requests.length + tls.requests.length).toBe(0);
  });

  it('sends only to the allowed port and push path of a listed push service, checked at send time', async () => {
    const { server } = await setup(() => ({ status: 201 }));
    const port = new URL(server.origin).port;
    const client = new PushClient({
      ca: server.ca,
      allowedHosts: ['127.0.0.1', { host: `127.0.0.1:${port}`, path: /^\/push\/[a-z]+$/ }],
    });
    opened.push(client);
    const keys = { p256dh: ua.p256dh, auth: ua.auth };
    const send = (endpoint: string) => client.send({ endpoint, keys }, 'x', options);
    expect((await send(`https://127.0.0.1:${port}/push/abc`)).status).toBe(201);
    for (const endpoint of [
      `https://127.0.0.1:${port}/_control/reset`,
      `https://127.0.0.1:${port}/push/../_control/reset`,
      `https://127.0.0.1:${port}/push/abc?to=x`,
      `https://localhost:${port}/push/abc`,
      `https://127.1:${Number(port) + 1}/push/abc`,
      `https://fcm.googleapis.com@127.0.0.1:${port}/push/abc`,
    ]) {
      await expect(send(endpoint), endpoint).rejects.toThrow(EndpointRefusedError);
    }
    expect(server.requests.map((r) => r.path)).toEqual(['/push/abc']);
  });
});
