import { TAG_MSG, TAG_NAME_MAX } from '@pushdeck/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { type ApiWatch, watchApi } from '../support/api-watch.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath, waitForScreen } from '../support/nav.ts';
import { SLOW } from '../support/role-walk.ts';

/** Tab presses in a dialog: more than any of the checked dialogs has controls, so focus would have to wrap. */
const TABS = 15;

/** Where focus is, for a failure message: the element's role or tag and its accessible name or text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(body)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} '${name}'`;
  });
}

/** Whether focus is inside `dialog`. */
function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((d) => d.contains(document.activeElement));
}

/**
 * Opens a dialog from the keyboard (focus on `opener`, Enter) and checks it as a keyboard and screen-reader user meets
 * it: focus moves into it; axe-core finds no serious or critical violation with it open; Tab and Shift+Tab keep focus
 * inside; Escape closes it and gives focus back to `opener`.
 */
async function checkDialog(page: Page, watch: ApiWatch, opener: Locator, name: string | RegExp, where: string) {
  const { expect } = watch;
  await opener.focus();
  await page.keyboard.press('Enter');
  watch.touch();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await watch.settled();
  await expect
    .poll(() => focusInside(dialog), { ...SLOW, message: `${where}: focus moves into the dialog` })
    .toBe(true);

  // axe-core measures colours as shown: not while the dialog still fades in
  await expect
    .poll(
      () =>
        dialog.evaluate(
          (d) => getComputedStyle(d).opacity === '1' && d.getAnimations().every((a) => a.playState !== 'running'),
        ),
      SLOW,
    )
    .toBe(true);
  const violations = await seriousViolations(page);
  expect(describeViolations(`${where} (dialog open)`, violations), `${where}: axe-core serious/critical`).toEqual([]);

  for (const key of [...Array<string>(TABS).fill('Tab'), 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusInside(dialog), `${where}: after ${key}, focus left the dialog for ${await focused(page)}`).toBe(
      true,
    );
  }

  // Escape in an open list closes the list first (the dialog stays): then a second Escape closes the dialog
  const listOpen = () => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded') === 'true');
  if (await listOpen()) {
    await page.keyboard.press('Escape');
    await expect.poll(listOpen, SLOW).toBe(false);
    expect(await dialog.isVisible(), `${where}: Escape in its list closes only the list`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect
    .poll(() => opener.evaluate((el) => el === document.activeElement), {
      ...SLOW,
      message: `${where}: focus returns to the button that opened the dialog`,
    })
    .toBe(true);
}

/** The id of a demo website by its address. */
async function websiteId(page: Page, url: string): Promise<number> {
  const { json } = await apiCall<{ data: { id: number; url: string }[] }>(
    page,
    'GET',
    `/api/v1/domains/get?search=${encodeURIComponent(url)}`,
  );
  const site = json.data.find((d) => d.url === url);
  if (!site) throw new Error(`demo website ${url} not found`);
  return site.id;
}

/** Blocks notifications for the console, as a user does in the site settings: Preview then opens its dialog. */
async function blockNotifications(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    browserContextId: targetInfo.browserContextId,
  });
}

/** What a test needs to know of the focused element. */
interface Focused {
  tag: string;
  type: string | null;
  label: string | null;
  text: string;
}

/** Presses `key` (Tab) until `matches` holds for the focused element; fails after `max` presses. */
async function tabTo(page: Page, watch: ApiWatch, what: string, matches: (el: Focused) => boolean, key = 'Tab') {
  const max = 80;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const el = await page.evaluate(() => {
      const a = document.activeElement;
      return a
        ? {
            tag: a.tagName.toLowerCase(),
            type: a.getAttribute('type'),
            label: a.getAttribute('aria-label'),
            text: a.textContent?.trim() ?? '',
          }
        : null;
    });
    if (el && matches(el)) return;
  }
  watch.expect.fail(`${what} not reached with ${max} ${key} presses (focus on ${await focused(page)})`);
}

/**
 * The field's error is announced: the field is aria-invalid and names the error text through aria-describedby, or the
 * text is in a role=alert element.
 */
async function announcedError(page: Page, field: Locator, text: string): Promise<boolean> {
  const described = await field.evaluate((el, text) => {
    if (el.getAttribute('aria-invalid') !== 'true') return false;
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids.some((id) => document.getElementById(id)?.textContent?.includes(text));
  }, text);
  return described || (await page.getByRole('alert').filter({ hasText: text }).count()) > 0;
}

describe('accessibility: dialogs and keyboard-only use (desktop)', () => {
  const b = useBrowser();

  it('admin: the dialogs of management, tags and a website take focus, keep it, pass axe-core and give it back', {
    timeout: 180_000,
  }, async ({ expect }) => {
    const { page, context } = await b.newPage();
    const watch = watchApi(page, expect);
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');
    await watch.settled();

    // Clients Management: Create Client, and Create User of an expanded client
    await page.goto('/management/clients');
    await waitForScreen(page, '/management/clients');
    await watch.settled();
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Create client' }),
      'Create client',
      'Create client',
    );
    const clients = page.getByRole('table', { name: 'Clients' });
    await clients.getByRole('button', { name: 'Show details' }).first().click();
    watch.touch();
    await watch.settled();
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Create user' }).first(),
      /^Create user for /,
      'Create user',
    );
    await checkDialog(
      page,
      watch,
      clients.getByRole('button', { name: /^Image storage: / }).first(),
      /^Image storage: /,
      'Image storage',
    );

    // Roles Management: Create Role and a role's permissions
    await page.goto('/management/roles');
    await waitForScreen(page, '/management/roles');
    await page.getByRole('table', { name: 'Roles' }).getByText('moder', { exact: true }).waitFor();
    await watch.settled();
    await checkDialog(page, watch, page.getByRole('button', { name: 'Create Role' }), 'Create Role', 'Create Role');
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Sync permissions of moder' }),
      'Permissions of moder',
      'Permissions of moder',
    );

    // Clusters: Create cluster
    await page.goto('/management/clusters');
    await waitForScreen(page, '/management/clusters');
    await watch.settled();
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Create cluster' }),
      'Create cluster',
      'Create cluster',
    );

    // Tags Manager: Create tag, and a delete's confirmation (Escape cancels: the tag stays)
    const tagName = `A11y tag ${Date.now().toString(36)}`;
    const made = await apiCall(page, 'POST', '/api/v1/tags', { name: tagName, type: 'geo' });
    expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
    await page.goto('/tags-manager');
    await page.getByRole('heading', { name: 'Tags Manager', level: 1 }).waitFor();
    await watch.settled();
    await checkDialog(
      page,
      watch,
      page.getByRole('region', { name: 'Vertical tags' }).getByRole('button', { name: 'Add tag' }),
      'Create tag',
      'Create tag',
    );
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: `Delete ${tagName}` }),
      'Are you sure?',
      'delete confirmation',
    );
    // cancelling shows a short 'Cancelled!' popup; the tag is still there, and focus is back on its Delete
    await page.getByRole('dialog', { name: 'Cancelled!' }).waitFor({ state: 'hidden' });
    const del = page.getByRole('button', { name: `Delete ${tagName}` });
    await expect
      .poll(() => del.evaluate((el) => el === document.activeElement), {
        ...SLOW,
        message: "focus returns to Delete after the 'Cancelled!' popup",
      })
      .toBe(true);

    // A website's Connection settings
    const shop = await websiteId(page, 'https://shop.acme.test');
    await page.goto(`/dashboard/${shop}`);
    await waitForScreen(page, `/dashboard/${shop}`);
    await watch.settled();
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Connection settings' }),
      /^Connection settings/,
      'Connection settings',
    );
    await checkDialog(page, watch, page.getByRole('button', { name: 'Postback' }), 'Postback', 'Postback');
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Change domain name' }),
      'Change domain name',
      'Change domain name',
    );

    // Files: Custom Export; Data Explorer: Column settings
    await page.goto('/files');
    await waitForScreen(page, '/files');
    await watch.settled();
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Custom Export' }),
      'Custom Export',
      'Custom Export',
    );
    await page.goto('/data-explorer');
    await waitForScreen(page, '/data-explorer');
    await watch.settled();
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Column settings' }),
      'Column settings',
      'Column settings',
    );

    expect(watch.refused, 'calls answered 403').toEqual([]);
    await context.close();
  });

  it("client: the welcome drip editor's preview and a spam schedule's dialog", {
    timeout: 120_000,
  }, async ({ expect }) => {
    const { page, context } = await b.newPage();
    const watch = watchApi(page, expect);
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await watch.settled();
    await blockNotifications(context, page, b.baseUrl());
    const shop = await websiteId(page, 'https://shop.acme.test');

    await page.goto(`/dashboard/${shop}/welcome/new`);
    const form = page.getByRole('form', { name: 'Welcome drip' });
    await form.waitFor();
    await watch.settled();
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill('Welcome aboard');
    await checkDialog(
      page,
      watch,
      form.getByRole('button', { name: 'Preview', exact: true }),
      'Notification preview',
      'welcome drip preview',
    );

    await page.goto(`/dashboard/${shop}/recurring/spam`);
    await waitForScreen(page, `/dashboard/${shop}/recurring/spam`);
    await watch.settled();
    await checkDialog(
      page,
      watch,
      page.getByRole('button', { name: 'Create Spam Schedule' }),
      'Spam Schedule',
      'spam schedule',
    );

    expect(watch.refused, 'calls answered 403').toEqual([]);
    await context.close();
  });

  it('keyboard only: signs in, opens a screen from the sidebar, and hears a form error', {
    timeout: 120_000,
  }, async ({ expect }) => {
    const { page, context } = await b.newPage();
    const watch = watchApi(page, expect);
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await watch.settled();

    // a wrong e-mail first: Enter submits, the error is announced on the field
    const email = page.getByLabel('Email');
    await tabTo(page, watch, 'the Email field', (el) => el.tag === 'input' && el.type === 'email');
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Tab');
    await page.keyboard.type(ACCOUNTS.admin.password);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => announcedError(page, email, 'Invalid e-mail.'), { ...SLOW, message: 'the e-mail error is announced' })
      .toBe(true);

    // the right one: signed in, on the dashboard
    await tabTo(page, watch, 'the Email field again', (el) => el.tag === 'input' && el.type === 'email', 'Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(ACCOUNTS.admin.email);
    await page.keyboard.press('Enter');
    await waitForScreen(page, '/dashboard');
    await watch.settled();

    // the sidebar, with Tab and Enter only: Tags Manager
    await tabTo(page, watch, "the sidebar's Tags Manager", (el) => el.label === 'Tags Manager');
    await page.keyboard.press('Enter');
    await waitForScreen(page, '/tags-manager');
    await watch.settled();

    // Add tag with the keyboard; a name over the limit, Enter: the name's error is announced on the field
    await tabTo(page, watch, 'Add tag', (el) => (el.label ?? el.text) === 'Add tag');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create tag' });
    await dialog.waitFor();
    await expect.poll(() => focusInside(dialog), SLOW).toBe(true);
    await page.keyboard.type('x'.repeat(TAG_NAME_MAX + 1));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => announcedError(page, dialog.getByLabel('Tag Name'), TAG_MSG.nameMax), {
        ...SLOW,
        message: "the Tag Name's error is announced",
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
