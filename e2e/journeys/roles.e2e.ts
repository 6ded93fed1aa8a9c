import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { type ApiWatch, watchApi } from '../support/api-watch.ts';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';
import { expectClean, firstWebsite, open, SLOW, sidebarPaths } from '../support/role-walk.ts';

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

/**
 * Presses each entry control once per walk (opens a dialog, a menu or an editor), checks, and comes back. Row links
 * ('Edit <title>') count once per page and verb; the top bar's 'Add website' once for the whole walk.
 */
async function tryEntries(page: Page, watch: ApiWatch, path: string, tried: Set<string>) {
  const verbs = new Set<string>();
  const entries = (await enabledControls(page)).filter((c) => c.role !== 'switch' && !c.inForm && ENTRY.test(c.name));
  for (const entry of entries) {
    const verb = entry.name.split(' ')[0]!;
    if (tried.has(entry.name) || (entry.role === 'link' && verbs.has(verb))) continue;
    const control = page.getByRole(entry.role, { name: entry.name, exact: true }).first();
    // a control listed while the screen before was still on view (its route's code loading), or one that went with
    // the entry before: open the page afresh once; still not there, it is not this page's to try
    if (!(await control.isVisible())) {
      await open(page, watch, path);
      if (!(await control.isVisible())) continue;
    }
    tried.add(entry.name);
    verbs.add(verb);
    await control.click();
    watch.touch();
    await watch.settled();
    await expectClean(page, watch, `${path} after '${entry.name}'`);
    if (new URL(page.url()).pathname !== path) {
      await open(page, watch, path);
    } else {
      await page.keyboard.press('Escape');
      await watch.expect.poll(() => page.getByRole('dialog').count(), SLOW).toBe(0);
    }
  }
}

/** Screens axe-core has checked in this run: each once, by whichever role opens it first (keeps the walk cheap). */
const axeChecked = new Set<string>();

/** Walks `paths`; answers axe-core's serious and critical violations on the screens it checked, one line each. */
async function walk(page: Page, watch: ApiWatch, role: keyof typeof ACCOUNTS, paths: string[]): Promise<string[]> {
  const { expect } = watch;
  const tried = new Set<string>();
  const a11y: string[] = [];
  for (const path of paths) {
    await open(page, watch, path);
    const where = `${role} on ${path}`;
    await expectClean(page, watch, where);
    // the browser tab names the screen (a fallback 'Pushdeck' alone would mean the title was never set)
    await expect.poll(() => page.title(), SLOW).toMatch(/^\S.* · Pushdeck$/);
    if (!axeChecked.has(path)) {
      axeChecked.add(path);
      a11y.push(...describeViolations(where, await seriousViolations(page)));
    }
    if (role === 'viewer') {
      const writes = (await enabledControls(page)).filter(
        (c) => c.role === 'switch' || (WRITE.test(c.name) && !NOT_WRITE.test(c.name)),
      );
      expect(writes, `${where}: enabled write controls`).toEqual([]);
    } else {
      await tryEntries(page, watch, new URL(page.url()).pathname, tried);
    }
  }
  return a11y;
}

// The roles walk at once, each in its own browser context: they share one browser and one server.
describe.concurrent('every role, every sidebar item: no control leads to a 403', () => {
  const b = useBrowser();

  const roles: [keyof typeof ACCOUNTS, string][] = [
    ['admin', '/dashboard'],
    ['moder', '/moderation-dashboard'],
    ['client', '/dashboard'],
    ['user', '/dashboard'],
    ['viewer', '/dashboard'],
  ];

  it.for(roles)('%s', { timeout: 120_000 }, async ([role, landing], { expect }) => {
    const { page, context } = await b.newPage();
    const watch = watchApi(page, expect);
    await login(page, ACCOUNTS[role]);
    await waitForPath(page, landing);
    await watch.settled();

    const staffPaths = await sidebarPaths(page, watch);
    const id = (await firstWebsite(page, watch))!;
    await open(page, watch, `/dashboard/${id}`);
    const domainPaths = (await sidebarPaths(page, watch)).filter((p) => !staffPaths.includes(p));
    expect(domainPaths).toContain(`/dashboard/${id}`);

    const a11y = await walk(page, watch, role, [...staffPaths, ...domainPaths]);
    expect(watch.refused, `${role}: calls answered 403`).toEqual([]);
    // every screen once per run (by the first role to open it): no serious or critical axe-core violation
    expect(a11y, `${role}: axe-core serious/critical violations (rule, screen, target)`).toEqual([]);
    await context.close();
  });
});
