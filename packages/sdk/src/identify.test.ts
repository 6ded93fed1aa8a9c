import { describe, expect, it, vi } from 'vitest';
import { MAX_SUBSCRIBABLE_ID_LENGTH, validateSubscribableId } from './identity.ts';
import { createPushmineClient } from './pushmine-client.ts';
import {
  fakeDeps,
  fakeFetch,
  fakeNotification,
  fakePushManager,
  fakeStorage,
  fakeSubscription,
  testConfig,
} from './test-fakes.ts';

const EXISTING = 'https://push.example.net/send/e';

describe("pushmine('identify', id)", () => {
  it('sends the id with the subscription once, and not again on later page views', async () => {
    const fetch = fakeFetch();
    const storage = fakeStorage();
    const pageView = () =>
      createPushmineClient(
        fakeDeps({
          pushManager: fakePushManager(fakeSubscription(EXISTING)),
          notification: fakeNotification('granted'),
          fetch,
          storage,
        }),
        testConfig,
      );
    const first = pageView();
    void first.start();
    expect(await first.identify('user-42')).toBe(true);
    const second = pageView();
    void second.start();
    expect(await second.identify('user-42')).toBe(true);
    expect(fetch.calls.filter((c) => c.endpoint === 'identify').map((c) => c.body)).toEqual([
      { website_id: 'site-1', endpoint: EXISTING, subscribable_id: 'user-42' },
    ]);
    // another id replaces it: sent once more
    expect(await second.identify('user-43')).toBe(true);
    expect(await second.identify('user-43')).toBe(true);
    expect(fetch.calls.filter((c) => c.endpoint === 'identify').map((c) => c.body.subscribable_id)).toEqual([
      'user-42',
      'user-43',
    ]);
  });

  it('keeps an id given before the visitor subscribed and sends it once they do', async () => {
    const fetch = fakeFetch();
    const client = createPushmineClient(
      fakeDeps({
        pushManager: fakePushManager(),
        notification: fakeNotification('default'),
        fetch,
        storage: fakeStorage(),
      }),
      { ...testConfig, autoPrompt: false },
    );
    void client.start();
    expect(await client.identify('user-42')).toBe(false);
    expect(fetch.calls).toHaveLength(0);
    expect((await client.subscribe()).status).toBe('subscribed');
    expect(fetch.calls.map((c) => [c.endpoint, c.body.subscribable_id])).toEqual([
      ['subscribe', undefined],
      ['identify', 'user-42'],
    ]);
  });

  it('tries again on the next page view when the server did not take it', async () => {
    const storage = fakeStorage();
    let fail = true;
    const fetch = fakeFetch();
    const flaky = Object.assign(
      async (url: string, init: Parameters<typeof fetch>[1]) =>
        fail && url.endsWith('/identify')
          ? { ok: false, status: 404, text: async (): Promise<string> => '' }
          : fetch(url, init),
      { calls: fetch.calls },
    );
    const pageView = () =>
      createPushmineClient(
        fakeDeps({
          pushManager: fakePushManager(fakeSubscription(EXISTING)),
          notification: fakeNotification('granted'),
          fetch: flaky,
          storage,
        }),
        testConfig,
      );
    expect(await pageView().identify('user-42')).toBe(false);
    fail = false;
    expect(await pageView().identify('user-42')).toBe(true);
    expect(fetch.calls.filter((c) => c.endpoint === 'identify')).toHaveLength(1);
  });

  it('refuses ids the server would refuse, without a request', async () => {
    const fetch = fakeFetch();
    const deps = fakeDeps({
      pushManager: fakePushManager(fakeSubscription(EXISTING)),
      notification: fakeNotification('granted'),
      fetch,
    });
    const logger = { warn: vi.fn(), error: vi.fn() };
    const client = createPushmineClient({ ...deps, logger }, testConfig);
    for (const bad of ['', 'x'.repeat(MAX_SUBSCRIBABLE_ID_LENGTH + 1), 'a\nb', ' padded', 42 as unknown as string]) {
      expect(await client.identify(bad)).toBe(false);
    }
    expect(logger.error).toHaveBeenCalledTimes(5);
    expect(fetch.calls.filter((c) => c.endpoint === 'identify')).toHaveLength(0);
    expect(validateSubscribableId('x'.repeat(MAX_SUBSCRIBABLE_ID_LENGTH))).toBeNull();
    expect(validateSubscribableId('Ülrike Müller #7')).toBeNull();
  });
});
