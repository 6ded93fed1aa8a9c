import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { sidebarItems, waitForPath } from '../support/nav.ts';

const STAFF_ALL = [
  'Main Dashboard',
  'Users Management',
  'Dev Settings',
  'Analytics',
  'Files',
  'Drip Instruments',
  'Tags Manager',
  'API Keys',
];

describe('sidebar per role', () => {
  const b = useBrowser();

  const cases: [keyof typeof ACCOUNTS, string, string[]][] = [
    ['admin', '/dashboard', STAFF_ALL],
    [
      'moder',
      '/moderation-dashboard',
      ['Main Dashboard', 'Users Management', 'Analytics', 'Files', 'Drip Instruments', 'API Keys'],
    ],
    ['client', '/dashboard', ['Main Dashboard', 'Analytics', 'Files', 'Drip Instruments', 'Tags Manager', 'API Keys']],
    ['user', '/dashboard', ['Main Dashboard', 'Analytics']],
  ];

  it.each(cases)('%s sees exactly its items, its name, first role and the version', async (who, landing, items) => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS[who]);
    await waitForPath(page, landing);
    const names = await sidebarItems(page);
    expect(names.filter((n) => n !== 'Sign Out')).toEqual(items);
    expect(names).toContain('Sign Out');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect
      .poll(() => page.getByText(who === 'admin' ? 'Administrator' : /Morgan|Carla|Umar/).count())
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByText('v1.84.91').count()).toBeGreaterThan(0);
    // every role may open a website, so every role has the website picker (a moder also picks the client)
    expect(await page.getByRole('combobox', { name: 'Website', exact: true }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Client', exact: true }).count()).toBe(who === 'moder' ? 1 : 0);
    await context.close();
  });

  it('no sidebar link leads to Page Not Found (admin sees them all)', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    // open every group, then collect every link's address
    const closed = nav.locator('button[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    const hrefs = await nav.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of new Set(hrefs)) {
      await page.goto(href!);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { name: 'Page Not Found' }).count(), href!).toBe(0);
    }
    await context.close();
  });

  it('starts collapsed and expands with the toggle', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.getByText('Drip Instruments', { exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(() => page.getByText('Drip Instruments', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows the domain sidebar inside a website, and the picker lists the client websites', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.getByRole('combobox', { name: 'Website', exact: true }).click();
    await page.getByRole('combobox', { name: 'Website', exact: true }).fill('blog');
    await page.getByRole('option', { name: /blog\.acme\.test/ }).click();
    await waitForPath(page, /^\/dashboard\/\d+$/);
    const names = await sidebarItems(page);
    expect(names).toEqual([
      'Main Dashboard',
      'Website Dashboard',
      'Data Explorer',
      'Recurring Drips',
      'Automation',
      'Welcome Drips',
      'Segmentation',
      'Integrate',
      'Sign Out',
    ]);
    await context.close();
  });

  it('lets a user open a website from the top bar, and shows the one open', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    const picker = page.getByRole('combobox', { name: 'Website', exact: true });
    await picker.click();
    await picker.fill('shop');
    await page.getByRole('option', { name: /shop\.acme\.test/ }).waitFor();
    await picker.press('ArrowDown');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await waitForPath(page, /^\/dashboard\/\d+$/);
    await page.getByRole('heading', { name: 'https://shop.acme.test' }).waitFor();
    await expect.poll(() => picker.inputValue()).toBe('https://shop.acme.test');
    await context.close();
  });

  it('makes a moder pick the client, then a website of that client, in the top bar', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.moder);
    await waitForPath(page, '/moderation-dashboard');
    const websites = page.getByRole('combobox', { name: 'Website', exact: true });
    const client = page.getByRole('combobox', { name: 'Client', exact: true });
    // a client picked earlier in this browser is kept; otherwise the websites wait for one
    if ((await client.inputValue()) === '') expect(await websites.isDisabled()).toBe(true);
    await client.click();
    await client.fill('Globex');
    await page.getByRole('option', { name: 'Globex News' }).click();
    await expect.poll(() => websites.isEnabled()).toBe(true);
    await websites.click();
    await expect
      .poll(async () => (await page.getByRole('option').allTextContents()).filter((t) => t !== 'All Websites'))
      .toEqual([expect.stringContaining('news.globex.test')]);
    await page.getByRole('option', { name: /news\.globex\.test/ }).click();
    await waitForPath(page, /^\/dashboard\/\d+$/);
    await page.getByRole('heading', { name: 'https://news.globex.test' }).waitFor();

    // on a phone both pickers stay in the top bar, which does not overflow
    await page.setViewportSize({ width: 375, height: 812 });
    const bar = page.locator('header');
    await expect
      .poll(() => bar.evaluate((el) => el.scrollWidth <= el.clientWidth && document.body.scrollWidth <= innerWidth))
      .toBe(true);
    for (const picker of [client, websites]) {
      const box = await picker.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375 && box.width >= 60).toBe(true);
    }
    expect(await websites.inputValue()).toBe('https://news.globex.test');
    await context.close();
  });
});
