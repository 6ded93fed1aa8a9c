import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { type ApiWatch, watchApi } from '../support/api-watch.ts';
import { ACCOUNTS, DEMO_PASSWORD, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';
import {
  type Control,
  enabledControls,
  expectClean,
  firstWebsite,
  linkPaths,
  open,
  SLOW,
  sidebarPaths,
  writeControls,
} from '../support/role-walk.ts';
import { guardWrites, type WriteGuard } from '../support/write-calls.ts';

/** Controls that only open a dialog, a menu or an editor: safe to press and leave. */
const ENTRY = /^(Create|Edit|Postback|Change domain name|Add)\b/;
/** Controls that make a call at once (or after a confirmation): pressed with the calls answered by the journey. */
const PRESS = /^(Delete|Remove|Save)\b/;
/** The buttons of a confirmation dialog that go ahead. */
const CONFIRM = /^(Yes!?|Confirm|Delete|Remove|OK)$/;

const locate = (page: Page, c: Control) => {
  const role = c.kind === 'select' ? 'combobox' : c.kind;
  return page.getByRole(role, { name: c.name, exact: true }).first();
};

/**
 * Finds `control` on `path`; if it went (a dialog closed, a row changed), opens the page afresh once. A control the
 * walk listed and cannot find again after that fails the walk: it is not skipped.
 */
async function findAgain(page: Page, watch: ApiWatch, path: string, control: Control) {
  const found = locate(page, control);
  // a switch's or checkbox's input is drawn over by its track: it is there, not "visible"
  const hiddenInput = control.kind === 'switch' || control.kind === 'checkbox';
  const there = async () => (hiddenInput ? (await found.count()) > 0 : found.isVisible());
  if (await there()) return found;
  await open(page, watch, path);
  await watch.expect
    .poll(there, { ...SLOW, message: `${control.kind} '${control.name}' on ${path}, listed, not found again` })
    .toBe(true);
  return found;
}

const press = async (page: Page, watch: ApiWatch, path: string, control: Control) =>
  (await findAgain(page, watch, path, control)).click({
    force: control.kind === 'switch' || control.kind === 'checkbox',
  });

async function backTo(page: Page, watch: ApiWatch, path: string) {
  if (new URL(page.url()).pathname !== path) {
    await open(page, watch, path);
    return;
  }
  // a dialog or a menu the entry opened (a menu's dropdown can lie over the next row's controls)
  const popups = () => page.locator('[role="dialog"], [role="menu"]').count();
  for (let i = 0; i < 3 && (await popups()) > 0; i++) await page.keyboard.press('Escape');
  await watch.expect.poll(popups, SLOW).toBe(0);
}

/** Presses each entry control once per walk (row links once per page and verb) and comes back. */
async function tryEntries(page: Page, watch: ApiWatch, path: string, tried: Set<string>) {
  const verbs = new Set<string>();
  const entries = (await enabledControls(page)).filter(
    (c) => (c.kind === 'button' || c.kind === 'link') && !c.inForm && ENTRY.test(c.name),
  );
  for (const entry of entries) {
    const verb = entry.name.split(' ')[0]!;
    if (tried.has(entry.name) || (entry.kind === 'link' && verbs.has(verb))) continue;
    tried.add(entry.name);
    verbs.add(verb);
    await press(page, watch, path, entry);
    watch.touch();
    await watch.settled();
    await expectClean(page, watch, `${path} after '${entry.name}'`);
    await backTo(page, watch, path);
  }
}

/**
 * Presses the page's first switch and its first Delete, Remove and Save (once per walk by name), confirming a
 * confirmation dialog: the calls they make are answered by `guardWrites`, which checks the user may make them.
 */
async function pressWrites(page: Page, watch: ApiWatch, path: string, pressed: Set<string>) {
  const controls = (await enabledControls(page)).filter((c) => c.name !== '');
  const picks: Control[] = [];
  const firstSwitch = controls.find((c) => c.kind === 'switch' && !pressed.has(`switch ${c.name}`));
  if (firstSwitch) picks.push(firstSwitch);
  for (const verb of ['Delete', 'Remove', 'Save']) {
    const c = controls.find(
      (c) => c.kind === 'button' && PRESS.test(c.name) && c.name.startsWith(verb) && !pressed.has(`button ${c.name}`),
    );
    if (c) picks.push(c);
  }
  for (const control of picks) {
    pressed.add(`${control.kind} ${control.name}`);
    await press(page, watch, path, control);
    watch.touch();
    await watch.settled();
    const confirm = page.getByRole('dialog').getByRole('button', { name: CONFIRM });
    if ((await confirm.count()) > 0) {
      await confirm.first().click();
      watch.touch();
      await watch.settled();
    }
    await expectClean(page, watch, `${path} after '${control.name}'`);
    await backTo(page, watch, path);
  }
}

async function walk(page: Page, watch: ApiWatch, who: string, paths: string[]) {
  const tried = new Set<string>();
  const pressed = new Set<string>();
  for (const path of paths) {
    await open(page, watch, path);
    await expectClean(page, watch, `${who} on ${path}`);
    const here = new URL(page.url()).pathname;
    await tryEntries(page, watch, here, tried);
    await pressWrites(page, watch, here, pressed);
  }
}

async function signIn(page: Page, watch: ApiWatch, account: { email: string; password: string }) {
  await login(page, account);
  await waitForPath(page, '/dashboard');
  await watch.settled();
}

/** The paths of the sidebar, then (when the user has a website) the website's own sidebar items. */
async function allSidebarPaths(page: Page, watch: ApiWatch): Promise<string[]> {
  const staffPaths = await sidebarPaths(page, watch);
  const id = await firstWebsite(page, watch);
  if (id === null) return staffPaths;
  await open(page, watch, `/dashboard/${id}`);
  const domainPaths = (await sidebarPaths(page, watch)).filter((p) => !staffPaths.includes(p));
  watch.expect(domainPaths).toContain(`/dashboard/${id}`);
  return [...staffPaths, ...domainPaths];
}

async function expectAllowed(watch: ApiWatch, who: string, guard: WriteGuard) {
  watch.expect(guard.problems, `${who}: write calls the user may not make`).toEqual([]);
  watch.expect(watch.refused, `${who}: calls answered 403`).toEqual([]);
}

// The walks run at once, each in its own browser context: they share one browser and one server.
describe.concurrent('more roles, and the screens outside the sidebar', () => {
  const b = useBrowser();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  /** An account with `role` for the demo client Acme Shop, made by the admin through the API. */
  async function accountWithRole(role: string) {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');
    const demo = await apiCall<{ data: { data: { client_id: number }[] } }>(
      page,
      'GET',
      `/api/v1/management/users?search=${encodeURIComponent(ACCOUNTS.client.email)}`,
    );
    const account = { email: `${role}.${stamp}@pushdeck.test`, password: DEMO_PASSWORD };
    const created = await apiCall(page, 'POST', '/api/v1/management/users', {
      name: `E2E ${role}`,
      ...account,
      password_confirmation: account.password,
      client_id: demo.json.data.data[0]!.client_id,
      role,
    });
    if (created.status !== 201) throw new Error(`creating a ${role} answered ${created.status}`);
    await context.close();
    return account;
  }

  /** Who, their account, and whether their screens offer a Save, Delete or switch that makes a call. */
  const walks: [string, () => Promise<{ email: string; password: string }>, boolean][] = [
    ['admin_role', () => accountWithRole('admin_role'), true],
    ['admin_demo', () => accountWithRole('admin_demo'), false],
    ['dev', () => accountWithRole('dev'), true],
    ['the second client (globex)', async () => ({ email: 'globex@pushdeck.test', password: DEMO_PASSWORD }), true],
  ];

  it.for(walks)(
    '%s: every sidebar item, its controls pass',
    { timeout: 150_000 },
    async ([who, account, writes], { expect }) => {
      const credentials = await account();
      const { page, context } = await b.newPage();
      const watch = watchApi(page, expect);
      await signIn(page, watch, credentials);
      const guard = await guardWrites(page);
      await walk(page, watch, who, await allSidebarPaths(page, watch));
      await expectAllowed(watch, who, guard);
      console.info(`${who}: ${guard.answered.length} write calls answered\n  ${guard.answered.join('\n  ')}`);
      if (writes) expect(guard.answered, `${who}: write calls made and answered`).not.toEqual([]);
      await context.close();
    },
  );

  it('a freshly registered client with no website: the checklist, and every sidebar item', {
    timeout: 150_000,
  }, async ({ expect }) => {
    const { page, context } = await b.newPage();
    const watch = watchApi(page, expect);
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nina Newcomer');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`nina-${stamp}@example.com`);
    await page.getByLabel('Company name').fill(`Nina ${stamp}`);
    await page.getByLabel(/^Password/).fill('longenough');
    await page.getByLabel(/^Confirm password/).fill('longenough');
    await page.getByRole('button', { name: 'Create client account' }).click();
    await waitForPath(page, '/dashboard');
    await watch.settled();
    const checklist = page.getByRole('region', { name: 'Get started with Pushdeck' });
    await checklist.getByText('0 of 4 steps done').waitFor();
    expect(await firstWebsite(page, watch)).toBeNull();

    const guard = await guardWrites(page);
    await walk(page, watch, 'new client', await allSidebarPaths(page, watch));
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    await expectAllowed(watch, 'new client', guard);
    await context.close();
  });

  it('the viewer, on every sidebar item and the screens outside the sidebar, finds no enabled write control', {
    timeout: 120_000,
  }, async ({ expect }) => {
    const { page, context } = await b.newPage();
    const watch = watchApi(page, expect);
    await signIn(page, watch, ACCOUNTS.viewer);
    const guard = await guardWrites(page);
    const id = await firstWebsite(page, watch);
    expect(id).not.toBeNull();
    const site = `/dashboard/${id}`;

    // row pages, reached from their lists: an audience, a segment and a recurring group the admin makes for this run
    const admin = await b.newPage();
    await login(admin.page, ACCOUNTS.admin);
    await waitForPath(admin.page, '/dashboard');
    const made = async (path: string, body: object) => {
      const res = await apiCall<{ data: { id: number } }>(admin.page, 'POST', path, body);
      expect(res.status, `POST ${path}`).toBe(201);
      return res.json.data.id;
    };
    const query = { filters: [{ language: { type: 'and', operator: '=', values: ['uk-UA'] } }] };
    const audience = await made('/api/v1/segments', {
      name: `Viewer A ${stamp}`,
      type: 'audience',
      domain_id: id,
      query,
    });
    const segment = await made('/api/v1/segments', {
      name: `Viewer S ${stamp}`,
      type: 'segment',
      domain_id: id,
      query,
    });
    const group = await made('/api/v1/abstract/groups', { domain_id: id, name: `Viewer G ${stamp}` });
    await admin.context.close();
    const rows = async (list: string, row: string) => {
      await open(page, watch, list);
      await expect.poll(() => linkPaths(page, /./), { ...SLOW, message: `${list} links to ${row}` }).toContain(row);
      return row;
    };
    const paths = [
      // the sidebar again, with the wider detector than journeys/roles.e2e.ts uses
      ...(await allSidebarPaths(page, watch)),
      '/billing',
      '/upgrade',
      '/profile',
      `${site}/more-info-subs`,
      await rows(`${site}/audience-creator`, `${site}/audience-creator/view/${audience}`),
      await rows(`${site}/manual-segmentation`, `${site}/manual-segmentation/view/${segment}`),
      await rows(`${site}/recurring`, `${site}/recurring/${group}`),
    ];
    for (const path of paths) {
      await open(page, watch, path);
      expect(new URL(page.url()).pathname, `the viewer may open ${path}`).toBe(path);
      await expectClean(page, watch, `viewer on ${path}`);
      let writes = writeControls(await enabledControls(page));
      // one's own account: the name and password are the viewer's to change (an 'authenticated' call, checked below)
      if (path === '/profile') writes = writes.filter((c) => !c.inForm);
      expect(writes, `viewer on ${path}: enabled write controls`).toEqual([]);
    }

    // a drip's own chart, which writers find under the editor, opens from the welcome list's row
    await open(page, watch, `${site}/welcome`);
    const chart = page.getByRole('button', { name: /^Chart of / }).first();
    await chart.click();
    watch.touch();
    await watch.settled();
    await page.getByRole('region', { name: 'Drip statistics' }).locator('.recharts-surface').first().waitFor();
    expect(writeControls(await enabledControls(page)), `viewer on ${site}/welcome with a chart open`).toEqual([]);

    await expectAllowed(watch, 'viewer', guard);
    await context.close();
  });
});
