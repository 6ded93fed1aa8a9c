import { PushSender, PushTransportError, type SendItem, type SendResult } from '@pushdeck/web-push';
import { describe, expect, it } from 'vitest';
import type { LocalPushService } from './local-push-service.ts';
import { clientFor, http1Request, rawPush, startService, vapid } from './test-helpers.ts';
import type { CreatedSubscription } from './types.ts';

const item = (subscription: CreatedSubscription, payload: string): SendItem => ({
  subscription,
  payload,
  options: { ttl: 60, vapid },
});

async function sendAll(service: LocalPushService, items: SendItem[]): Promise<SendResult[]> {
  const sender = new PushSender(clientFor(service), { backoffBaseMs: 5, backoffCapMs: 20 });
  const results: SendResult[] = [];
  await sender.sendMany(items, { onResult: (r) => results.push(r) });
  return results.sort((a, b) => a.index - b.index);
}

describe('LocalPushService fault injection', () => {
  it('429 with Retry-After twice, then success: the sender waits and the message arrives once', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    service.injectFault({ subscriptionId: subscription.id, status: 429, retryAfter: 1, times: 2 });
    const started = Date.now();
    const [result] = await sendAll(service, [item(subscription, 'after the storm')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1990);
    expect(result).toMatchObject({ outcome: 'sent', status: 201, attempts: 3 });
    expect(service.messages().map((m) => m.text)).toEqual(['after the storm']);
    expect(service.stats()).toMatchObject({ received: 3, byStatus: { 201: 1, 429: 2 } });
    const answer = await rawPush(service, subscription);
    expect(answer.status).toBe(201); // the fault was used up
  });

  it('answers Retry-After and the fault status before any other check', async () => {
    const service = await startService();
    service.injectFault({ status: 503, retryAfter: 7, times: 1 });
    const unknown = { ...service.createSubscription(), endpoint: `${service.origin}/push/nobody` };
    const answer = await rawPush(service, unknown, { authorization: undefined });
    expect([answer.status, answer.headers['retry-after'], answer.body]).toEqual([503, '7', 'injected fault: 503']);
    expect((await rawPush(service, unknown)).status).toBe(404);
  });

  it('500 forever: the sender gives up with dead; clearFaults restores service', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    service.injectFault({ status: 500 });
    const [result] = await sendAll(service, [item(subscription, 'x')]);
    expect(result).toMatchObject({ outcome: 'dead', status: 500, attempts: 3 });
    expect(service.messages()).toEqual([]);
    service.clearFaults();
    expect((await sendAll(service, [item(subscription, 'x')]))[0]?.outcome).toBe('sent');
  });

  it('404 and 410 faults make the sender report gone, only for their subscription', async () => {
    const service = await startService();
    const [a, b, c] = [service.createSubscription(), service.createSubscription(), service.createSubscription()];
    service.injectFault({ subscriptionId: a.id, status: 404 });
    service.injectFault({ subscriptionId: b.id, status: 410 });
    const results = await sendAll(service, [item(a, '1'), item(b, '2'), item(c, '3')]);
    expect(results.map((r) => [r.outcome, r.status])).toEqual([
      ['gone', 404],
      ['gone', 410],
      ['sent', 201],
    ]);
    expect(service.messages().map((m) => m.subscriptionId)).toEqual([c.id]);
  });

  it('delayMs beyond the client timeout makes the send time out', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    service.injectFault({ status: 201, delayMs: 1500, times: 1 });
    const client = clientFor(service, 200);
    const sending = client.send(subscription, 'slow', { vapid });
    await expect(sending).rejects.toBeInstanceOf(PushTransportError);
    await expect(sending).rejects.toMatchObject({ code: 'timeout' });
    expect(await client.send(subscription, 'fast', { vapid })).toMatchObject({ status: 201 });
    expect(service.messages().map((m) => m.text)).toEqual(['fast']);
  });

  it('is driven over HTTP: POST and DELETE /_control/faults', async () => {
    const service = await startService();
    const subscription = service.createSubscription();
    const added = await http1Request(service, 'POST', '/_control/faults', JSON.stringify({ status: 429, times: 2 }));
    expect(added.status).toBe(201);
    expect(JSON.parse(added.body)).toMatchObject({ status: 429, times: 2 });
    expect((await rawPush(service, subscription)).status).toBe(429);
    expect((await http1Request(service, 'DELETE', '/_control/faults')).status).toBe(204);
    expect((await rawPush(service, subscription)).status).toBe(201);
    const bad = await http1Request(service, 'POST', '/_control/faults', JSON.stringify({ status: 'soon' }));
    expect([bad.status, bad.body]).toEqual([400, 'status must be an integer HTTP status in 200..599']);
    expect(() => service.injectFault({ status: 500, times: 0 })).toThrow(/times/);
  });
});
