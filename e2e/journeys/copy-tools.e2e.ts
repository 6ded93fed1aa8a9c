import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { pickOption, waitForPath } from '../support/nav.ts';

interface Site {
  id: number;
  url: string;
}

/** Every website in the actor's scope by url (staff acting for no client: all of them). */
async function sites(page: Page): Promise<Record<string, Site>> {
  const { json } = await apiCall<{ data: Site[] }>(page, 'GET', '/api/v1/domains/get?limit=1000');
  return Object.fromEntries(json.data.map((d) => [d.url, d]));
}

async function addAudience(page: Page, domainId: number, name: string, language = 'uk-UA'): Promise<number> {
  const query = { filters: [{ language: { type: 'and', operator: '=', values: [language] } }] };
  const res = await apiCall<{ data: { id: number } }>(page, 'POST', '/api/v1/segments', {
    name,
    type: 'audience',
    domain_id: domainId,
    query,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.id;
}

async function addRecurring(page: Page, domainId: number, audience: number, titles: string[]) {
  const items = titles.map((title) => ({
    domain_id: domainId,
    title,
    body: 'Copied by a journey',
    url: 'https://shop.acme.test/deals',
    schedule: { type: 'recurring', frequency: 'daily', time: '09:00', timezone: 'UTC', date_start: '2026-01-01' },
    audiences: [audience],
  }));
  const res = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/api/v1/drips/recurring/createOrUpdate', items);
  expect(res.status).toBe(201);
  return res.json.data.map((d) => d.id);
}

interface Listed {
  id: number;
  domain_id: number;
  title: string;
  sended: number;
  delivered: number;
  schedules: { audiences: { name: string; domain_id: number }[] }[];
}

async function dripsOn(page: Page, domainId: number, titlePrefix: string): Promise<Listed[]> {
  const query = `where[domain_id]=${domainId}&with[schedules.audiences]=*&search=${encodeURIComponent(titlePrefix)}`;
  const res = await apiCall<{ data: Listed[] }>(page, 'GET', `/api/v1/drips/recurring/get?${query}`);
  expect(res.status).toBe(200);
  return res.json.data.filter((d) => d.title.startsWith(titlePrefix));
}

const step = (page: Page, name: string) => page.getByRole('table', { name });

/** The recurring drip every demo website starts with (apps/server/src/demo), to its 'All subscribers' audience. */
const DEMO_DRIP = 'This week on our site';

/** As the target's own client: the website's recurring list (or its spam schedules) shows the row with `text`. */
async function seenByGlobex(b: ReturnType<typeof useBrowser>, path: string, row: { id?: number; text: string }) {
  const { page, context } = await b.newPage();
  await login(page, ACCOUNTS.globex);
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.goto(path);
  const rows = page.getByRole('row').filter({ hasText: row.text });
  const found =
    row.id === undefined ? rows : rows.filter({ has: page.getByRole('cell', { name: String(row.id), exact: true }) });
  await found.first().waitFor();
  const text = (await found.first().textContent()) ?? '';
  await context.close();
  return text;
}

/** As a moderator on one of the copy screens: Acme Shop's shop.acme.test to Globex News' news.globex.test. */
async function chooseDemoCopy(page: Page, path: string, heading: string, targetRole: 'checkbox' | 'radio') {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await pickOption(page, 'Source client', 'Acme Shop');
  await pickOption(page, 'Target client', 'Globex News');
  await step(page, 'Step 1: Source domain')
    .getByRole('radio', { name: 'Step 1: Source domain: https://shop.acme.test' })
    .check();
  await step(page, 'Step 2: Target domains')
    .getByRole(targetRole, { name: 'Step 2: Target domains: https://news.globex.test' })
    .check();
  await page.getByRole('checkbox', { name: 'Recurring Drips' }).check();
  await step(page, 'Step 4.1: Recurring drips')
    .getByRole('checkbox', { name: new RegExp(DEMO_DRIP) })
    .check();
  await page.getByText('Selected: 1').first().waitFor();
}

describe('Copy Tools, Copy Tools 2.0 and Recurring Migration', () => {
  const b = useBrowser();
  const stamp = Date.now().toString(36);

  it('a client copies two recurring drips and an audience to two websites and sees them there', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const all = await sites(page);
    const shop = all['https://shop.acme.test']!;
    const blog = all['https://blog.acme.test']!;
    const outlet = await apiCall<{ data: Site }>(page, 'POST', '/api/v1/domains', {
      url: `https://c${stamp}.acme.test`,
    });
    expect(outlet.status).toBe(201);
    const audience = `Copy ${stamp}`;
    const extra = `Extra ${stamp}`;
    const audienceId = await addAudience(page, shop.id, audience);
    await addAudience(page, shop.id, extra, 'fr-FR');
    await addRecurring(page, shop.id, audienceId, [`C1 ${stamp}`, `C2 ${stamp}`, `C3 ${stamp}`]);

    await page.goto('/drip-tools/copy');
    await page.getByRole('heading', { name: 'Copy Tools', level: 1 }).waitFor();
    await step(page, 'Step 1: Source domain')
      .getByRole('radio', { name: `Step 1: Source domain: ${shop.url}` })
      .check();
    const targets = step(page, 'Step 2: Target domains');
    await targets.getByRole('checkbox', { name: `Step 2: Target domains: ${blog.url}` }).check();
    await targets.getByRole('checkbox', { name: `Step 2: Target domains: ${outlet.json.data.url}` }).check();
    // Apply with a type and nothing chosen: the spec's warning
    await page.getByRole('checkbox', { name: 'Recurring Drips' }).check();
    await page.getByRole('checkbox', { name: 'Audience Filters' }).check();
    const recurring = step(page, 'Step 4.1: Recurring drips');
    await recurring.getByRole('checkbox', { name: new RegExp(`C1 ${stamp}`) }).waitFor();
    await page.getByRole('button', { name: 'Apply copy settings' }).click();
    await page.getByText('Select items you would like to copy!').first().waitFor();

    await page.getByRole('textbox', { name: 'Search Step 4.1: Recurring drips' }).fill(stamp);
    await recurring.getByRole('checkbox', { name: new RegExp(`C1 ${stamp}`) }).check();
    await recurring.getByRole('checkbox', { name: new RegExp(`C2 ${stamp}`) }).check();
    await page.getByText('Selected: 2').first().waitFor();
    await step(page, 'Step 4.3: Audience filters')
      .getByRole('checkbox', { name: new RegExp(extra) })
      .check();
    await page.getByRole('button', { name: 'Apply copy settings' }).click();
    await page.getByText('Copied!').first().waitFor({ timeout: 30_000 });

    for (const target of [blog.id, outlet.json.data.id]) {
      const copies = await dripsOn(page, target, 'C');
      const mine = copies.filter((d) => d.title.endsWith(stamp)).map((d) => d.title);
      expect(mine.sort()).toEqual([`C1 ${stamp}`, `C2 ${stamp}`]);
      const used = copies.flatMap((d) => d.schedules[0]?.audiences ?? []);
      expect(new Set(used.map((a) => [a.name, a.domain_id].join('@')))).toEqual(new Set([`${audience}@${target}`]));
      const segs = await apiCall<{ data: { name: string }[] }>(
        page,
        'GET',
        `/api/v1/segments/get?where[domain_id]=${target}&limit=1000`,
      );
      expect(segs.json.data.map((s) => s.name)).toEqual(expect.arrayContaining([audience, extra]));
    }
    // the target shows them in its own list
    await page.goto(`/dashboard/${blog.id}/recurring`);
    await page.getByText(`C1 ${stamp}`).first().waitFor();
    await context.close();
  });

  it('a moderator runs a Copy Tools 2.0 job across clients, reloads while it polls and sees it complete', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.moder);
    await page.waitForURL((u) => u.pathname !== '/login');
    const all = await sites(page);
    const shop = all['https://shop.acme.test']!;
    const news = all['https://news.globex.test']!;
    const audienceId = await addAudience(page, shop.id, `Cross ${stamp}`);
    await addRecurring(page, shop.id, audienceId, [`X1 ${stamp}`, `X2 ${stamp}`]);

    await page.goto('/drip-tools/copy_2');
    await page.getByRole('heading', { name: 'Copy Tools 2.0', level: 1 }).waitFor();
    await page.getByText('Select a client.').first().waitFor();
    await pickOption(page, 'Source client', 'Acme Shop');
    await pickOption(page, 'Target client', 'Globex News');
    await step(page, 'Step 1: Source domain')
      .getByRole('radio', { name: `Step 1: Source domain: ${shop.url}` })
      .check();
    await step(page, 'Step 2: Target domains')
      .getByRole('checkbox', { name: `Step 2: Target domains: ${news.url}` })
      .check();
    await page.getByRole('checkbox', { name: 'Recurring Drips' }).check();
    await page.getByRole('checkbox', { name: 'With Groups' }).check();
    const recurring = step(page, 'Step 4.1: Recurring drips');
    await page.getByRole('textbox', { name: 'Search Step 4.1: Recurring drips' }).fill(stamp);
    await recurring.getByRole('checkbox', { name: new RegExp(`X1 ${stamp}`) }).check();
    await recurring.getByRole('checkbox', { name: new RegExp(`X2 ${stamp}`) }).check();
    // the page that starts the job never hears back from its polls (they are held), so whatever the machine's
    // speed only the reloaded page, resuming from the job id kept in browser storage, can see the job complete
    await page.route('**/api/v1/tools/job-status*', () => {});
    const started = page.waitForResponse((r) => r.url().includes('/api/v1/tools/copy-tools/recurring'));
    await page.getByRole('button', { name: 'Apply copy settings' }).click();
    const response = await started;
    expect(response.status()).toBe(200);
    const { job_id } = (await response.json()) as { job_id: string };
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('pushdeck.copy2.job')), { interval: 20 })
      .toBe(job_id);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();
    // only the reloaded page can say so: the one that started the job is gone
    // the job runs in the one embedded database's worker, behind whatever else the shared journey server does
    await page.getByText(`${news.url}: 2 copied, 0 copied before`).waitFor({ timeout: 60_000 });
    await page.getByText('Copied!').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pushdeck.copy2.job'))).toBeNull();
    const copies = await dripsOn(page, news.id, 'X');
    expect(
      copies
        .filter((d) => d.title.endsWith(stamp))
        .map((d) => d.title)
        .sort(),
    ).toEqual([`X1 ${stamp}`, `X2 ${stamp}`]);
    expect(new Set(copies.flatMap((d) => d.schedules[0]!.audiences.map((a) => a.domain_id)))).toEqual(
      new Set([news.id]),
    );
    await context.close();
  }, 120_000);

  it('a recurring migration creates a spam schedule that really sends through the local push service', {
    timeout: 240_000,
  }, async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.moder);
    await page.waitForURL((u) => u.pathname !== '/login');
    const all = await sites(page);
    const shop = all['https://shop.acme.test']!;
    const blog = all['https://blog.acme.test']!;
    const audienceId = await addAudience(page, shop.id, `Migrate ${stamp}`);
    await addRecurring(page, shop.id, audienceId, [`M1 ${stamp}`, `M2 ${stamp}`]);

    await page.goto('/drip-tools/recurring_migration');
    await page.getByRole('heading', { name: 'Recurring Migration', level: 1 }).waitFor();
    const create = page.getByRole('button', { name: 'Create Schedule' });
    expect(await create.isDisabled()).toBe(true);
    await pickOption(page, 'Source client', 'Acme Shop');
    await pickOption(page, 'Target client', 'Acme Shop');
    await step(page, 'Step 1: Source domain')
      .getByRole('radio', { name: `Step 1: Source domain: ${shop.url}` })
      .check();
    await step(page, 'Step 2: Target domains')
      .getByRole('radio', { name: `Step 2: Target domains: ${blog.url}` })
      .check();
    await page.getByRole('checkbox', { name: 'Recurring Drips' }).check();
    await page.getByRole('textbox', { name: 'Search Step 4.1: Recurring drips' }).fill(stamp);
    const recurring = step(page, 'Step 4.1: Recurring drips');
    await recurring.getByRole('checkbox', { name: new RegExp(`M1 ${stamp}`) }).check();
    await recurring.getByRole('checkbox', { name: new RegExp(`M2 ${stamp}`) }).check();
    expect(await create.isDisabled()).toBe(false);
    await create.click();

    const dialog = page.getByRole('dialog', { name: 'Spam Schedule' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    // days (all seven: 'All'), frequency (daily) and timezone (UTC) have defaults (part 2 §9); the six others are required
    expect(await dialog.getByText('Required field.').count()).toBe(6);
    expect(await dialog.getByText('All', { exact: true }).count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Burst ${stamp}`);
    const today = new Date().toISOString().slice(0, 10);
    await dialog.getByLabel('Duration').fill('00:00:30');
    await dialog.getByLabel('Date Start').fill(today);
    await dialog.getByLabel('Time Start').fill('00:00:00');
    await dialog.getByLabel('Date End').fill('2099-12-31');
    await dialog.getByLabel('Time End').fill('23:59:59');
    await pickOption(page, 'Frequency', 'Secondly', dialog);
    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/tools/recurring-migration'));
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(200);
    await page.getByText('Copied!').first().waitFor({ timeout: 10_000 });

    // the schedule sends the copies in turn: blog's uk-UA subscribers receive the first, counted as sent, and as
    // delivered once the local push service has decrypted the message and reported it
    const totals = async () => {
      const copies = (await dripsOn(page, blog.id, 'M')).filter((d) => d.title.endsWith(stamp));
      return {
        sended: copies.reduce((n, d) => n + d.sended, 0),
        delivered: copies.reduce((n, d) => n + d.delivered, 0),
      };
    };
    await expect.poll(async () => (await totals()).sended, { timeout: 200_000, interval: 1000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await totals()).delivered, { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
    // the schedule would go on sending every second to the rest of the run: its drips go (they leave the schedule)
    for (const d of (await dripsOn(page, blog.id, 'M')).filter((x) => x.title.endsWith(stamp))) {
      expect((await apiCall(page, 'DELETE', `/api/v1/drips/${d.id}`)).status).toBe(200);
    }
    await context.close();
  });

  it("a moderator copies a demo drip with Copy Tools 1.0 to another client's website, where it is listed", async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.moder);
    await page.waitForURL((u) => u.pathname !== '/login');
    const news = (await sites(page))['https://news.globex.test']!;
    await chooseDemoCopy(page, '/drip-tools/copy', 'Copy Tools', 'checkbox');
    const written = page.waitForResponse((r) => r.url().includes('/api/v1/drips/recurring/createOrUpdate'));
    await page.getByRole('button', { name: 'Apply copy settings' }).click();
    const response = await written;
    expect(response.status(), await response.text()).toBe(200);
    const copy = ((await response.json()) as { data: { id: number; domain_id: number }[] }).data[0]!;
    expect(copy.domain_id).toBe(news.id);
    await page.getByText('Copied!').first().waitFor({ timeout: 15_000 });
    expect(await page.getByText('Required.').count()).toBe(0);
    await context.close();

    // Globex sees it in news.globex.test's recurring list, sent to that website's own 'All subscribers'
    const row = await seenByGlobex(b, `/dashboard/${news.id}/recurring`, { id: copy.id, text: DEMO_DRIP });
    expect(row).toContain('All subscribers');
  });

  it("a moderator migrates a demo drip with Recurring Migration to another client's website, where it is listed", async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.moder);
    await page.waitForURL((u) => u.pathname !== '/login');
    const news = (await sites(page))['https://news.globex.test']!;
    await chooseDemoCopy(page, '/drip-tools/recurring_migration', 'Recurring Migration', 'radio');
    await page.getByRole('button', { name: 'Create Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Spam Schedule' });
    await dialog.waitFor();
    const name = `Demo burst ${stamp}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    // from tomorrow, daily: nothing is sent while the journeys run
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Duration').fill('00:30:00');
    await dialog.getByLabel('Date Start').fill(tomorrow);
    await dialog.getByLabel('Time Start').fill('09:00:00');
    await dialog.getByLabel('Date End').fill('2099-12-31');
    await dialog.getByLabel('Time End').fill('23:59:59');
    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/tools/recurring-migration'));
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(200);
    const result = ((await response.json()) as { data: { drips: number[] } }).data;
    await page.getByText('Copied!').first().waitFor({ timeout: 15_000 });
    await context.close();

    // Globex sees the copy in news.globex.test's recurring list and the schedule among its spam schedules
    const row = await seenByGlobex(b, `/dashboard/${news.id}/recurring`, { id: result.drips[0]!, text: DEMO_DRIP });
    expect(row).toContain('All subscribers');
    await seenByGlobex(b, `/dashboard/${news.id}/recurring/spam`, { text: name });
  });
});
