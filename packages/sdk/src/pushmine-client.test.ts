import { describe, expect, it, vi } from 'vitest';
import { createPushmineClient, MAX_EVENT_LENGTH, validateEventName } from './pushmine-client.ts';
import { fakeDeps, fakeFetch, fakeNotification, fakePushManager, fakeSubscription, testConfig } from './test-fakes.ts';

describe('pushmine client', () => {
  it('triggerPushEvent waits for the subscription, then posts the event', async () => {
    const fetch = fakeFetch();
    const client = createPushmineClient(
      fakeDeps({ pushManager: fakePushManager(), notification: fakeNotification('default'), fetch }),
      testConfig,
    );
    void client.start();
    expect(await client.triggerPushEvent('signup')).toBe(true);
    expect(fetch.calls.map((c) => c.endpoint)).toEqual(['subscribe', 'trigger']);
    expect(fetch.calls[1]!.body).toEqual({
      website_id: 'site-1',
      endpoint: 'https://push.example.net/send/new-1',
      event: 'signup',
    });
  });

  it('rejects empty or over-long event names without a request', async () => {
    const fetch = fakeFetch();
    const deps = fakeDeps({ pushManager: fakePushManager(), notification: fakeNotification('granted'), fetch });
    const logger = { warn: vi.fn(), error: vi.fn() };
    const client = createPushmineClient({ ...deps, logger }, testConfig);
    expect(await client.triggerPushEvent('')).toBe(false);
    expect(await client.triggerPushEvent('x'.repeat(MAX_EVENT_LENGTH + 1))).toBe(false);
    expect(validateEventName('x'.repeat(MAX_EVENT_LENGTH))).toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(fetch.calls).toHaveLength(0);
  });

  it('does not trigger when the visitor is not subscribed', async () => {
    const fetch = fakeFetch();
    const client = createPushmineClient(
      fakeDeps({ pushManager: fakePushManager(), notification: fakeNotification('denied'), fetch }),
      testConfig,
    );
    expect(await client.triggerPushEvent('signup')).toBe(false);
    expect(fetch.calls).toHaveLength(0);
  });

  it('subscribe() prompts even when autoPrompt is off; unsubscribe() tells the API', async () => {
    const fetch = fakeFetch();
    const notification = fakeNotification('default');
    const pushManager = fakePushManager();
    const client = createPushmineClient(fakeDeps({ pushManager, notification, fetch }), {
      ...testConfig,
      autoPrompt: false,
    });
    expect((await client.start()).status).toBe('default');
    expect(notification.asked).toBe(0);
    expect((await client.subscribe()).status).toBe('subscribed');
    expect((await client.getSubscription())?.endpoint).toBe('https://push.example.net/send/new-1');
    expect(await client.unsubscribe()).toBe(true);
    expect(fetch.calls.map((c) => [c.endpoint, c.body.endpoint])).toEqual([
      ['subscribe', undefined],
      ['unsubscribe', 'https://push.example.net/send/new-1'],
    ]);
  });

  it('start() reports a visit for an existing subscription', async () => {
    const fetch = fakeFetch();
    const pushManager = fakePushManager(fakeSubscription('https://push.example.net/send/e'));
    const client = createPushmineClient(
      fakeDeps({ pushManager, notification: fakeNotification('granted'), fetch }),
      testConfig,
    );
    await client.start();
    await client.subscribe();
    expect(fetch.calls.map((c) => c.endpoint)).toEqual(['visit']);
  });
});
