import { describe, expect, it } from 'vitest';
import { urlBase64ToUint8Array } from './base64url.ts';
import type { PermissionValue } from './push-types.ts';
import { runSubscribeFlow } from './subscribe-flow.ts';
import {
  fakeDeps,
  fakeFetch,
  fakeNotification,
  fakePushManager,
  fakeSubscription,
  OTHER_VAPID_KEY,
  testConfig,
} from './test-fakes.ts';

const flow = (deps: ReturnType<typeof fakeDeps>, prompt = true) =>
  runSubscribeFlow(deps, testConfig, { prompt, visit: { sent: false } });

describe('runSubscribeFlow', () => {
  it('granted, no subscription: registers the worker, subscribes and posts the subscriber', async () => {
    const pushManager = fakePushManager();
    const fetch = fakeFetch(() => ({ data: { id: 42 } }));
    const deps = fakeDeps({ pushManager, notification: fakeNotification('granted'), fetch });
    const result = await flow(deps);

    expect(result).toEqual({
      status: 'subscribed',
      endpoint: 'https://push.example.net/send/new-1',
      created: true,
      id: 42,
    });
    expect(deps.serviceWorker).toMatchObject({ registered: [{ url: '/sw_pm.js', scope: '/' }] });
    expect(pushManager.subscribeCalls).toEqual([
      { userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(testConfig.vapidPublicKey) },
    ]);
    expect(fetch.calls).toHaveLength(1);
    const call = fetch.calls[0]!;
    expect(call.endpoint).toBe('subscribe');
    expect(call.init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(call.body).toEqual({
      website_id: 'site-1',
      subscription: {
        endpoint: 'https://push.example.net/send/new-1',
        keys: { p256dh: expect.stringMatching(/^BAQE/), auth: 'BwcHBwcHBwcHBwcHBwcHBw' },
      },
      device: 'desktop',
      os: 'Linux',
      browser: 'Firefox',
      resolution: '1920x1080',
      language: 'en-US',
      timezone: 'Europe/Berlin',
      subscription_url: 'https://shop.example.org/products?id=7',
      last_url_visited: 'https://shop.example.org/products?id=7',
    });
  });

  it('existing subscription with the same key: posts a visit only, once per page load', async () => {
    const existing = fakeSubscription('https://push.example.net/send/old');
    const pushManager = fakePushManager(existing);
    const fetch = fakeFetch();
    const deps = fakeDeps({ pushManager, notification: fakeNotification('granted'), fetch });
    const visit = { sent: false };

    const first = await runSubscribeFlow(deps, testConfig, { prompt: true, visit });
    await runSubscribeFlow(deps, testConfig, { prompt: true, visit });

    expect(first).toEqual({ status: 'subscribed', endpoint: existing.endpoint, created: false });
    expect(pushManager.subscribeCalls).toHaveLength(0);
    expect(existing.unsubscribed).toBe(false);
    expect(fetch.calls.map((c) => [c.endpoint, c.body])).toEqual([
      ['visit', { website_id: 'site-1', endpoint: existing.endpoint, url: 'https://shop.example.org/products?id=7' }],
    ]);
    expect(fetch.calls[0]!.init.keepalive).toBe(true);
  });

  it('existing subscription with another key: unsubscribes it, subscribes anew and posts old_endpoint', async () => {
    const existing = fakeSubscription('https://push.example.net/send/old', OTHER_VAPID_KEY);
    const pushManager = fakePushManager(existing);
    const fetch = fakeFetch();
    const deps = fakeDeps({ pushManager, notification: fakeNotification('granted'), fetch });
    const result = await flow(deps);

    expect(result).toMatchObject({ status: 'subscribed', created: true });
    expect(existing.unsubscribed).toBe(true);
    expect(pushManager.subscribeCalls).toHaveLength(1);
    expect(fetch.calls.map((c) => c.endpoint)).toEqual(['subscribe']);
    expect(fetch.calls[0]!.body).toMatchObject({
      old_endpoint: 'https://push.example.net/send/old',
      subscription: { endpoint: 'https://push.example.net/send/new-1' },
    });
  });

  it('denied: does nothing', async () => {
    const pushManager = fakePushManager();
    const fetch = fakeFetch();
    const notification = fakeNotification('denied');
    const result = await flow(fakeDeps({ pushManager, notification, fetch }));
    expect(result).toEqual({ status: 'denied' });
    expect(notification.asked).toBe(0);
    expect(pushManager.subscribeCalls).toHaveLength(0);
    expect(fetch.calls).toHaveLength(0);
  });

  it.each<[PermissionValue, string]>([
    ['granted', 'subscribed'],
    ['denied', 'denied'],
    ['default', 'default'],
  ])('default + prompt: the answer %s gives %s', async (answer, status) => {
    const notification = fakeNotification('default', answer);
    const result = await flow(fakeDeps({ pushManager: fakePushManager(), notification }));
    expect(notification.asked).toBe(1);
    expect(result.status).toBe(status);
  });

  it('default without prompt: does not ask', async () => {
    const notification = fakeNotification('default');
    const result = await flow(fakeDeps({ pushManager: fakePushManager(), notification }), false);
    expect(result).toEqual({ status: 'default' });
    expect(notification.asked).toBe(0);
  });

  it('supports the callback form of requestPermission', async () => {
    const notification = {
      permission: 'default' as PermissionValue,
      requestPermission: (callback?: (p: PermissionValue) => void) => {
        setTimeout(() => callback?.('granted'), 0);
        return undefined;
      },
    };
    const result = await flow(fakeDeps({ pushManager: fakePushManager(), notification }));
    expect(result.status).toBe('subscribed');
  });

  it('unsupported browsers and failures resolve, never reject', async () => {
    const deps = fakeDeps({ pushManager: fakePushManager(), notification: fakeNotification('granted') });
    expect(await flow({ ...deps, serviceWorker: null })).toEqual({ status: 'unsupported' });
    const broken = fakePushManager();
    broken.subscribe = () => Promise.reject(new Error('AbortError'));
    expect(await flow(fakeDeps({ pushManager: broken, notification: fakeNotification('granted') }))).toEqual({
      status: 'error',
    });
  });
});
