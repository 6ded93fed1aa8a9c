import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { silentLogger } from './logger.ts';
import type { NotificationOptionsLike } from './notification.ts';
import { handleNotificationClick, handlePush, handleSubscriptionChange, type SwDeps } from './sw-handlers.ts';
import type { WindowClientLike } from './sw-types.ts';
import { fakeFetch, fakePushManager, fakeSubscription, testConfig } from './test-fakes.ts';

function swDeps(windows: WindowClientLike[] = []) {
  const shown: [string, NotificationOptionsLike][] = [];
  const opened: string[] = [];
  const fetch = fakeFetch();
  const pushManager = fakePushManager();
  const deps: SwDeps = {
    registration: {
      pushManager,
      showNotification: async (title, options) => {
        shown.push([title, options]);
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => {
        opened.push(url);
        return null;
      },
      claim: async () => undefined,
    },
    config: testConfig,
    api: createApiClient({ config: testConfig, fetch, logger: silentLogger, retryDelayMs: 0 }),
    origin: 'https://shop.example.org',
    logger: silentLogger,
    environment: () => ({
      device: 'mobile',
      os: 'Android',
      browser: 'Chrome',
      resolution: '',
      language: 'de',
      timezone: 'UTC',
    }),
  };
  return { deps, shown, opened, fetch, pushManager };
}

describe('service worker handlers', () => {
  it('push: shows the notification, then reports delivered', async () => {
    const { deps, shown, fetch } = swDeps();
    await handlePush(deps, JSON.stringify({ v: 1, m: 'tok', title: 'Hi', url: 'https://shop.example.org/x' }));
    expect(shown.map(([title, o]) => [title, o.tag])).toEqual([['Hi', 'pushmine-tok']]);
    expect(fetch.calls.map((c) => [c.endpoint, c.body])).toEqual([['delivered', { m: 'tok' }]]);
  });

  it('push without a usable payload: shows a generic notification and pings nothing', async () => {
    const { deps, shown, fetch } = swDeps();
    await handlePush(deps, '{oops');
    expect(shown[0]![0]).toBe('shop.example.org');
    expect(fetch.calls).toHaveLength(0);
  });

  it('push: falls back when the rich notification is refused', async () => {
    const { deps, shown } = swDeps();
    const show = vi.fn().mockRejectedValueOnce(new TypeError('bad icon')).mockResolvedValue(undefined);
    deps.registration = { ...deps.registration, showNotification: show };
    await handlePush(deps, JSON.stringify({ m: 'tok', title: 'Hi', url: '/', icon: 'bad' }));
    expect(show).toHaveBeenCalledTimes(2);
    expect(show.mock.calls[1]![1]).not.toHaveProperty('icon');
    expect(shown).toHaveLength(0);
  });

  it('click on a button: closes, reports clicked and opens the button url', async () => {
    const { deps, opened, fetch } = swDeps();
    const close = vi.fn();
    const data = { m: 'tok', url: 'https://shop.example.org/', buttons: [{ title: 'A', url: 'https://a.test/' }] };
    await handleNotificationClick(deps, { data, close }, 'button1');
    expect(close).toHaveBeenCalled();
    expect(opened).toEqual(['https://a.test/']);
    expect(fetch.calls.map((c) => c.body)).toEqual([{ m: 'tok', action: 'button1' }]);
  });

  it('click: focuses a window already on the url; never opens javascript:', async () => {
    const focus = vi.fn(async () => undefined);
    const { deps, opened, fetch } = swDeps([{ url: 'https://shop.example.org/sale', focus }]);
    await handleNotificationClick(deps, { data: { m: 'tok', url: 'https://shop.example.org/sale' }, close() {} }, '');
    expect(focus).toHaveBeenCalled();
    expect(opened).toEqual([]);
    await handleNotificationClick(deps, { data: { m: 'tok', url: 'javascript:alert(1)' }, close() {} }, '');
    expect(opened).toEqual([]);
    expect(fetch.calls.map((c) => c.body.action)).toEqual(['main', 'main']);
  });

  it('pushsubscriptionchange: resubscribes with the configured key and posts old_endpoint', async () => {
    const { deps, fetch, pushManager } = swDeps();
    await handleSubscriptionChange(deps, { endpoint: 'https://push.example.net/send/gone' }, null);
    expect(pushManager.subscribeCalls).toHaveLength(1);
    expect(fetch.calls[0]!.endpoint).toBe('subscribe');
    expect(fetch.calls[0]!.body).toMatchObject({
      website_id: 'site-1',
      old_endpoint: 'https://push.example.net/send/gone',
      subscription: { endpoint: 'https://push.example.net/send/new-1' },
      subscription_url: 'https://shop.example.org/',
    });
  });

  it('pushsubscriptionchange after the permission was withdrawn: reports the old endpoint fully unsubscribed', async () => {
    const { deps, fetch, pushManager } = swDeps();
    pushManager.permission = 'denied';
    await handleSubscriptionChange(deps, { endpoint: 'https://push.example.net/send/gone' }, null);
    expect(pushManager.subscribeCalls).toHaveLength(0);
    expect(fetch.calls.map((c) => [c.endpoint, c.body])).toEqual([
      ['unsubscribe', { website_id: 'site-1', endpoint: 'https://push.example.net/send/gone', full: true }],
    ]);
    fetch.calls.length = 0;
    await handleSubscriptionChange(deps, null, null);
    expect([pushManager.subscribeCalls.length, fetch.calls.length]).toEqual([0, 0]);
  });

  it('pushsubscriptionchange: uses the new subscription when the browser provides one', async () => {
    const { deps, fetch, pushManager } = swDeps();
    await handleSubscriptionChange(deps, null, fakeSubscription('https://push.example.net/send/given'));
    expect(pushManager.subscribeCalls).toHaveLength(0);
    expect(fetch.calls[0]!.body).not.toHaveProperty('old_endpoint');
    expect(fetch.calls[0]!.body).toMatchObject({ subscription: { endpoint: 'https://push.example.net/send/given' } });
  });
});
