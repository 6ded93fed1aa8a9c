import { afterEach, describe, expect, it } from 'vitest';
import { generateReceiverKeys } from './decryption.ts';
import { PushClient } from './push-client.ts';
import { PushSender, type SendItem, type SendResult } from './push-sender.ts';
import { type ReceivedRequest, type Reply, startPushServer, type TestServer } from './test-server.ts';
import { generateVapidKeys } from './vapid.ts';

const vapid = { subject: 'mailto:ops@pushdeck.test', ...generateVapidKeys() };
const ua = generateReceiverKeys();
const keys = { p256dh: ua.p256dh, auth: ua.auth };
const opened: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function server(reply: (request: ReceivedRequest, n: number) => Reply): Promise<TestServer> {
  const s = await startPushServer({ reply });
  opened.push(s);
  return s;
}

function sender(servers: TestServer[], opts: ConstructorParameters<typeof PushSender>[1] = {}) {
  const client = new PushClient({ ca: servers.map((s) => s.ca) });
  opened.push(client);
  return new PushSender(client, { backoffBaseMs: 5, backoffCapMs: 20, ...opts });
}

const item = (endpoint: string, payload = 'hi'): SendItem => ({
  subscription: { endpoint, keys },
  payload,
  options: { ttl: 60, vapid },
});

async function run(s: PushSender, items: SendItem[], concurrency?: number) {
  const results: SendResult[] = [];
  const summary = await s.sendMany(items, {
    onResult: (r) => results.push(r),
    ...(concurrency ? { concurrency } : {}),
  });
  return { summary, byIndex: [...results].sort((a, b) => a.index - b.index), results };
}

describe('PushSender.sendMany', () => {
  it('reports each item with its outcome: sent, gone, too_large, error, refused', async () => {
    const statuses: Record<string, number> = { '/ok': 201, '/gone': 410, '/missing': 404, '/big': 413, '/auth': 403 };
    const s = await server((request) => ({ status: statuses[request.path] ?? 400 }));
    const paths = ['/ok', '/gone', '/missing', '/big', '/auth', '/bad'];
    const items = [...paths.map((p) => item(`${s.origin}${p}`)), item('http://127.0.0.1:1/insecure')];
    const { summary, byIndex } = await run(sender([s]), items);
    expect(byIndex.map((r) => [r.index, r.outcome, r.status, r.attempts])).toEqual([
      [0, 'sent', 201, 1],
      [1, 'gone', 410, 1],
      [2, 'gone', 404, 1],
      [3, 'too_large', 413, 1],
      [4, 'error_403', 403, 1],
      [5, 'error_x', 400, 1],
      [6, 'refused', 0, 0],
    ]);
    expect(byIndex[6]?.error).toMatch(/allowInsecureOrigins/);
    expect(summary.counts).toMatchObject({
      sent: 1,
      gone: 2,
      too_large: 1,
      error_403: 1,
      error_x: 1,
      refused: 1,
      dead: 0,
    });
    expect(s.requests.length).toBe(6);
  });

  it('retries 5xx with backoff, then reports dead after maxAttempts', async () => {
    const s = await server(() => ({ status: 503 }));
    const { byIndex } = await run(sender([s], { maxAttempts: 3 }), [item(`${s.origin}/a`)]);
    expect(byIndex).toEqual([{ index: 0, outcome: 'dead', status: 503, attempts: 3 }]);
    expect(s.requests.length).toBe(3);
  });

  it('succeeds on a later attempt after a 5xx', async () => {
    const s = await server((_r, n) => ({ status: n === 1 ? 500 : 201 }));
    const { byIndex } = await run(sender([s]), [item(`${s.origin}/a`)]);
    expect(byIndex[0]).toMatchObject({ outcome: 'sent', status: 201, attempts: 2 });
  });

  it('pauses only the rate-limited origin for Retry-After before trying again', async () => {
    const limited = await server((_r, n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 201 },
    );
    const fine = await server(() => ({ status: 201, delayMs: 100 }));
    const started = Date.now();
    const finishedAt: number[] = [];
    const items = [item(`${limited.origin}/a`), item(`${limited.origin}/b`), item(`${fine.origin}/c`)];
    const pushSender = sender([limited, fine]);
    const results: SendResult[] = [];
    await pushSender.sendMany(items, {
      concurrency: 1,
      onResult: (r) => {
        results.push(r);
        finishedAt[r.index] = Date.now() - started;
      },
    });
    const [first, second, third] = limited.requests;
    expect(limited.requests.map((r) => r.path)).toEqual(['/a', '/a', '/b']);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(995);
    expect((third?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(995);
    expect(finishedAt[2]).toBeLessThan(800); // the other origin was not held back
    expect(results.find((r) => r.index === 0)).toMatchObject({ outcome: 'sent', attempts: 2 });
  });

  it('reports rate-limited items as dead once attempts run out', async () => {
    const s = await server(() => ({ status: 429, headers: { 'retry-after': '0' } }));
    const { byIndex } = await run(sender([s], { maxAttempts: 2 }), [item(`${s.origin}/a`)]);
    expect(byIndex[0]).toMatchObject({ outcome: 'dead', status: 429, attempts: 2, retryAfterMs: 0 });
  });

  it('pipelines many items over one session per origin', async () => {
    const a = await server(() => ({ status: 201 }));
    const b = await server(() => ({ status: 201 }));
    const items = Array.from({ length: 400 }, (_, i) => item(`${i % 2 ? a.origin : b.origin}/s/${i}`, `m${i}`));
    const { summary, results } = await run(sender([a, b]), items, 64);
    expect(summary.counts.sent).toBe(400);
    expect(new Set(results.map((r) => r.index)).size).toBe(400);
    expect(a.sessions + b.sessions).toBe(2);
    expect(a.maxInFlight).toBeGreaterThan(1);
  });

  it('resolves at once for no items', async () => {
    const s = sender([]);
    expect((await s.sendMany([])).total).toBe(0);
  });
});
