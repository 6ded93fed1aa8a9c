import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';
import { shownNotifications } from '../support/notifications.ts';

/** Blocks notifications for the console as a user does in the site settings (the browser never asks again). */
async function blockNotifications(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    browserContextId: targetInfo.browserContextId,
  });
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
}

/** Opens the Trigger Creator of blog.acme.test as the demo user and types a notification with an image and a button. */
async function typeNotification(page: Page, title: string) {
  const res = await page.request.get('/api/v1/domains/get?search=blog.acme.test');
  const site = ((await res.json()).data as { id: number; url: string }[]).find(
    (d) => d.url === 'https://blog.acme.test',
  );
  await page.goto(`/dashboard/${site!.id}/triggers/create`);
  await page.getByRole('heading', { name: 'Trigger Creator', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Message' }).fill('Seen <i>in the page</i>');
  await page.getByRole('textbox', { name: 'Url' }).fill('https://blog.acme.test/cart');
  await page.getByRole('checkbox', { name: 'Action Buttons' }).check();
  await page.getByRole('textbox', { name: 'Button 1 title' }).fill('Open cart');
}

describe('notification preview', () => {
  const b = useBrowser();

  it('with notifications blocked, Preview shows the notification drawn in the page, text as text', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    await blockNotifications(context, page, b.baseUrl());
    await typeNotification(page, '<b>Blocked</b> preview');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Notification preview' });
    await dialog.waitFor();
    await dialog.getByText('Notifications are blocked for this site').waitFor();
    await dialog.getByText('<b>Blocked</b> preview', { exact: true }).waitFor();
    await dialog.getByText('Seen <i>in the page</i>', { exact: true }).waitFor();
    await dialog.getByText('blog.acme.test', { exact: true }).waitFor();
    await dialog.getByText('Open cart', { exact: true }).waitFor();
    expect(await dialog.locator('b, i').count()).toBe(0);
    expect(await shownNotifications(page)).toEqual([]);

    // it closes with Escape, back to the form
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Preview', exact: true }).waitFor();
    await context.close();
  });

  it('never asked: Preview asks for permission, and a refusal shows the in-page preview', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    await typeNotification(page, 'Asked first');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification preview' });
    await dialog.getByText('Asked first', { exact: true }).waitFor();
    // headless Chromium answers the permission request with a refusal: the request was made
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('with notifications allowed, Preview shows the real notification and no in-page copy', async () => {
    const { page, context } = await b.newPage();
    await context.grantPermissions(['notifications'], { origin: b.baseUrl() });
    await login(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    await typeNotification(page, 'Allowed preview');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const cart = 'https://blog.acme.test/cart';
    await expect
      .poll(() => shownNotifications(page), { timeout: 20_000 })
      .toEqual([
        {
          title: 'Allowed preview',
          body: 'Seen <i>in the page</i>',
          actions: [['FirstBtnRedirect', 'Open cart']],
          data: { url: cart, urlBtn1: cart, urlBtn2: cart },
        },
      ]);
    expect(await page.getByRole('dialog', { name: 'Notification preview' }).count()).toBe(0);
    await context.close();
  });
});
