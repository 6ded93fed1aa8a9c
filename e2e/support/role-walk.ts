import type { Page } from 'playwright-core';
import type { ApiWatch } from './api-watch.ts';

/**
 * Walking the console as one role (journeys/roles-more.e2e.ts): the sidebar's paths, opening a path in the running
 * console, listing its enabled controls, and which of them change something. journeys/roles.e2e.ts has its own copy
 * of the first helpers (the narrower detector); it can import these once its axe-core check has settled.
 */

/** The server's 403 text, as a page would show it. */
export const UNAUTHORIZED = 'This action is unauthorized.';

/** This runs on 2 shared cores: conditions get time to come true. */
export const SLOW = { timeout: 15_000, interval: 50 };

/** Names of controls that change something (the verb comes first: 'Delete Daily deals', 'Send test push'). */
export const WRITE =
  /^(Create|Edit|Delete|Save|Add|Remove|Postback|Change domain name|Duplicate|Import|Update|Upload|Send|Copy|Move|Ask|Approve|Decline|Sync|Assign|Activate|Deactivate|Rename)\b/i;
/**
 * Reads named with a write verb: 'Upload as XLSX' downloads an audience (the spec's name); copying an id, a code or a
 * link to the clipboard ('Copy Subscribable Id of subscriber 6') changes nothing on the server.
 */
export const NOT_WRITE = /^(Upload as XLSX|Copy to clipboard|Copy [\w ]*\b(id|code|link|snippet|url)\b)/i;

export type ControlKind = 'button' | 'link' | 'switch' | 'checkbox' | 'select';

export interface Control {
  kind: ControlKind;
  name: string;
  /** Inside a form: pressing it would submit, changing it is an edit. */
  inForm: boolean;
}

/** The visible, enabled buttons, links, switches, checkboxes and selects of the page, with their accessible names. */
export function enabledControls(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const hiddenInput = (el: Element) => el.matches('input[type="checkbox"], input[type="radio"]');
    const visible = (el: Element) => el.getClientRects().length > 0 || hiddenInput(el);
    const nameOf = (el: Element) => {
      const labelled = el.getAttribute('aria-labelledby');
      const byId = labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : undefined;
      const label =
        el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.labels?.[0]?.textContent : null;
      return (el.getAttribute('aria-label') ?? byId ?? label ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    const kindOf = (el: Element) => {
      if (el.getAttribute('role') === 'switch') return 'switch' as const;
      if (el.matches('input[type="checkbox"], [role="checkbox"]')) return 'checkbox' as const;
      if (el.matches('select, [role="combobox"], input[aria-haspopup="listbox"]')) return 'select' as const;
      return el.tagName === 'A' ? ('link' as const) : ('button' as const);
    };
    const out: { kind: ReturnType<typeof kindOf>; name: string; inForm: boolean }[] = [];
    const selector =
      'button, a[href], [role="switch"], input[type="checkbox"], [role="checkbox"], select, [role="combobox"], input[aria-haspopup="listbox"]';
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (el.closest('nav[aria-label="Main navigation"]')) continue;
      if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true' || !visible(el)) continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el.matches('input[readonly]:not([aria-haspopup])')) continue;
      out.push({ kind: kindOf(el), name: nameOf(el), inForm: el.closest('form:not([role="search"])') !== null });
    }
    return out;
  });
}

/**
 * The controls among `controls` that change something: switches, checkboxes and selects of a form (a filter's select
 * outside a form only chooses what is shown), and buttons or links whose name starts with a write verb.
 */
export function writeControls(controls: Control[]): Control[] {
  return controls.filter((c) => {
    if (c.kind === 'switch') return true;
    if (c.kind === 'checkbox' || c.kind === 'select') return c.inForm;
    return WRITE.test(c.name) && !NOT_WRITE.test(c.name);
  });
}

/** Expands the sidebar and every group in it, then lists the paths of its links. */
export async function sidebarPaths(page: Page, { expect }: ApiWatch): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  const home = nav.getByRole('link', { name: 'Main Dashboard' });
  if (!(await home.textContent())?.includes('Main Dashboard')) {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(() => home.textContent(), SLOW).toContain('Main Dashboard');
  }
  const closed = nav.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) {
    const before = await closed.count();
    await closed.first().click();
    await expect.poll(() => closed.count(), SLOW).toBeLessThan(before);
  }
  const hrefs = await nav.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

/** Opens `path` inside the running console (the router follows popstate): no reload, as a click would. */
export async function open(page: Page, watch: ApiWatch, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  watch.touch();
  await watch.settled();
}

export async function expectClean(page: Page, { expect }: ApiWatch, where: string) {
  expect(await page.getByText(UNAUTHORIZED).count(), `${where} shows '${UNAUTHORIZED}'`).toBe(0);
}

/** The first website the signed-in user may open (staff: of any client); null when there is none. */
export async function firstWebsite(page: Page, { expect }: ApiWatch): Promise<number | null> {
  const answer = await page.context().request.get('/api/v1/domains?limit=1&order_by=id:asc');
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { id: number }[] };
  return body.data[0]?.id ?? null;
}

/** The paths of links on the current page whose path matches `re` (row links: a segment's view, a group's page). */
export async function linkPaths(page: Page, re: RegExp): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((h) => h.split('?')[0]!).filter((h) => re.test(h)))];
}
