import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

/** A fresh website address per call, so the journeys never share a website. */
function uniqueSiteUrl(label: string): string {
  return `https://${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}.e2e.test`;
}

/** Adds a website on NewWebsite (signed in) and opens its dashboard; answers its id and website id. */
async function addWebsite(page: Page, url: string): Promise<{ id: number; websiteId: string }> {
  await page.goto('/new-website');
  await page.getByLabel('Website URL').fill(url);
  await page.getByRole('button', { name: 'Add website' }).click();
  await page.getByRole('heading', { name: 'Website added' }).waitFor();
  const websiteId =
    (await page
      .locator('p', { hasText: /^Website Id / })
      .locator('span')
      .textContent()) ?? '';
  expect(websiteId).toMatch(/^\w{8,}$/);
  await page.getByRole('link', { name: 'Open website dashboard' }).click();
  await waitForPath(page, /^\/dashboard\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/')[2]);
  await page.getByRole('heading', { name: url, level: 1 }).waitFor();
  return { id, websiteId };
}

/** The current (last) crumb of the page's breadcrumb. */
function currentCrumb(page: Page) {
  return page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]');
}

/** Records the PUT /api/v1/domains/{id} calls the page sends. */
function recordDomainPuts(page: Page): Request[] {
  const puts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/v1\/domains\/\d+$/.test(new URL(request.url()).pathname)) {
      puts.push(request);
    }
  });
  return puts;
}

/** The configuration line the server puts in front of a downloaded integration file. */
function pushmineConfig(text: string): { websiteId?: string } {
  const first = text.split('\n', 1)[0] ?? '';
  const match = /^self\.PUSHMINE_CONFIG = (\{.*\});$/.exec(first);
  expect(match, `first line of the file: ${first.slice(0, 200)}`).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('websites (client)', () => {
  const b = useBrowser();

  it('adds a website from "Add website", sees the install guide, then finds it in the picker', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.getByRole('link', { name: 'Add website' }).click();
    await waitForPath(page, '/new-website');
    await page.getByRole('heading', { name: 'Add a website' }).waitFor();
    // NewWebsite has neither the top bar nor the sidebar
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Website', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /My Account/ }).count()).toBe(0);

    const label = `add${Date.now()}`;
    const url = `https://${label}.e2e.test`;
    // the server keeps scheme + host, lowercased, without the path
    await page.getByLabel('Website URL').fill(`HTTPS://${label.toUpperCase()}.E2E.test/some/page`);
    await page.getByRole('button', { name: 'Add website' }).click();
    await page.getByRole('heading', { name: 'Website added' }).waitFor();
    await page.getByText(url, { exact: true }).waitFor();
    const websiteId =
      (await page
        .locator('p', { hasText: /^Website Id / })
        .locator('span')
        .textContent()) ?? '';
    expect(websiteId).toMatch(/^\w{8,}$/);

    // the install guide for this website
    await page.getByRole('heading', { name: 'Install it on your site' }).waitFor();
    const sw = page.getByRole('region', { name: 'Upload sw_pm.js to the root of your site' });
    await sw.getByText(`${url}/sw_pm.js`, { exact: true }).waitFor();
    expect(await sw.getByRole('button', { name: 'Download sw_pm.js' }).count()).toBe(1);
    const pushmine = page.getByRole('region', { name: 'Upload pushmine.js and load it on every page' });
    await pushmine.getByText('<script src="/pushmine.js" async></script>', { exact: true }).waitFor();
    await pushmine.getByText(`${url}/pushmine.js`, { exact: true }).waitFor();
    const check = page.getByRole('region', { name: 'Check that subscriptions arrive' });
    await check.getByText('No subscription received yet').waitFor();

    // back on the dashboard: the picker finds it by part of its URL
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    const picker = page.getByRole('combobox', { name: 'Website', exact: true });
    await picker.click();
    await picker.fill(label.slice(0, 10));
    const option = page.getByRole('option', { name: new RegExp(url.replaceAll('.', '\\.')) });
    await option.waitFor();
    expect(await page.getByRole('option', { name: /shop\.acme\.test/ }).count()).toBe(0);
    await option.click();
    await waitForPath(page, /^\/dashboard\/\d+$/);
    await page.getByRole('heading', { name: url, level: 1 }).waitFor();
    await expect.poll(() => currentCrumb(page).textContent()).toBe(url);
    expect(await page.getByText(websiteId, { exact: true }).count()).toBe(1);
    expect(await picker.inputValue()).toBe(url);
    await context.close();
  });

  it('toggles the status with the confirmation: Cancel changes nothing, Yes! switches it off for good', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await addWebsite(page, uniqueSiteUrl('status'));
    const puts = recordDomainPuts(page);

    const panel = page.getByRole('region', { name: 'Things to do' });
    await panel.getByText('Change your domain status.').waitFor();
    expect(await panel.getByRole('switch', { name: 'Status is: on' }).isChecked()).toBe(true);
    await page.getByText('Active', { exact: true }).waitFor();

    await panel.getByRole('switch', { name: 'Status is: on' }).click();
    let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await panel.getByRole('switch', { name: 'Status is: on' }).isChecked()).toBe(true);
    expect(await panel.getByText('Status is: off').count()).toBe(0);
    expect(puts).toHaveLength(0);

    await panel.getByRole('switch', { name: 'Status is: on' }).click();
    confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Yes!' }).click();
    await page.getByText('Domain status has been updated successfully!').waitFor();
    await panel.getByText('Status is: off', { exact: true }).waitFor();
    expect(await panel.getByRole('switch', { name: 'Status is: off' }).isChecked()).toBe(false);
    await page.getByText('Inactive', { exact: true }).waitFor();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.postDataJSON()).toEqual({ fcm_conf: 'client', is_active: 0 });

    await page.reload();
    await panel.getByText('Status is: off', { exact: true }).waitFor();
    expect(await panel.getByRole('switch', { name: 'Status is: off' }).isChecked()).toBe(false);
    await page.getByText('Inactive', { exact: true }).waitFor();
    await context.close();
  });

  it('sets a postback: empty is refused without a call, a URL is saved', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await addWebsite(page, uniqueSiteUrl('postback'));
    const puts = recordDomainPuts(page);

    await page.getByRole('button', { name: 'Postback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Postback' });
    await dialog.waitFor();
    const field = dialog.getByLabel('Postback url');
    expect(await field.inputValue()).toBe('');
    await field.fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Type your postback url!').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // nothing was sent: the valid save below is then the first and only PUT

    const postback = 'https://tracker.e2e.test/postback?click={click_id}';
    await field.fill(postback);
    expect(await dialog.getByText('Type your postback url!').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Domain postback has been updated successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(puts).toHaveLength(1);
    expect(puts[0]!.postDataJSON()).toEqual({ fcm_conf: 'client', postback });

    // kept: a reload shows it in the dialog
    await page.reload();
    await page.getByRole('button', { name: 'Postback' }).click();
    await page.getByRole('dialog', { name: 'Postback' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Postback' }).getByLabel('Postback url').inputValue()).toBe(postback);
    await context.close();
  });

  it('renames it: empty is refused without a call, a new URL shows in the breadcrumb, a duplicate gets Oops...', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const before = uniqueSiteUrl('rename');
    const { id } = await addWebsite(page, before);
    await expect.poll(() => currentCrumb(page).textContent()).toBe(before);
    const puts = recordDomainPuts(page);

    await page.getByRole('button', { name: 'Change domain name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change domain name' });
    await dialog.waitFor();
    const field = dialog.getByLabel('New domain name');
    expect(await field.getAttribute('placeholder')).toBe('https://example.com');
    await dialog.getByRole('button', { name: 'Change' }).click();
    await dialog.getByText('Required.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // nothing was sent: the valid rename below is then the first and only PUT

    const after = uniqueSiteUrl('renamed');
    await field.fill(after);
    await dialog.getByRole('button', { name: 'Change' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => currentCrumb(page).textContent()).toBe(after);
    await page.getByRole('heading', { name: after, level: 1 }).waitFor();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.postDataJSON()).toEqual({ fcm_conf: 'client', url: after });
    // the picker lists it under its new address
    const picker = page.getByRole('combobox', { name: 'Website', exact: true });
    await expect.poll(() => picker.inputValue()).toBe(after);

    // another website of the same client already has this address
    await page.getByRole('button', { name: 'Change domain name' }).click();
    await dialog.waitFor();
    await field.fill('https://blog.acme.test');
    await dialog.getByRole('button', { name: 'Change' }).click();
    const oops = page.getByRole('dialog', { name: 'Oops...' });
    await oops.waitFor();
    await oops.getByText('This website is already added.').waitFor();
    expect(puts).toHaveLength(2);
    // nothing changed: the dialog stays for another try, the breadcrumb keeps the address
    await oops.waitFor({ state: 'hidden', timeout: 6000 }); // closes itself after 3.5 s
    expect(await dialog.isVisible()).toBe(true);
    expect(await currentCrumb(page).textContent()).toBe(after);
    await page.reload();
    await waitForPath(page, `/dashboard/${id}`);
    await expect.poll(() => currentCrumb(page).textContent()).toBe(after);
    await context.close();
  });

  it('downloads both scripts made for this website and copies the snippet; Integrate2 has its own guide', async () => {
    const { page, context } = await b.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl() });
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const url = uniqueSiteUrl('integrate');
    const { id, websiteId } = await addWebsite(page, url);

    await page.getByRole('link', { name: 'Install the script' }).click();
    await waitForPath(page, `/dashboard/${id}/integrate`);
    await page.getByRole('heading', { name: 'Integrate', level: 1 }).waitFor();
    await page.getByText(`${url} · Website Id ${websiteId}`).waitFor();

    const texts: Record<string, string> = {};
    for (const name of ['pushmine.js', 'sw_pm.js']) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Download ${name}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      const text = await readFile(await download.path(), 'utf8');
      expect(text).toContain('self.PUSHMINE_CONFIG');
      expect(pushmineConfig(text).websiteId).toBe(websiteId);
      texts[name] = text;
    }
    expect(texts['pushmine.js']).not.toBe(texts['sw_pm.js']);

    const step = page.getByRole('region', { name: 'Upload pushmine.js and load it on every page' });
    await step.getByText(`${url}/pushmine.js`, { exact: true }).waitFor();
    await step.getByRole('button', { name: 'Copy' }).click();
    await step.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      '<script src="/pushmine.js" async></script>',
    );
    // the optional identify call, for sends of the server API to the site's own user ids
    const identify = page.getByRole('region', { name: 'Optional: send to your own user ids' });
    await identify.getByRole('button', { name: 'Copy' }).click();
    await identify.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "window.pushmine = window.pushmine || [];\nwindow.pushmine.push(['identify', 'user-42']); // your own id of the signed-in visitor",
    );

    await page.getByRole('link', { name: 'Integrate with an existing service worker' }).click();
    await waitForPath(page, `/dashboard/${id}/integrate2`);
    await page.getByRole('heading', { name: 'Integrate with an existing service worker', level: 1 }).waitFor();
    await page.getByText('Why this is different').waitFor();
    const workerPath = page.getByLabel('Path of your current service worker');
    expect(await workerPath.inputValue()).toBe('/sw.js');
    const root = page.getByRole('region', { name: 'Create /sw_pm.js at the root of your site' });
    await root.getByText("importScripts('/sw.js');", { exact: false }).waitFor();
    await workerPath.fill('/service-worker.js');
    await root.getByText("importScripts('/service-worker.js');", { exact: false }).waitFor();
    await page
      .getByRole('region', { name: 'Stop registering your old worker' })
      .getByText("navigator.serviceWorker.register('/service-worker.js');", { exact: false })
      .waitFor();
    // its own sw_pm.js download is the same website's file
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: "Upload Pushdeck's worker code into a folder" })
        .getByRole('button', { name: 'Download sw_pm.js' })
        .click(),
    ]);
    expect(pushmineConfig(await readFile(await download.path(), 'utf8')).websiteId).toBe(websiteId);
    await context.close();
  });
});
