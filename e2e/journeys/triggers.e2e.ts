import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';
import { shownNotifications } from '../support/notifications.ts';

interface ApiTrigger {
  id: number;
  event: string;
  title: string;
  body: string;
  is_active: number;
  meta: { delay?: number };
  customization: { button1?: { title: string } };
}

/** The id of a website the signed-in user sees, by its address. */
async function websiteId(page: Page, url: string): Promise<number> {
  const res = await page.request.get(`/api/v1/domains/get?search=${encodeURIComponent(url)}`);
  expect(res.status()).toBe(200);
  const site = ((await res.json()).data as { id: number; url: string }[]).find((d) => d.url === url);
  expect(site, `website ${url}`).toBeDefined();
  return site!.id;
}

/** The website's live triggers with that event, read from the API the console uses. */
async function stored(page: Page, domainId: number, event: string): Promise<ApiTrigger[]> {
  const res = await page.request.get(
    `/api/v1/drips/trigger/get?where[domain_id]=${domainId}&where[event]=${encodeURIComponent(event)}`,
  );
  expect(res.status()).toBe(200);
  return (await res.json()).data as ApiTrigger[];
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Triggered Notifications' });
}

describe('triggered notifications (user)', () => {
  const b = useBrowser();

  it('creates a trigger, copies its code, switches it off, edits it and deletes it', async () => {
    const { page, context } = await b.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl() });
    await login(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    const domainId = await websiteId(page, 'https://blog.acme.test');
    const event = `cart_abandoned_${Date.now()}`;

    // the list, then the creator from its button
    await page.goto(`/dashboard/${domainId}/triggers`);
    await page.getByRole('heading', { name: 'Triggered Notifications', level: 1 }).waitFor();
    await expect.poll(() => table(page).getAttribute('aria-busy')).toBe('false');
    await page.getByRole('link', { name: 'Create Trigger Notification' }).click();
    await waitForPath(page, `/dashboard/${domainId}/triggers/create`);
    await page.getByRole('heading', { name: 'Trigger Creator', level: 1 }).waitFor();

    // empty save: nothing is sent
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/v1/drips')) writes.push(r.method());
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Fill the required fields out!').first().waitFor();
    expect(await page.getByText('Required.').count()).toBe(2);
    expect(writes).toEqual([]);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(event);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Still thinking?');
    await page.getByRole('textbox', { name: 'Message' }).fill('Your cart misses you');
    await page.getByRole('textbox', { name: 'Url' }).fill('https://blog.acme.test/cart');
    await page.getByRole('checkbox', { name: 'Action Buttons' }).check();
    await page.getByRole('textbox', { name: 'Button 1 title' }).fill('Back to cart');
    await page.getByRole('textbox', { name: 'Fire notification after' }).fill('1500');
    const preview = page.getByRole('region', { name: 'Live preview' });
    await preview.getByText('Still thinking?').waitFor();
    await preview.getByText('Back to cart').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully!', { exact: true }).waitFor();
    await waitForPath(page, `/dashboard/${domainId}/triggers`); // after 1.5 s
    const [created] = await stored(page, domainId, event);
    expect(created).toMatchObject({
      title: 'Still thinking?',
      body: 'Your cart misses you',
      is_active: 1,
      meta: { delay: 1500 },
      customization: { button1: { title: 'Back to cart' } },
    });
    await table(page).getByText(event, { exact: true }).waitFor();

    // Code, 'Copy Code': the clipboard holds the call that raises the event
    await page.getByRole('button', { name: `Code ${event}` }).click();
    const code = page.getByRole('dialog', { name: 'Code' });
    const snippet = `window.pushmine = window.pushmine || [];\nwindow.pushmine.push(['triggerPushEvent', '${event}']);`;
    expect(await code.getByLabel('Trigger code').textContent()).toBe(snippet);
    await code.getByRole('button', { name: 'Copy Code' }).click();
    await page.getByText('Copied!').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await code.getByRole('button', { name: 'Close', exact: true }).click();
    await code.waitFor({ state: 'hidden' });

    // the active switch saves at once; a reload shows it off
    const active = page.getByRole('switch', { name: `Active: ${event}` });
    expect(await active.isChecked()).toBe(true);
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/drips/trigger/createOrUpdate')),
      active.click({ force: true }),
    ]);
    expect(saved.status()).toBe(200);
    await page.reload();
    await table(page).getByText(event, { exact: true }).waitFor();
    expect(await page.getByRole('switch', { name: `Active: ${event}` }).isChecked()).toBe(false);
    expect((await stored(page, domainId, event))[0]?.is_active).toBe(0);

    // edit: the form comes prefilled; url and message are required there
    await page.getByRole('link', { name: `Edit ${event}` }).click();
    await waitForPath(page, `/dashboard/${domainId}/triggers/edit/${created!.id}`);
    await page.getByRole('heading', { name: 'Trigger Editor', level: 1 }).waitFor();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.waitFor();
    expect(await name.inputValue()).toBe(event);
    expect(await page.getByRole('textbox', { name: 'Button 1 title' }).inputValue()).toBe('Back to cart');
    await page.getByRole('textbox', { name: 'Url' }).fill('');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByText('Required.').waitFor();
    await page.getByRole('textbox', { name: 'Url' }).fill('https://blog.acme.test/cart?back=1');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Come back!');
    await page.getByRole('textbox', { name: 'Fire notification after' }).fill('0');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByText('Successfully!', { exact: true }).waitFor();
    await waitForPath(page, `/dashboard/${domainId}/triggers`); // after 1.6 s
    expect((await stored(page, domainId, event))[0]).toMatchObject({
      id: created!.id,
      title: 'Come back!',
      is_active: 0,
      meta: { delay: 0 },
    });
    await table(page).getByText(event, { exact: true }).waitFor();

    // delete: Cancel keeps it
    await page.getByRole('button', { name: `Delete ${event}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText("You wiil delete this triggered notification and won't be able to restore it.").waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Cancelled' });
    await cancelled.getByText('Triggered notification is in safe :)').waitFor();
    await cancelled.waitFor({ state: 'hidden' }); // closes itself after 1.5 s
    expect(writes.filter((m) => m === 'DELETE')).toEqual([]);
    expect(await stored(page, domainId, event)).toHaveLength(1);

    // delete: confirm removes it
    await page.getByRole('button', { name: `Delete ${event}` }).click();
    confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Deleted' }).getByText('Triggered notification has been deleted!').waitFor();
    await table(page).getByText(event, { exact: true }).waitFor({ state: 'detached' });
    expect(await stored(page, domainId, event)).toEqual([]);
    await page.reload();
    await expect.poll(() => table(page).getAttribute('aria-busy')).toBe('false');
    expect(await table(page).getByText(event, { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('previews the notification through /sw.js, buttons included', async () => {
    const { page, context } = await b.newPage();
    await context.grantPermissions(['notifications'], { origin: b.baseUrl() });
    await login(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    const domainId = await websiteId(page, 'https://blog.acme.test');
    await page.goto(`/dashboard/${domainId}/triggers/create`);
    await page.getByRole('heading', { name: 'Trigger Creator', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Preview me');
    await page.getByRole('textbox', { name: 'Message' }).fill('As the browser shows it');
    await page.getByRole('textbox', { name: 'Url' }).fill('https://blog.acme.test/cart');
    await page.getByRole('checkbox', { name: 'Action Buttons' }).check();
    await page.getByRole('textbox', { name: 'Button 1 title' }).fill('Open cart');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const cart = 'https://blog.acme.test/cart';
    await expect
      .poll(() => shownNotifications(page), { timeout: 20_000 })
      .toEqual([
        {
          title: 'Preview me',
          body: 'As the browser shows it',
          actions: [['FirstBtnRedirect', 'Open cart']],
          data: { url: cart, urlBtn1: cart, urlBtn2: cart },
        },
      ]);
    await context.close();
  });
});
