import { SUBSCRIBER_COLUMNS } from '@pushdeck/contracts';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

/** The demo website with 24 subscribers (four rounds of six device profiles; apps/server/src/demo/demo-delivery.ts). */
const SITE = 'https://blog.acme.test';
const NAME = 'Not tablet, not German';
const SEGMENT = 'Tablets by hand';
/** Counts and pages come from the server: give them time on a busy machine. */
const WAIT = { timeout: 10_000 };

async function siteId(page: Page): Promise<number> {
  const answer = await page.request.get('/api/v1/domains/get', { params: { search: 'blog.acme.test' } });
  const body = (await answer.json()) as { data: { id: number; url: string }[] };
  const site = body.data.find((d) => d.url === SITE);
  if (!site) throw new Error(`${SITE} is not in the demo data`);
  return site.id;
}

/** Body rows of a table as header → cell text, once it has settled. */
async function tableRows(page: Page, name: string): Promise<Record<string, string>[]> {
  const table = page.getByRole('table', { name });
  await expect.poll(() => table.getAttribute('aria-busy'), WAIT).toBe('false');
  return table.evaluate((el) => {
    const headers = Array.from(el.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');
    return Array.from(el.querySelectorAll('tbody tr'))
      .map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? ''))
      .filter((cells) => cells.length === headers.length)
      .map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])));
  });
}

const liveCount = (page: Page) => page.getByTestId('live-count');

describe('audiences, segments and subscribers (client)', () => {
  const b = useBrowser();

  it('builds an audience of two conditions with its count, pages its subscribers, edits a URL, downloads the XLSX', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const id = await siteId(page);

    // Audience Creator → Create Audience
    await page.goto(`/dashboard/${id}/audience-creator`);
    await page.getByRole('link', { name: 'Create Audience' }).click();
    await waitForPath(page, `/dashboard/${id}/audience-creator/create`);
    await page.getByRole('textbox', { name: 'Name' }).fill(NAME);

    // condition 1: Device != tablet → 20 of the 24
    await page.getByRole('combobox', { name: 'Operator of condition 1' }).selectOption('!=');
    await page.getByRole('textbox', { name: 'Value of condition 1' }).fill('tablet');
    await expect.poll(() => liveCount(page).textContent(), WAIT).toBe('20');
    // condition 2: and Language != de-DE → 16
    await page.getByRole('button', { name: 'Add condition to the audience' }).click();
    await page.getByRole('combobox', { name: 'Field of condition 2' }).selectOption('language');
    await page.getByRole('combobox', { name: 'Operator of condition 2' }).selectOption('!=');
    await page.getByRole('textbox', { name: 'Value of condition 2' }).fill('de-DE');
    await expect.poll(() => liveCount(page).textContent(), WAIT).toBe('16');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Successfully!').waitFor();
    // the new audience opens at once (no filled form left to save twice)
    await waitForPath(page, new RegExp(`^/dashboard/${id}/audience-creator/view/\\d+$`));
    await page.getByRole('heading', { name: NAME }).waitFor();
    // Back does not reopen the filled form
    await page.goBack();
    await waitForPath(page, `/dashboard/${id}/audience-creator`);

    // the list shows it with its count; open it
    await expect
      .poll(async () => (await tableRows(page, 'Audiences')).find((r) => r.Name === NAME)?.Count, WAIT)
      .toBe('16');
    await page.getByRole('link', { name: `Visualize ${NAME}` }).click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByText('Device != tablet and Language != de-DE').waitFor();
    expect(await tableRows(page, 'Subscribers')).toHaveLength(10);
    await page.getByText('1–10 of 16').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('11–16 of 16').waitFor();
    await expect.poll(async () => (await tableRows(page, 'Subscribers')).length, WAIT).toBe(6);
    const second = await tableRows(page, 'Subscribers');
    expect(new Set(second.map((r) => r['Website Id'])).size).toBe(1);

    const viewUrl = page.url();
    // 'All Audience': the 15 columns, 10 per page, newest first; edit a Last Url Visited inline on page 2
    await page.getByRole('link', { name: 'All Audience' }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/${id}/more-info-subs`);
    await page.getByRole('heading', { name: 'Subscribers', level: 1 }).waitFor();
    const firstPage = await tableRows(page, 'Subscribers');
    expect(Object.keys(firstPage[0]!)).toEqual(SUBSCRIBER_COLUMNS.map((c) => c.label));
    expect(firstPage).toHaveLength(10);
    const ids = firstPage.map((r) => Number(r.Id));
    expect(ids).toEqual([...ids].sort((a, z) => z - a));
    expect(firstPage.every((r) => r.Device !== 'tablet' && r.Language !== 'de-DE')).toBe(true);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(async () => (await tableRows(page, 'Subscribers')).length, WAIT).toBe(6);
    const target = Number((await tableRows(page, 'Subscribers'))[0]!.Id);
    expect(target).toBeLessThan(Math.min(...ids));
    const edited = `${SITE}/e2e-checkout?from=audience`;
    await page.getByRole('button', { name: `Reveal Last Url Visited of subscriber ${target}` }).click();
    const input = page.getByRole('textbox', { name: `Last Url Visited of subscriber ${target}` });
    await input.fill('not a url');
    await input.press('Enter');
    await page.getByText('Must be an http(s) URL.').first().waitFor();
    await input.fill(edited);
    await input.press('Enter');
    await page.getByText('Successfully!').first().waitFor();
    // kept by the server: a fresh load reveals the new value
    await page.reload();
    await page.getByRole('button', { name: `Reveal Last Url Visited of subscriber ${target}` }).click();
    expect(await page.getByRole('textbox', { name: `Last Url Visited of subscriber ${target}` }).inputValue()).toBe(
      edited,
    );

    // back to the audience: 'Upload as XLSX' is a real workbook of its 16 subscribers, the edit included
    await page.goto(viewUrl);
    await page.getByRole('heading', { name: NAME }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Upload as XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${NAME}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [header, ...data] = rows;
    expect(header).toEqual(SUBSCRIBER_COLUMNS.map((c) => c.label));
    expect(data).toHaveLength(16);
    const col = (label: string) => SUBSCRIBER_COLUMNS.findIndex((c) => c.label === label);
    expect(data.every((r) => r[col('Device')] !== 'tablet' && r[col('Language')] !== 'de-DE')).toBe(true);
    const exported = data.map((r) => Number(r[col('Id')]));
    expect(exported).toEqual([...exported].sort((a, z) => z - a));
    expect(exported).toEqual(expect.arrayContaining([...ids, target]));
    expect(data.find((r) => Number(r[col('Id')]) === target)?.[col('Last Url Visited')]).toBe(edited);
    await context.close();
  });

  it('reaches Manual Segmentation from the sidebar and lands on a new segment after saving it', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const id = await siteId(page);
    await page.goto(`/dashboard/${id}`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Segmentation' }).click();
    await nav.getByRole('link', { name: 'Manual Segmentation' }).click();
    await waitForPath(page, `/dashboard/${id}/manual-segmentation`);
    await page.getByRole('heading', { name: 'Manual Segmentation' }).waitFor();
    await page.getByRole('link', { name: 'Create Segment' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(SEGMENT);
    await page.getByRole('textbox', { name: 'Value of condition 1' }).fill('tablet');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, new RegExp(`^/dashboard/${id}/manual-segmentation/view/\\d+$`));
    await page.getByRole('heading', { name: SEGMENT }).waitFor();
    // its list holds it, and Audience Creator links there
    await page.goto(`/dashboard/${id}/audience-creator`);
    await page.getByRole('link', { name: 'Manual Segmentation' }).click();
    await expect.poll(async () => (await tableRows(page, 'Segments')).some((r) => r.Name === SEGMENT), WAIT).toBe(true);
    await context.close();
  });

  it('keeps Create and Edit away from a viewer, who still sees the list and the counts', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.viewer);
    await waitForPath(page, '/dashboard');
    const id = await siteId(page);
    await page.goto(`/dashboard/${id}/audience-creator`);
    await expect
      .poll(async () => (await tableRows(page, 'Audiences')).find((r) => r.Name === NAME)?.Count, WAIT)
      .toBe('16');
    expect(await page.getByRole('link', { name: 'Create Audience' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: `Edit ${NAME}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Delete ${NAME}` }).count()).toBe(0);
    await page.goto(`/dashboard/${id}/manual-segmentation`);
    await page.getByRole('heading', { name: 'Manual Segmentation' }).waitFor();
    await expect.poll(async () => (await tableRows(page, 'Segments')).some((r) => r.Name === SEGMENT), WAIT).toBe(true);
    await context.close();
  });
});
