// Shared by the *.test.ts files (not a test file itself).

import { connect, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { createVapidAuthorization, encryptPayload, generateVapidKeys, PushClient } from '@pushdeck/web-push';
import { afterEach } from 'vitest';
import { LocalPushService } from './local-push-service.ts';
import type { CreatedSubscription, LocalPushServiceOptions } from './types.ts';

export const vapid = { subject: 'mailto:dev@pushdeck.test', ...generateVapidKeys() };

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

/** A service closed after the current test. */
export async function startService(opts: LocalPushServiceOptions = {}): Promise<LocalPushService> {
  const service = await LocalPushService.start({ log: () => {}, ...opts });
  opened.push(service);
  return service;
}

/** A PushClient trusting the service, closed after the current test. */
export function clientFor(service: LocalPushService, timeoutMs?: number): PushClient {
  const client = new PushClient({
    ...(service.ca ? { ca: service.ca } : { allowInsecureOrigins: [service.origin] }),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  opened.push(client);
  return client;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP/2 request with exactly the given headers and body (bypasses the sender's own checks). */
export function rawRequest(
  service: LocalPushService,
  headers: OutgoingHttpHeaders,
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const session = connect(service.origin, service.ca ? { ca: service.ca } : {});
    session.on('error', reject);
    const stream = session.request(headers, { endStream: body === undefined });
    const chunks: Buffer[] = [];
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (h) => {
      answer = h;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', reject);
    stream.on('end', () => {
      session.close();
      resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks).toString('utf8') });
    });
    if (body !== undefined) stream.end(body);
  });
}

/** Headers of a well-formed push to the service: override or delete (`undefined`) single ones. */
export function pushHeaders(
  service: LocalPushService,
  overrides: Record<string, string | undefined> = {},
): OutgoingHttpHeaders {
  const headers: Record<string, string | undefined> = {
    authorization: createVapidAuthorization({ ...vapid, audience: service.origin }).authorization,
    ttl: '60',
    'content-encoding': 'aes128gcm',
    ...overrides,
  };
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = value;
  return out;
}

/** POST /push/:id with hand-made headers; the body is `hello` encrypted for the subscription unless given. */
export function rawPush(
  service: LocalPushService,
  subscription: CreatedSubscription,
  overrides: Record<string, string | undefined> = {},
  body: Buffer | undefined = encryptPayload('hello', subscription.keys),
): Promise<RawAnswer> {
  const path = new URL(subscription.endpoint).pathname;
  return rawRequest(service, { ':method': 'POST', ':path': path, ...pushHeaders(service, overrides) }, body);
}

/** One HTTP/1.1 request over TLS (the service also speaks HTTP/1.1 for curl and friends). */
export function http1Request(
  service: LocalPushService,
  method: string,
  path: string,
  body?: string,
): Promise<RawAnswer & { httpVersion: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${service.origin}${path}`, { method, ca: service.ca, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          httpVersion: res.httpVersion,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
