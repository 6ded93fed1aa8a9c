import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateVapidKeys } from '@pushdeck/web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalPushService } from './local-push-service.ts';
import { clientFor, startService, vapid } from './test-helpers.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function stateDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'push-service-'));
  dirs.push(dir);
  return dir;
}

describe('LocalPushService persistence', () => {
  it('keeps subscriptions, their keys and the CA across restarts', async () => {
    const dir = await stateDir();
    const first = await LocalPushService.start({ stateDir: dir, log: () => {} });
    const kept = first.createSubscription({ label: 'kept', applicationServerKey: vapid.publicKey });
    const gone = first.createSubscription({ label: 'gone' });
    first.removeSubscription(gone.id);
    const ca = first.ca;
    await first.close();

    expect((await readdir(dir)).sort()).toEqual(['subscriptions.json', 'tls-cert.pem', 'tls-key.pem']);
    expect(await readFile(join(dir, 'tls-cert.pem'), 'utf8')).toBe(ca);
    expect(JSON.parse(await readFile(join(dir, 'subscriptions.json'), 'utf8'))).toMatchObject({
      subscriptions: [
        { id: kept.id, applicationServerKey: vapid.publicKey },
        { id: gone.id, removed: true },
      ],
    });

    // A new random port: the origin changes, the endpoint path id and keys do not.
    const second = await startService({ stateDir: dir });
    expect(second.ca).toBe(ca);
    expect(second.caPath).toBe(join(dir, 'tls-cert.pem'));
    expect(second.subscriptions().map((s) => [s.id, s.label, s.removed, s.keys])).toEqual([
      [kept.id, 'kept', false, kept.keys],
      [gone.id, 'gone', true, gone.keys],
    ]);
    const client = clientFor(second);
    const endpoint = `${second.origin}${new URL(kept.endpoint).pathname}`;
    expect(await client.send({ endpoint, keys: kept.keys }, 'still here', { vapid })).toMatchObject({ status: 201 });
    expect(second.messages()[0]).toMatchObject({ subscriptionId: kept.id, text: 'still here' });
    const goneEndpoint = `${second.origin}/push/${gone.id}`;
    expect(await client.send({ endpoint: goneEndpoint, keys: gone.keys }, 'x', { vapid })).toMatchObject({
      status: 410,
    });
    const otherVapid = { subject: vapid.subject, ...generateVapidKeys() };
    expect(await client.send({ endpoint, keys: kept.keys }, 'x', { vapid: otherVapid })).toMatchObject({ status: 403 });
  });

  it('keeps the very same endpoint when restarted on a fixed port', async () => {
    const dir = await stateDir();
    const first = await LocalPushService.start({ stateDir: dir, log: () => {} });
    const subscription = first.createSubscription();
    const port = first.port;
    await first.close();
    const second = await startService({ stateDir: dir, port });
    expect(second.subscriptions()[0]?.endpoint).toBe(subscription.endpoint);
    expect(await clientFor(second).send(subscription, 'same', { vapid })).toMatchObject({ status: 201 });
  });

  it('refuses to start on a corrupt state file rather than forgetting subscriptions', async () => {
    const dir = await stateDir();
    const first = await LocalPushService.start({ stateDir: dir, log: () => {} });
    first.createSubscription();
    await first.close();
    await writeFile(join(dir, 'subscriptions.json'), '{"subscriptions":[{"id":1}]}');
    await expect(LocalPushService.start({ stateDir: dir })).rejects.toThrow(/invalid subscription/);
  });
});
