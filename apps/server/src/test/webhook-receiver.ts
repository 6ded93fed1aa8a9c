import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A local webhook receiver on 127.0.0.1 (tests list it in PUSHDECK_WEBHOOK_HOSTS): records every request's headers
 * and raw body, and answers the statuses queued with `answer` in turn (200 once they are used up).
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const queue: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = queue.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/pushdeck`,
    received,
    /** The next requests get these statuses, in order. */
    answer(...statuses: number[]) {
      queue.push(...statuses);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Verifies a Pushdeck-Signature header the way a receiver would, with WebCrypto (crypto.subtle), not the server's
 * helper: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes.
 */
export async function verifySignature(secret: string, header: string, rawBody: string): Promise<boolean> {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = parts.t;
  const v1 = parts.v1;
  if (!t || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const mac = new Uint8Array(v1.match(/../g)!.map((h) => Number.parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', key, mac, enc.encode(`${t}.${rawBody}`));
}
