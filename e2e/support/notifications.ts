import type { Page } from 'playwright-core';

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
