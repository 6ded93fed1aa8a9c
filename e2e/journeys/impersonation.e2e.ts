import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { pickOption, waitForPath, waitForScreen } from '../support/nav.ts';

/** This runs on 2 shared cores: conditions get time to come true. */
const SLOW = { timeout: 15_000, interval: 50 };

interface Who {
  id: number;
  email: string;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Impersonation' });

/** The banner is there and says whose account this is: name, e-mail and client. */
async function expectBanner(page: Page) {
  const status = banner(page).getByRole('status');
  await expect
    .poll(() => status.textContent(), SLOW)
    .toBe(
      'You are signed in as Umar User (user@pushdeck.test) of the client Acme Shop. What you do here is done in their account.',
    );
}

describe('impersonation', () => {
  const browser = useBrowser();

  it('a moder enters a client user, sees the banner on every page, returns; the admin finds both on the Audit screen', async () => {
    // The moder signs in and finds the client's user.
    const { context: moderContext, page } = await browser.newPage();
    await login(page, ACCOUNTS.moder);
    await waitForPath(page, '/moderation-dashboard');
    const me = await apiCall<{ data: Who }>(page, 'GET', '/api/auth/user/info');
    const moder = me.json.data;
    const found = await apiCall<{ data: { data: Who[] } }>(
      page,
      'GET',
      `/api/v1/management/users?search=${encodeURIComponent(ACCOUNTS.user.email)}`,
    );
    expect(found.status).toBe(200);
    const target = found.json.data.data.find((u) => u.email === ACCOUNTS.user.email);
    expect(target, 'the demo user').toBeDefined();
    expect(await banner(page).count()).toBe(0);

    // Users Management → 'Log in as', clicked as soon as it shows (the screen's other queries may still be loading):
    // the console becomes the user's, on the user's dashboard, without signing out.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(`/users-management?search=${encodeURIComponent(ACCOUNTS.user.email)}`);
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('button', { name: 'Log in as Umar User' }).click();
    await waitForScreen(page, '/dashboard');
    await expectBanner(page);
    expect(visited, 'never through Login').not.toContain('/login');
    const entered = await apiCall<{ data: { email: string; backToModerUrl: string | null } }>(
      page,
      'GET',
      '/api/auth/user/info',
    );
    expect(entered.json.data).toMatchObject({
      email: ACCOUNTS.user.email,
      backToModerUrl: `/api/auth/moder/backToModer/${moder.id}`,
    });

    // The banner on a page loaded afresh, on a website's dashboard, and on a page opened from the sidebar.
    await page.reload();
    await waitForScreen(page, '/dashboard');
    await expectBanner(page);
    const sites = await apiCall<{ data: { id: number; url: string }[] }>(page, 'GET', '/api/v1/domains?select=id,url');
    const shop = sites.json.data.find((d) => d.url === 'https://shop.acme.test');
    expect(shop, 'the client’s demo website').toBeDefined();
    await page.goto(`/dashboard/${shop!.id}`);
    await waitForScreen(page, `/dashboard/${shop!.id}`);
    await expectBanner(page);
    // opened from the sidebar, without a reload
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Welcome Drips' })
      .click();
    await waitForScreen(page, `/dashboard/${shop!.id}/welcome`);
    await expectBanner(page);
    await page.goto('/profile');
    await waitForScreen(page, '/profile');
    await expectBanner(page);

    // Back to moderation from the banner, with the keyboard.
    const back = banner(page).getByRole('button', { name: 'Return to moderation' });
    await back.focus();
    await page.keyboard.press('Enter');
    await waitForScreen(page, '/moderation-dashboard');
    await expect.poll(() => banner(page).count(), SLOW).toBe(0);
    const after = await apiCall<{ data: { email: string; backToModerUrl: string | null } }>(
      page,
      'GET',
      '/api/auth/user/info',
    );
    expect(after.json.data).toMatchObject({ email: ACCOUNTS.moder.email, backToModerUrl: null });
    await moderContext.close();

    // The admin finds the start and the end on the Audit screen, from the sidebar.
    const { context: adminContext, page: admin } = await browser.newPage();
    await login(admin, ACCOUNTS.admin);
    await waitForPath(admin, /^\/dashboard/);
    const nav = admin.getByRole('navigation', { name: 'Main navigation' });
    await admin.getByRole('button', { name: 'Toggle navigation' }).click();
    await nav.getByRole('button', { name: 'Dev Settings' }).click();
    await nav.getByRole('link', { name: 'Audit' }).click();
    await waitForScreen(admin, '/management/audit');
    const table = admin.getByRole('table', { name: 'Audit entries' });

    await pickOption(admin, 'Action', 'Impersonation started');
    await admin.getByRole('textbox', { name: 'Actor', exact: true }).fill(ACCOUNTS.moder.email);
    await waitForPath(
      admin,
      /action=impersonation\.start.*actor=moder%40pushdeck\.test|actor=moder%40pushdeck\.test.*action=impersonation\.start/,
    );
    const subject = new RegExp(`user #${target!.id}(?!\\d)`);
    const start = table.locator('tbody tr', { hasText: subject }).first();
    await expect.poll(() => start.textContent(), SLOW).toContain('Impersonation started');
    const startText = (await start.textContent()) ?? '';
    expect(startText).toContain(ACCOUNTS.moder.email);
    expect(startText).toContain(`email: ${ACCOUNTS.user.email}`);

    await pickOption(admin, 'Action', 'Impersonation ended');
    await admin.getByRole('textbox', { name: 'Actor', exact: true }).fill(ACCOUNTS.user.email);
    await waitForPath(
      admin,
      /action=impersonation\.end.*actor=user%40pushdeck\.test|actor=user%40pushdeck\.test.*action=impersonation\.end/,
    );
    const end = table
      .locator('tbody tr', { hasText: new RegExp(`Impersonated by staff user #${moder.id}(?!\\d)`) })
      .first();
    await expect.poll(() => end.textContent(), SLOW).toContain('Impersonation ended');
    const endText = (await end.textContent()) ?? '';
    expect(endText).toContain(ACCOUNTS.user.email);
    expect(endText).toMatch(subject);

    // Today's range keeps them; the URL holds every filter.
    const today = await admin.evaluate(() => {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    await admin.goto(`${new URL(admin.url()).pathname}${new URL(admin.url()).search}&from=${today}&to=${today}`);
    await waitForPath(admin, /from=/);
    await expect.poll(() => end.textContent(), SLOW).toContain('Impersonation ended');
    await expect(admin.getByRole('textbox', { name: 'Actor', exact: true }).inputValue()).resolves.toBe(
      ACCOUNTS.user.email,
    );
    await adminContext.close();
  });
});
