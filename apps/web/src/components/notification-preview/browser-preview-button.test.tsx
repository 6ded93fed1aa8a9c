import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BROWSER_PREVIEW_TEXTS, BrowserPreviewButton } from './browser-preview-button';

const CONTENT = { title: 'Hi', body: 'There', url: 'https://shop.example', buttons: [{ title: 'Open' }] };

function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const Fake = vi.fn() as unknown as typeof Notification;
  Object.assign(Fake, { permission, requestPermission: vi.fn(async () => answer) });
  vi.stubGlobal('Notification', Fake);
}

describe('BrowserPreviewButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how to allow notifications when the permission is refused', async () => {
    stubNotification('default', 'denied');
    renderWithProviders(<BrowserPreviewButton content={() => CONTENT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(BROWSER_PREVIEW_TEXTS.denied)).toBeInTheDocument();
  });

  it('says so when the browser cannot show notifications', async () => {
    vi.stubGlobal('Notification', undefined);
    Reflect.deleteProperty(globalThis, 'Notification');
    renderWithProviders(<BrowserPreviewButton content={() => CONTENT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(BROWSER_PREVIEW_TEXTS.unsupported)).toBeInTheDocument();
  });

  it('shows the content as it is when pressed, through the /sw.js worker', async () => {
    stubNotification('granted');
    const showNotification = vi.fn(async () => {});
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { register: vi.fn(async () => ({})), ready: Promise.resolve({ showNotification }) },
    });
    let title = 'First';
    renderWithProviders(<BrowserPreviewButton content={() => ({ ...CONTENT, title })} />);
    title = 'Typed later';
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await vi.waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith('Typed later', expect.objectContaining({ body: 'There' })),
    );
  });

  it('registers the /sw.js worker when it is shown, before any click, so the first preview finds it started', async () => {
    const register = vi.fn(async () => ({}));
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register, ready: new Promise(() => {}) } });
    renderWithProviders(<BrowserPreviewButton content={() => CONTENT} />);
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js'));
  });
});
