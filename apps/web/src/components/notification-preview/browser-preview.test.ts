import { afterEach, describe, expect, it, vi } from 'vitest';
import { showBrowserPreview } from './browser-preview';

const CONTENT = {
  title: 'Hi',
  body: 'There',
  url: 'https://shop.example',
  buttons: [{ title: 'Open' }, { title: 'Later', url: 'https://shop.example/later' }],
};

function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: unknown[][] = [];
  const Fake = vi.fn(function (this: unknown, ...args: unknown[]) {
    shown.push(args);
  }) as unknown as typeof Notification;
  Object.assign(Fake, { permission, requestPermission: vi.fn(async () => answer) });
  vi.stubGlobal('Notification', Fake);
  return shown;
}

describe('showBrowserPreview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for permission and shows nothing when it is refused', async () => {
    const shown = stubNotification('default', 'denied');
    expect(await showBrowserPreview(CONTENT)).toBe('denied');
    expect(shown).toEqual([]);
  });

  it('does not ask again once notifications are blocked', async () => {
    stubNotification('denied');
    expect(await showBrowserPreview(CONTENT)).toBe('denied');
    expect(Notification.requestPermission).not.toHaveBeenCalled();
  });

  it('shows the notification through the /sw.js worker with FirstBtnRedirect and SecondBtnRedirect', async () => {
    stubNotification('granted');
    const showNotification = vi.fn(async () => {});
    const register = vi.fn(async () => ({}));
    vi.stubGlobal('navigator', { serviceWorker: { register, ready: Promise.resolve({ showNotification }) } });
    expect(await showBrowserPreview(CONTENT)).toBe('shown');
    expect(register).toHaveBeenCalledWith('/sw.js');
    expect(showNotification).toHaveBeenCalledWith(
      'Hi',
      expect.objectContaining({
        body: 'There',
        actions: [
          { action: 'FirstBtnRedirect', title: 'Open' },
          { action: 'SecondBtnRedirect', title: 'Later' },
        ],
        data: { url: 'https://shop.example', urlBtn1: 'https://shop.example', urlBtn2: 'https://shop.example/later' },
      }),
    );
  });

  it('falls back to a page notification when no worker can be registered', async () => {
    const shown = stubNotification('granted');
    vi.stubGlobal('navigator', { serviceWorker: { register: vi.fn(async () => Promise.reject(new Error('404'))) } });
    expect(await showBrowserPreview(CONTENT)).toBe('shown');
    expect(shown).toEqual([['Hi', expect.objectContaining({ body: 'There' })]]);
  });

  it('is unsupported when neither a worker nor the page may show a notification (Chromium on Android)', async () => {
    const Fake = vi.fn(() => {
      throw new TypeError('Illegal constructor');
    }) as unknown as typeof Notification;
    Object.assign(Fake, { permission: 'granted', requestPermission: vi.fn(async () => 'granted') });
    vi.stubGlobal('Notification', Fake);
    vi.stubGlobal('navigator', { serviceWorker: undefined });
    expect(await showBrowserPreview(CONTENT)).toBe('unsupported');
  });
});
