import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostList } from '../../lib/host-list.ts';
import { WebhookHostPolicy } from './webhook-hosts.ts';
import { postWebhook, signatureHeader } from './webhook-post.ts';

const policyOf = (hosts = '') => new WebhookHostPolicy(hostList(hosts, 'PUSHDECK_WEBHOOK_HOSTS'));

describe('the webhook URL policy (PUSHDECK_WEBHOOK_HOSTS)', () => {
  it('allows public https hosts; http, loopback, private and link-local only when listed', async () => {
    const policy = policyOf('10.1.0.0/16:8443,hooks.internal:*,127.0.0.1:*');
    const verdicts: Record<string, boolean> = {};
    for (const url of [
      'https://52.216.8.1/hook',
      'http://52.216.8.1/hook',
      'https://10.0.0.5/hook',
      'https://10.1.2.3:8443/hook',
      'http://10.1.2.3:8443/hook',
      'https://10.1.2.3:9000/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://2130706433/hook',
      'https://localhost/hook',
      'http://hooks.internal:8080/hook',
      'http://127.0.0.1:4000/hook',
      'http://127.1:4000/hook',
      'ftp://52.216.8.1/hook',
      'not a url',
    ]) {
      verdicts[url] = await policy.allowsOnSave(url);
    }
    expect(verdicts).toEqual({
      'https://52.216.8.1/hook': true,
      // http only to a listed host
      'http://52.216.8.1/hook': false,
      'https://10.0.0.5/hook': false,
      'https://10.1.2.3:8443/hook': true,
      'http://10.1.2.3:8443/hook': true,
      'https://10.1.2.3:9000/hook': false,
      'https://169.254.169.254/latest': false,
      'https://[::1]/hook': false,
      'https://[::ffff:127.0.0.1]/hook': false,
      // 127.0.0.1 in another spelling: listed (127.0.0.1:*)
      'https://2130706433/hook': true,
      // a name is judged by its addresses
      'https://localhost/hook': false,
      'http://hooks.internal:8080/hook': true,
      'http://127.0.0.1:4000/hook': true,
      'http://127.1:4000/hook': true,
      'ftp://52.216.8.1/hook': false,
      'not a url': false,
    });
  });
});

describe('posting a webhook', () => {
  let server: ReturnType<typeof createServer>;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      req.resume();
      req.on('end', () => res.writeHead(req.url === '/redirect' ? 302 : 204, { location: '/elsewhere' }).end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const target = (url: string) => ({ url, secret: 'whsec_x', deliveryId: 'd', eventType: 'test', body: '{}' });

  it('judges a name again at the connection: one that resolves to loopback is refused without a request', async () => {
    // https://localhost passes the check without resolving (a name), and is refused when it resolves
    const result = await postWebhook(policyOf(), target(`https://localhost:${port}/hook`));
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/PUSHDECK_WEBHOOK_HOSTS does not allow/);
    expect(hits).toBe(0);
  });

  it('refuses a stored URL the list no longer allows, and never follows a redirect', async () => {
    const stored = await postWebhook(policyOf(), target(`http://127.0.0.1:${port}/hook`));
    expect(stored).toMatchObject({ ok: false, statusCode: null });
    expect(hits).toBe(0);
    const listed = policyOf('127.0.0.1:*');
    expect(await postWebhook(listed, target(`http://127.0.0.1:${port}/hook`))).toMatchObject({
      ok: true,
      statusCode: 204,
    });
    expect(await postWebhook(listed, target(`http://127.0.0.1:${port}/redirect`))).toMatchObject({
      ok: false,
      statusCode: 302,
    });
    expect(hits).toBe(2);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const p = (silent.address() as AddressInfo).port;
    const result = await postWebhook(policyOf('127.0.0.1:*'), target(`http://127.0.0.1:${p}/`), 200);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 0 s.' });
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('signs t and the raw body: t=<unix>,v1=<64 hex>', () => {
    expect(signatureHeader('whsec_x', '{}', new Date(1_700_000_000_000))).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
  });
});
