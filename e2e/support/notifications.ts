import type { BrowserContext, Page } from 'playwright-core';

export interface ShownNotification {
  title: string;
  body: string;
  /** [action, title] of each button. */
  actions: [string, string][];
  data: unknown;
}

/** The notifications the console's /sw.js preview worker is showing (none while another worker or none is active). */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration?.active?.scriptURL.endsWith('/sw.js')) return [];
    const list = await registration.getNotifications();
    // actions is not in TypeScript's DOM types yet; Chromium has it
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map(
        (a): [string, string] => [a.action, a.title],
      ),
      data: n.data as unknown,
    }));
  });
}

/**
 * Blocks notifications for the console as a user does in the site settings (the browser never asks again): the
 * console's Preview then opens its dialog instead of a notification.
 */
export async function blockNotifications(context: BrowserContext, page: Page, origin: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    browserContextId: targetInfo.browserContextId,
  });
  const permission = await page.evaluate(() => Notification.permission);
  if (permission !== 'denied') throw new Error(`notifications are ${permission}, not denied, for ${origin}`);
}
