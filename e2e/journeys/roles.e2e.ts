import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiWatch, watchApi } from '../support/api-watch.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

/** The server's 403 text, as a page would show it. */
const UNAUTHORIZED = 'This action is unauthorized.';
/** Names of controls that change something (the verb comes first: 'Delete Daily deals', 'Create group'). */
const WRITE = /^(Create|Edit|Delete|Save|Add|Remove|Postback|Change domain name|Duplicate|Import|Update|Upload)\b/i;
/** 'Upload as XLSX' is the spec's name for downloading an audience: a read. */
const NOT_WRITE = /^Upload as XLSX/i;
/** Controls that only open a dialog, a menu or an editor: safe to press and leave. */
const ENTRY = /^(Create|Edit|Postback|Change domain name|Add)\b/;

interface Control {
  role: 'button' | 'link' | 'switch';
  name: string;
  /** Inside a form: pressing it would submit. */
  inForm: boolean;
}

/** The visible, enabled buttons, links and switches of the page with their accessible names. */
function enabledControls(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const visible = (el: Element) => el.getClientRects().length > 0 || el.matches('input[role="switch"]');
    const nameOf = (el: Element) => {
      const labelled = el.getAttribute('aria-labelledby');
      const byId = labelled ? document.getElementById(labelled)?.textContent : undefined;
      return (el.getAttribute('aria-label') ?? byId ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    const out: { role: 'button' | 'link' | 'switch'; name: string; inForm: boolean }[] = [];
    for (const el of Array.from(document.querySelectorAll('button, a[href], [role="switch"]'))) {
      if (el.closest('nav[aria-label="Main navigation"]')) continue;
      if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true' || !visible(el)) continue;
      const role = el.getAttribute('role') === 'switch' ? 'switch' : el.tagName === 'A' ? 'link' : 'button';
      out.push({ role, name: nameOf(el), inForm: el.closest('form') !== null });
    }
    return out;
  });
}

/** Expands the sidebar and every group in it, then lists the paths of its links. */
async function sidebarPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const closed = nav.locator('button[aria-expanded="false"]');
  await expect.poll(() => nav.getByRole('link', { name: 'Main Dashboard' }).textContent()).toContain('Main Dashboard');
  while ((await closed.count()) > 0) {
    const before = await closed.count();
    await closed.first().click();
    await expect.poll(() => closed.count()).toBeLessThan(before);
  }
  const hrefs = await nav.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

async function expectClean(page: Page, where: string) {
  expect(await page.getByText(UNAUTHORIZED).count(), `${where} shows '${UNAUTHORIZED}'`).toBe(0);
}

/** Presses each kind of entry control once (opens a dialog, a menu or an editor), checks, and comes back. */
async function tryEntries(page: Page, watch: ApiWatch, path: string) {
  const seen = new Set<string>();
  const entries = (await enabledControls(page)).filter((c) => c.role !== 'switch' && !c.inForm && ENTRY.test(c.name));
  for (const entry of entries) {
    const verb = entry.name.split(' ')[0]!;
    if (seen.has(verb)) continue;
    seen.add(verb);
    await page.getByRole(entry.role, { name: entry.name, exact: true }).first().click();
    await watch.settled();
    await expectClean(page, `${path} after '${entry.name}'`);
    if (new URL(page.url()).pathname !== path) {
      await page.goto(path);
    } else {
      await page.keyboard.press('Escape');
    }
    await watch.settled();
  }
}

async function walk(page: Page, watch: ApiWatch, role: keyof typeof ACCOUNTS, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await watch.settled();
    const where = `${role} on ${path}`;
    await expectClean(page, where);
    if (role === 'viewer') {
      const writes = (await enabledControls(page)).filter(
        (c) => c.role === 'switch' || (WRITE.test(c.name) && !NOT_WRITE.test(c.name)),
      );
      expect(writes, `${where}: enabled write controls`).toEqual([]);
    } else {
      await tryEntries(page, watch, new URL(page.url()).pathname);
    }
  }
}

/** The first website the signed-in user may open (staff: of any client). */
async function firstWebsite(page: Page): Promise<number> {
  const answer = await page.context().request.get('/api/v1/domains?limit=1&order_by=id:asc');
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { id: number }[] };
  return body.data[0]!.id;
}

describe('every role, every sidebar item: no control leads to a 403', () => {
  const b = useBrowser();

  const roles: [keyof typeof ACCOUNTS, string][] = [
    ['admin', '/dashboard'],
    ['moder', '/moderation-dashboard'],
    ['client', '/dashboard'],
    ['user', '/dashboard'],
    ['viewer', '/dashboard'],
  ];

  it.each(roles)('%s', { timeout: 120_000 }, async (role, landing) => {
    const { page, context } = await b.newPage();
    const watch = watchApi(page);
    await login(page, ACCOUNTS[role]);
    await waitForPath(page, landing);
    await watch.settled();

    const staffPaths = await sidebarPaths(page);
    const id = await firstWebsite(page);
    await page.goto(`/dashboard/${id}`);
    const domainPaths = (await sidebarPaths(page)).filter((p) => !staffPaths.includes(p));
    expect(domainPaths).toContain(`/dashboard/${id}`);

    await walk(page, watch, role, [...staffPaths, ...domainPaths]);
    expect(watch.refused, `${role}: calls answered 403`).toEqual([]);
    await context.close();
  });
});
