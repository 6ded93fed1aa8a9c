import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { pickOption, waitForPath } from '../support/nav.ts';
import { shownNotifications } from '../support/notifications.ts';

/** The id of the client's demo website https://shop.acme.test. */
async function shopId(page: Page): Promise<number> {
  const { json } = await apiCall<{ data: unknown }>(page, 'GET', '/api/v1/domains?limit=100');
  const data = json.data as { id: number; url: string }[] | { data: { id: number; url: string }[] };
  const rows = Array.isArray(data) ? data : data.data;
  const shop = rows.find((d) => d.url === 'https://shop.acme.test');
  if (!shop) throw new Error('demo website shop.acme.test not found');
  return shop.id;
}

/** An audience of the website (the audiences screens are another journey's business): uk-UA speakers. */
async function addAudience(page: Page, domainId: number, name: string): Promise<number> {
  const query = { filters: [{ language: { type: 'and', operator: '=', values: ['uk-UA'] } }] };
  const res = await apiCall<{ data: { id: number } }>(page, 'POST', '/api/v1/segments', {
    name,
    type: 'audience',
    domain_id: domainId,
    query,
  });
  expect(res.status).toBe(201);
  return res.json.data.id;
}

function recordWrites(page: Page, prefix: string): Request[] {
  const writes: Request[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith(prefix)) writes.push(r);
  });
  return writes;
}

async function fillNotification(page: Page, title: string, body: string) {
  const form = page.locator('form');
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  await form.getByRole('textbox', { name: /^Message/ }).fill(body);
}

/** The first cell texts of a table's body rows, after it settles. */
async function rowsText(page: Page, table: string): Promise<string> {
  const t = page.getByRole('table', { name: table });
  await expect.poll(() => t.getAttribute('aria-busy')).toBe('false');
  return (await t.locator('tbody').textContent()) ?? '';
}

describe('drips: welcome, recurring and spam schedules (client)', () => {
  const b = useBrowser();
  const stamp = Date.now().toString(36);

  it('creates a welcome drip: validation errors first, then success', async () => {
    const { page, context } = await b.newPage();
    const writes = recordWrites(page, '/api/v1/drips');
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const id = await shopId(page);
    await page.goto(`/dashboard/${id}/welcome`);
    await page.getByRole('heading', { name: 'Welcome Drips', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Welcome series' }).getByText('Thanks for subscribing!').waitFor();
    await page.getByRole('link', { name: 'Create Welcome Drip' }).click();
    await waitForPath(page, `/dashboard/${id}/welcome/new`);
    const form = page.getByRole('form', { name: 'Welcome drip' });
    await form.waitFor({ timeout: 10_000 });

    await fillNotification(page, 'This welcome title is far too long', '');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Max 30 characters').waitFor();
    await page.getByText('Fill the required fields out!').first().waitFor();
    expect(writes).toHaveLength(0);

    const title = `Welcome ${stamp}`;
    await fillNotification(page, title, 'Glad to have you <here>');
    expect(await page.getByRole('figure', { name: 'Preview' }).textContent()).toContain('Glad to have you <here>');
    await form.getByLabel('Schedule', { exact: true }).check();
    await form.getByLabel('Minutes').fill('15');
    await form.getByLabel('Action Buttons').check();
    await form.getByRole('textbox', { name: 'Button 1 title' }).fill('Open');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully!').first().waitFor();
    await waitForPath(page, `/dashboard/${id}/welcome`);
    const series = page.getByRole('table', { name: 'Welcome series' });
    await series.getByText(title).waitFor();
    const listed = await series.textContent();
    expect(listed).toContain(title);
    expect(listed).toContain('after 15 min');
    expect(writes.map((r) => new URL(r.url()).pathname)).toEqual(['/api/v1/drips/welcome/createOrUpdate']);
    await context.close();
  });

  it("previews the welcome drip being typed as a real notification through /sw.js, its button's url included", async () => {
    const { page, context } = await b.newPage();
    await context.grantPermissions(['notifications'], { origin: b.baseUrl() });
    const writes = recordWrites(page, '/api/v1/drips');
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const id = await shopId(page);
    await page.goto(`/dashboard/${id}/welcome/new`);
    const form = page.getByRole('form', { name: 'Welcome drip' });
    await form.waitFor({ timeout: 10_000 });
    await fillNotification(page, `Preview ${stamp}`, 'As the browser shows it');
    await form.getByRole('textbox', { name: /^Url/ }).fill('https://shop.acme.test/welcome');
    await form.getByLabel('Action Buttons').check();
    await form.getByRole('textbox', { name: 'Button 1 title' }).fill('See deals');
    await form.getByRole('textbox', { name: 'Button 1 url' }).fill('https://shop.acme.test/deals');
    await form.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect
      .poll(() => shownNotifications(page), { timeout: 20_000 })
      .toEqual([
        {
          title: `Preview ${stamp}`,
          body: 'As the browser shows it',
          actions: [['FirstBtnRedirect', 'See deals']],
          data: {
            url: 'https://shop.acme.test/welcome',
            urlBtn1: 'https://shop.acme.test/deals',
            urlBtn2: 'https://shop.acme.test/welcome',
          },
        },
      ]);
    // a preview saves nothing
    expect(writes).toHaveLength(0);
    await context.close();
  });

  it('creates a recurring drip for an audience and saves a draft, then a spam schedule', async () => {
    const { page, context } = await b.newPage();
    const writes = recordWrites(page, '/api/v1/drips');
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const id = await shopId(page);
    const audienceName = `Ukrainian ${stamp}`;
    await addAudience(page, id, audienceName);

    await page.goto(`/dashboard/${id}/recurring/send`);
    const form = page.getByRole('form', { name: 'Recurring drip' });
    await form.waitFor();
    const draftTitle = `Draft ${stamp}`;
    await fillNotification(page, draftTitle, 'Fresh picks for you');
    // One Time and Multiple Times are shown, disabled
    await form.getByRole('combobox', { name: 'Schedule type' }).click();
    expect(await page.getByRole('option', { name: 'One Time' }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('option', { name: 'Multiple Times' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    // no audience yet
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Fill the required fields out!').first().waitFor();
    await form.getByText('Required.').waitFor();
    expect(writes).toHaveLength(0);

    await pickOption(page, 'Audience', audienceName, form);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Draft Is Successfully Created!').first().waitFor();
    await waitForPath(page, `/dashboard/${id}/recurring/drafts`);
    expect(await rowsText(page, 'Drafts')).toContain(draftTitle);

    await page.goto(`/dashboard/${id}/recurring/send`);
    await form.waitFor();
    const title = `Daily ${stamp}`;
    await fillNotification(page, title, 'Every morning');
    await pickOption(page, 'Audience', audienceName, form);
    await page.keyboard.press('Escape');
    await form.getByLabel('Start date').fill('2026-01-01');
    await form.getByLabel('End date').fill('2025-01-01');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Fill the schedule dates properly!').first().waitFor();
    await form.getByLabel('End date').fill('2099-12-31');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Recurring Drip Is Successfully Created!').first().waitFor();
    await waitForPath(page, `/dashboard/${id}/recurring`);
    const regular = await rowsText(page, 'Recurring Drips');
    expect(regular).toContain(title);
    expect(regular).toContain(audienceName);
    expect(regular).not.toContain(draftTitle);
    const saved = writes.map((r) => r.postDataJSON()[0]);
    expect(saved.map((d) => [d.title, d.is_active, d.audiences.length, d.schedule.type])).toEqual([
      [draftTitle, 0, 1, 'recurring'],
      [title, 1, 1, 'recurring'],
    ]);

    // spam schedule
    await page.goto(`/dashboard/${id}/recurring/spam`);
    await page.getByRole('heading', { name: 'Spam Schedules', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create Spam Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Spam Schedule' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Fill the required fields out!').first().waitFor();
    const name = `Spam ${stamp}`;
    await dialog.getByLabel('Name').fill(name);
    await pickOption(page, 'Frequency', 'Hourly', dialog);
    await dialog.getByLabel('Date End').fill('2099-12-31');
    const closeDropdown = () => dialog.getByRole('heading', { name: 'Spam Schedule' }).click();
    await pickOption(page, 'Drips', new RegExp(title), dialog);
    await closeDropdown();
    await pickOption(page, 'Audiences', audienceName, dialog);
    await closeDropdown();
    expect(await dialog.getByLabel('All').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const spam = await rowsText(page, 'Spam Schedules');
    expect(spam).toContain(name);
    expect(spam).toContain('hourly');
    expect(spam).toContain(title);
    await context.close();
  });

  it('sends a recurring drip created in the UI at its time through the local push service, and counts it', {
    timeout: 240_000,
  }, async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const id = await shopId(page);
    const audienceName = `Delivery ${stamp}`;
    await addAudience(page, id, audienceName);
    await page.goto(`/dashboard/${id}/recurring/send`);
    const form = page.getByRole('form', { name: 'Recurring drip' });
    await form.waitFor();
    const title = `Now ${stamp}`;
    await fillNotification(page, title, 'On time, for uk-UA only');
    await pickOption(page, 'Audience', audienceName, form);
    await page.keyboard.press('Escape');
    // two minutes from now, in UTC (the default timezone), daily from today
    const at = new Date(Date.now() + 120_000);
    const hhmm = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    await form.getByLabel(/^Time/).first().fill(hhmm);
    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/drips/recurring/createOrUpdate'));
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    const drip = (await response.json()).data[0] as { id: number; schedules: { timezone: string; time: string }[] };
    expect(drip.schedules[0]).toMatchObject({ timezone: 'UTC' });
    await page.getByText('Recurring Drip Is Successfully Created!').first().waitFor();

    // one demo subscriber of the website speaks uk-UA: exactly one message is sent and counted
    await expect
      .poll(
        async () => {
          const { json } = await apiCall<{ data: { id: number; sended: number }[] }>(
            page,
            'GET',
            `/api/v1/drips/recurring/get?where[id]=${drip.id}&select=id,sended`,
          );
          return json.data[0]?.sended ?? 0;
        },
        { timeout: 200_000, interval: 3000 },
      )
      .toBe(1);
    await context.close();
  });
});
