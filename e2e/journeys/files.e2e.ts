import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

interface ListedFile {
  basename: string;
  status: string;
  link: string | null;
  progress: { rows: number; total: number };
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The next request of a download link (the console opens the asker's file in a new tab when it is ready). */
const nextDownload = (context: BrowserContext, stem: string) =>
  context.waitForEvent('request', {
    predicate: (r) => new URL(r.url()).pathname.startsWith(`/api/v1/files/download/${stem}`),
    timeout: 30_000,
  });

/** A file's CSV through the page's session: its lines without the BOM (which it must have). */
async function csvOf(page: Page, link: string): Promise<string[]> {
  const res = await page.request.get(link);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/csv');
  const text = (await res.body()).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).trimEnd().split('\r\n');
}

async function listed(page: Page, basename: string): Promise<ListedFile> {
  const { json } = await apiCall<{ ready: ListedFile[]; in_progress: ListedFile[] }>(
    page,
    'GET',
    '/api/v1/files/getCSVList',
  );
  return [...json.ready, ...json.in_progress].find((f) => f.basename === basename)!;
}

describe('files and exports', () => {
  const b = useBrowser();

  it('a Custom Export goes from In Process to Completed without reloading, downloads, and is deleted', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto('/files');
    await page.getByRole('heading', { name: 'Files' }).waitFor();

    await page.getByRole('button', { name: 'Custom Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Custom Export' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Export' }).click();
    await page.getByText('Fill out the required fields!').waitFor();

    await dialog.getByRole('combobox', { name: 'Data type' }).click();
    await page.getByRole('option', { name: 'Drips' }).click();
    await dialog.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Website Id' }).click();
    await dialog.getByRole('button', { name: 'Date range' }).click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    // a demo website with sent drips (other journeys add websites of their own, with no data)
    await dialog.getByLabel('Websites').first().click();
    await page.getByRole('option', { name: 'https://shop.acme.test', exact: true }).click();
    await dialog.getByLabel('Websites').first().press('Escape');

    // every status the table shows for the new file, as it changes, without a reload
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStatuses: string[] }).seenStatuses = seen;
      const note = () => {
        for (const row of Array.from(document.querySelectorAll('tr[data-status]'))) {
          if (!row.textContent?.includes('custom_drips_')) continue;
          const status = row.getAttribute('data-status')!;
          if (seen.at(-1) !== status) seen.push(status);
        }
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const opened = nextDownload(context, 'custom_drips_');
    await dialog.getByRole('button', { name: 'Export' }).click();
    await page.getByText('It can take up to 15 minutes.').waitFor();
    const row = page.getByRole('row', { name: /custom_drips_/ });
    await row.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { seenStatuses: string[] }).seenStatuses);
    expect(seen).toEqual(['in_progress', 'ready']);
    // the asker's file opened in a new tab by itself
    await opened;

    const basename = (await row.getByRole('link').first().textContent())!.trim();
    const file = await listed(page, basename);
    expect(file.status).toBe('ready');
    const lines = await csvOf(page, file.link!);
    expect(lines[0]).toBe('date,website_id,sent,delivered,clicked');
    expect(lines.length - 1).toBe(file.progress.rows);
    expect(file.progress.rows).toBeGreaterThan(0);

    await row.getByRole('button', { name: `Delete ${basename}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The file has been successfully removed.').waitFor();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(basename) }).count()).toBe(0);
    expect((await page.request.get(file.link!)).status()).toBe(404);
    await context.close();
  });

  it('a Custom Export keeps a Period picked first while the rest is filled in, and exports with it', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto('/files');
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    await page.getByRole('button', { name: 'Custom Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Custom Export' });
    await dialog.waitFor();

    // Period first, then websites, timezone and dates, the two remaining choices last
    await dialog.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Week' }).click();
    await dialog.getByLabel('Websites').first().click();
    await page.getByRole('option', { name: 'https://shop.acme.test', exact: true }).click();
    await dialog.getByLabel('Websites').first().press('Escape');
    await dialog.getByRole('combobox', { name: 'Timezone' }).click();
    await dialog.getByRole('combobox', { name: 'Timezone' }).fill('kyiv');
    await page.getByRole('option', { name: /^Europe\/Kyiv/ }).click();
    await dialog.getByRole('button', { name: 'Date range' }).click();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    // what is still missing is named, and only that
    await dialog.getByRole('button', { name: 'Export' }).click();
    await page.getByText('Fill out the required fields!').waitFor();
    await page.getByText('Missing: Data type, Group by.').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Data type' }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('combobox', { name: 'Data type' }).click();
    await page.getByRole('option', { name: 'Drips' }).click();
    await dialog.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Website Id' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('Week');

    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/files/customExport',
    );
    await dialog.getByRole('button', { name: 'Export' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      data_type: 'drips',
      group_by: 'website_id',
      date_trunc: 'week',
      timezone: 'Europe/Kyiv',
      date_start: isoDay(29),
      date_end: isoDay(0),
    });
    await page.getByText('It can take up to 15 minutes.').waitFor();
    const row = page.getByRole('row', { name: /custom_drips_/ });
    await row.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    const basename = (await row.getByRole('link').first().textContent())!.trim();
    const file = await listed(page, basename);
    // a weekly file: its dates are the weeks' first days (Mondays, in Kyiv)
    const lines = await csvOf(page, file.link!);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1))
      expect(new Date(`${line.split(',')[0]!.slice(0, 10)}T12:00:00Z`).getUTCDay()).toBe(1);
    await context.close();
  });

  it('the Data Explorer exports every row with its totals through the server', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const query = `date_start=${isoDay(6)}&date_end=${isoDay(0)}&timezone=UTC&date_trunc=day&domains=all&groups=website_id,date`;
    await page.goto(`/data-explorer?${query}&totals=1`);
    const table = page.getByRole('table', { name: 'Data Explorer' });
    await table.getByText('Totals', { exact: true }).waitFor({ timeout: 20_000 });

    const opened = nextDownload(context, 'data_explorer_');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByText('It can take up to 15 minutes.').waitFor();
    const request = await opened;
    const link = new URL(request.url());
    const lines = await csvOf(page, `${link.pathname}${link.search}`);
    const header = lines[0]!.split(',');
    expect(header.slice(0, 2)).toEqual(['website_id', 'date']);
    expect(lines.at(-1)!.startsWith('Totals,')).toBe(true);
    // every matching row (not only the page on screen): the call's own total
    const { json } = await apiCall<{ meta: { total: number } }>(
      page,
      'POST',
      '/api/v2/statistics/getDataExplorer?meta[]=total',
      {
        timezone: 'UTC',
        date_trunc: 'day',
        filters: { date_start: isoDay(6), date_end: isoDay(0) },
        groups: ['website_id', 'date'],
      },
    );
    expect(lines.length - 2).toBe(json.meta.total);
    await context.close();
  });
});
