import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { pickOption, waitForPath } from '../support/nav.ts';

/** The ids of the client's demo websites by url. */
async function siteIds(page: Page): Promise<Record<string, number>> {
  const { json } = await apiCall<{ data: { id: number; url: string }[] }>(page, 'GET', '/api/v1/domains?limit=100');
  return Object.fromEntries(json.data.map((d) => [d.url, d.id]));
}

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

/** A recurring drip made through the API (active, or a draft with is_active 0). */
async function addRecurring(page: Page, domainId: number, audience: number, title: string, active: 0 | 1) {
  const item = {
    domain_id: domainId,
    title,
    body: 'Made for the Drip Manager',
    url: 'https://shop.acme.test/deals',
    is_active: active,
    schedule: { type: 'recurring', frequency: 'daily', time: '09:00', timezone: 'UTC', date_start: '2026-01-01' },
    audiences: [audience],
  };
  const res = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/api/v1/drips/recurring/createOrUpdate', [item]);
  expect(res.status).toBe(201);
  return res.json.data[0]!.id;
}

interface Listed {
  id: number;
  domain_id: number;
  title: string;
  is_active: number;
  schedules: { audiences: { name: string }[] }[];
}

async function dripsTitled(page: Page, title: string): Promise<Listed[]> {
  const query = `where[title]=${encodeURIComponent(title)}&with[schedules.audiences]=*`;
  const res = await apiCall<{ data: Listed[] }>(page, 'GET', `/api/v1/drips/recurring/get?${query}`);
  expect(res.status).toBe(200);
  return res.json.data;
}

/** The body text of the Drip Manager's table once it has settled. */
async function tableText(page: Page): Promise<string> {
  const t = page.getByRole('table', { name: 'Messages' });
  await expect.poll(() => t.getAttribute('aria-busy')).toBe('false');
  return (await t.locator('tbody').textContent()) ?? '';
}

describe('drip tools: Drip Manager and Drip Setup (client)', () => {
  const b = useBrowser();
  const stamp = Date.now().toString(36);

  it('finds a recurring drip and a draft, edits one inline and deletes the other', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const shop = (await siteIds(page))['https://shop.acme.test']!;
    const audience = await addAudience(page, shop, `Manager ${stamp}`);
    const title = `Mgr ${stamp}`;
    const draftTitle = `Mgr draft ${stamp}`;
    await addRecurring(page, shop, audience, title, 1);
    const draftId = await addRecurring(page, shop, audience, draftTitle, 0);

    await page.goto(`/drip-tools?domain=${shop}`);
    await page.getByRole('heading', { name: 'Drip Manager', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Messages' });
    // A row's delete button carries its title: one per row, unlike the title text (also in an open editor's preview).
    const titled = (text: string) => table.getByRole('button', { name: `Delete ${text}`, exact: true });
    await titled(draftTitle).waitFor();
    const all = await tableText(page);
    expect(all).toContain(title);
    expect(all).toContain(draftTitle);

    // Status filter: the draft is the inactive one
    await pickOption(page, 'Status', 'Inactive');
    await expect.poll(() => titled(title).count()).toBe(0);
    expect(await tableText(page)).toContain(draftTitle);
    expect(new URL(page.url()).searchParams.get('status')).toBe('0');
    await page.goto(`/drip-tools?domain=${shop}`);
    await titled(draftTitle).waitFor();

    // Expand the active drip and edit it inline
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Delete ${title}`, exact: true }) });
    await row.getByRole('button', { name: 'Show details' }).click();
    const form = page.getByRole('form', { name: 'Recurring drip' });
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: /^Title/ }).inputValue()).toBe(title);
    const edited = `Mgr edited ${stamp}`;
    await form.getByRole('textbox', { name: /^Title/ }).fill(edited);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully!').first().waitFor();
    await titled(edited).waitFor();
    await page.reload();
    await titled(edited).waitFor();
    expect(await titled(title).count()).toBe(0);
    expect((await dripsTitled(page, edited)).map((d) => d.domain_id)).toEqual([shop]);

    // Delete the draft: Cancel keeps it, Delete removes it
    await titled(draftTitle).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tableText(page)).toContain(draftTitle);
    await titled(draftTitle).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => tableText(page)).not.toContain(draftTitle);
    expect((await dripsTitled(page, draftTitle)).map((d) => d.id)).not.toContain(draftId);
    await context.close();
  });

  it('creates a recurring drip on the two websites picked in the Domains tree', async () => {
    // Tags are made in the Tags Manager (staff); the client then tags its websites.
    const tagName = `Setup tag ${stamp}`;
    const staff = await b.newPage();
    await login(staff.page, ACCOUNTS.admin);
    await waitForPath(staff.page, '/dashboard');
    const tag = await apiCall<{ data: { id: number } }>(
      staff.page,
      'POST',
      `/api/v1/tags?name=${encodeURIComponent(tagName)}&type=category`,
    );
    expect(tag.status).toBe(201);
    await staff.context.close();

    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const sites = await siteIds(page);
    const shop = sites['https://shop.acme.test']!;
    const blog = sites['https://blog.acme.test']!;
    for (const id of [shop, blog])
      expect((await apiCall(page, 'POST', `/api/v1/domains/addTags/${id}?tags[]=${tag.json.data.id}`)).status).toBe(
        200,
      );
    const audienceName = `Setup ${stamp}`;
    await addAudience(page, shop, audienceName);

    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/v1/')) writes.push(new URL(r.url()).pathname);
    });
    await page.goto('/drip-tools/instant-setup');
    await page.getByRole('heading', { name: 'Drip Setup', level: 1 }).waitFor();
    await page.getByText('Pick at least one tag or website in Domains.').waitFor();
    await page.getByRole('textbox', { name: 'Search tags and websites' }).fill(tagName);
    const tree = page.getByRole('list', { name: 'Domains' });
    await tree.getByRole('checkbox', { name: `${tagName} (2)` }).check();
    await page.getByText('2 selected').waitFor();

    await pickOption(page, 'Audience website', 'https://shop.acme.test');
    const form = page.getByRole('form', { name: 'Recurring drip' });
    await form.waitFor();
    const title = `Setup ${stamp}`;
    await form.getByRole('textbox', { name: /^Title/ }).fill(title);
    await form.getByRole('textbox', { name: /^Message/ }).fill('On both websites');
    await pickOption(page, 'Audience', audienceName, form);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Recurring Drip Is Successfully Created!').first().waitFor();
    await page.getByText('The drip was created on https://shop.acme.test, https://blog.acme.test.').waitFor();

    const made = await dripsTitled(page, title);
    expect(made.map((d) => d.domain_id).sort()).toEqual([shop, blog].sort());
    expect(made.every((d) => d.is_active === 1)).toBe(true);
    expect(made.map((d) => d.schedules[0]?.audiences.map((a) => a.name))).toEqual([[audienceName], [audienceName]]);
    // one call made both drips, and the blog's audience of that name with them
    expect(writes).toEqual(['/api/v1/drips/recurring/setup']);

    // a draft, on both websites too, from the fresh editor
    const draft = `Setup draft ${stamp}`;
    await form.getByRole('textbox', { name: /^Title/ }).fill(draft);
    await pickOption(page, 'Audience', audienceName, form);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Draft Is Successfully Created!').first().waitFor();
    await expect
      .poll(async () => (await dripsTitled(page, draft)).map((d) => [d.domain_id, d.is_active]).sort())
      .toEqual(
        [
          [shop, 0],
          [blog, 0],
        ].sort(),
      );
    expect(writes).toEqual(['/api/v1/drips/recurring/setup', '/api/v1/drips/recurring/setup']);
    await context.close();
  });
});
