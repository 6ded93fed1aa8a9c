import { screen, waitFor, within } from '@testing-library/react';
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

  it('asks for permission, and when it is refused shows the notification in the page, text as text', async () => {
    stubNotification('default', 'denied');
    renderWithProviders(
      <BrowserPreviewButton
        content={() => ({
          ...CONTENT,
          title: '<b>Sale</b>',
          icon: 'https://shop.example/icon.png',
          image: 'https://shop.example/big.png',
          buttons: [{ title: 'Open' }, { title: 'Later' }],
        })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(Notification.requestPermission).toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: BROWSER_PREVIEW_TEXTS.title });
    expect(within(dialog).getByText(BROWSER_PREVIEW_TEXTS.denied)).toBeInTheDocument();
    expect(within(dialog).getByText('<b>Sale</b>')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('There')).toBeInTheDocument();
    expect(within(dialog).getByText('shop.example')).toBeInTheDocument();
    expect(within(dialog).getByText('Open')).toBeInTheDocument();
    expect(within(dialog).getByText('Later')).toBeInTheDocument();
    const sources = Array.from(dialog.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['https://shop.example/icon.png', 'https://shop.example/big.png']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the in-page preview without asking when notifications are blocked', async () => {
    stubNotification('denied');
    renderWithProviders(<BrowserPreviewButton content={() => CONTENT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: BROWSER_PREVIEW_TEXTS.title });
    expect(within(dialog).getByText('Hi')).toBeInTheDocument();
    expect(Notification.requestPermission).not.toHaveBeenCalled();
  });

  it("names the website's host on the in-page preview when it is given", async () => {
    stubNotification('denied');
    renderWithProviders(<BrowserPreviewButton content={() => CONTENT} site="https://www.acme.test" />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: BROWSER_PREVIEW_TEXTS.title });
    expect(within(dialog).getByText('www.acme.test')).toBeInTheDocument();
  });

  it('shows the in-page preview when the browser cannot show notifications', async () => {
    vi.stubGlobal('Notification', undefined);
    Reflect.deleteProperty(globalThis, 'Notification');
    renderWithProviders(<BrowserPreviewButton content={() => CONTENT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: BROWSER_PREVIEW_TEXTS.title });
    expect(within(dialog).getByText(BROWSER_PREVIEW_TEXTS.unsupported)).toBeInTheDocument();
    expect(within(dialog).getByText('Hi')).toBeInTheDocument();
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
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('registers the /sw.js worker when it is shown, before any click, so the first preview finds it started', async () => {
    const register = vi.fn(async () => ({}));
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register, ready: new Promise(() => {}) } });
    renderWithProviders(<BrowserPreviewButton content={() => CONTENT} />);
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js'));
  });
});
