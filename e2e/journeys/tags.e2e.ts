import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

const CARDS = ['GEO Tags', 'Vertical tags', 'Category tags', 'Server tags'];

/** The chips of one Tags Manager card (the card's list is named by its title). */
function chip(page: Page, card: string, name: string) {
  return page.getByRole('list', { name: card }).getByRole('button', { name, exact: true });
}

/** The Domains List rows as header → cell text, waiting for the table to settle. */
async function listedRows(page: Page): Promise<Record<string, string>[]> {
  const table = page.getByRole('table', { name: 'Domains' });
  await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
  return table.evaluate((el) => {
    const headers = Array.from(el.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');
    return Array.from(el.querySelectorAll('tbody tr'))
      .map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? ''))
      .filter((cells) => cells.length === headers.length)
      .map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])));
  });
}

/** Types into the Domains List search and waits until the URL (and so the table) carries it. */
async function searchDomains(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF), without a leading BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('tags manager and domains list (admin)', () => {
  const b = useBrowser();

  it('creates, edits, searches by chip and deletes a tag with both confirmation outcomes', async () => {
    const { page, context } = await b.newPage();
    const tagWrites: Request[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/v1/tags')) {
        tagWrites.push(request);
      }
    });
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');
    await page.goto('/tags-manager');
    await page.getByRole('heading', { name: 'Tags Manager', level: 1 }).waitFor();
    for (const card of CARDS) await page.getByRole('heading', { name: card }).waitFor();

    // Add tag from the Vertical card, then make it a GEO tag
    await page.getByRole('region', { name: 'Vertical tags' }).getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create tag' });
    await dialog.waitFor();
    const name = dialog.getByLabel('Tag Name');
    expect(await name.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Required.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Fill the required fields out!').waitFor();
    expect(tagWrites).toHaveLength(0);

    const created = `Germany ${Date.now()}`;
    await name.fill(created);
    await dialog.getByRole('combobox', { name: 'Tag Type' }).click();
    await page.getByRole('option', { name: 'GEO', exact: true }).click();
    expect(await dialog.getByRole('combobox', { name: 'Tag Type' }).inputValue()).toBe('GEO');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' }); // closes 2 s after the success
    await chip(page, 'GEO Tags', created).waitFor();
    expect(await page.getByRole('list', { name: 'Vertical tags' }).getByText(created).count()).toBe(0);
    expect(tagWrites.map((r) => r.method())).toEqual(['POST']);

    // edit it
    await page.getByRole('button', { name: `Edit ${created}` }).click();
    const update = page.getByRole('dialog', { name: 'Update tag' });
    await update.waitFor();
    expect(await update.getByLabel('Tag Name').inputValue()).toBe(created);
    expect(await update.getByRole('combobox', { name: 'Tag Type' }).inputValue()).toBe('GEO');
    const renamed = `${created} DE`;
    await update.getByLabel('Tag Name').fill(renamed);
    await update.getByRole('button', { name: 'Update' }).click();
    await update.getByText('Successfully!').waitFor();
    await update.waitFor({ state: 'hidden' });
    await chip(page, 'GEO Tags', renamed).waitFor();
    expect(await chip(page, 'GEO Tags', created).count()).toBe(0);

    // a chip click puts its name in the search: only that tag is left
    await chip(page, 'GEO Tags', renamed).click();
    const search = page.getByRole('textbox', { name: 'Search' });
    await expect.poll(() => search.inputValue()).toBe(renamed);
    await expect.poll(() => page.getByRole('list', { name: 'GEO Tags' }).getByRole('listitem').count()).toBe(1);
    expect(await page.getByText('No tags match the search.').count()).toBe(3);

    // delete: Cancel keeps it
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('You will delete this tag.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Cancelled!' });
    await cancelled.getByText('Tag is in the safe :)').waitFor();
    await cancelled.waitFor({ state: 'hidden' }); // closes itself
    expect(await chip(page, 'GEO Tags', renamed).count()).toBe(1);
    expect(tagWrites.map((r) => r.method())).toEqual(['POST', 'PUT']);

    // delete: confirm removes it
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    const deleted = page.getByRole('dialog', { name: 'Deleted!' });
    await deleted.getByText('Tag has been deleted!').waitFor();
    await chip(page, 'GEO Tags', renamed).waitFor({ state: 'detached' });
    expect(tagWrites.map((r) => r.method())).toEqual(['POST', 'PUT', 'DELETE']);
    await page.reload();
    await page.getByRole('heading', { name: 'GEO Tags' }).waitFor();
    expect(await page.getByText(renamed).count()).toBe(0);
    await context.close();
  });

  it('searches the Domains List by URL text and website id, and downloads the listed websites as CSV', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');
    await page.goto('/domain-list');
    await page.getByRole('heading', { name: 'Domains List', level: 1 }).waitFor();
    const all = await listedRows(page);
    const allUrls = all.map((r) => r.Url);
    expect(allUrls).toEqual(expect.arrayContaining(['https://shop.acme.test', 'https://news.globex.test']));

    // URL text narrows the rows
    await searchDomains(page, 'acme');
    // (other journeys may add acme websites of their own: every listed url holds the text, the demo's two among them)
    await expect.poll(async () => (await listedRows(page)).every((r) => r.Url?.includes('acme'))).toBe(true);
    await expect
      .poll(async () => (await listedRows(page)).map((r) => r.Url))
      .toEqual(expect.arrayContaining(['https://blog.acme.test', 'https://shop.acme.test']));
    const acme = await listedRows(page);
    expect(acme.length).toBeLessThan(all.length);

    // CSV of the listed websites: a server export (issue #14) that opens in a new tab when ready
    // (the tab it opens downloads the link; the journey reads the same link through the page's session)
    const downloads: string[] = [];
    page.context().on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/v1/files/download/')) downloads.push(`${url.pathname}${url.search}`);
    });
    const nextDownload = async (count: number) => {
      await expect.poll(() => downloads.length, { timeout: 30_000 }).toBe(count);
      return downloads[count - 1]!;
    };
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const link = await nextDownload(1);
    expect(link).toMatch(/^\/api\/v1\/files\/download\/domains_list_\w+\.csv/);
    const file = await page.request.get(link);
    expect(file.status()).toBe(200);
    const [header, ...rows] = parseCsv((await file.body()).toString('utf8').replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Id', 'Website Id', 'Url', 'Status', 'Tags', 'Created at']);
    expect(rows.map((r) => [r[0], r[1], r[2], r[3]])).toEqual(
      acme.map((r) => [r.Id, r['Website Id'], r.Url, r.Status]),
    );

    // a website id finds that one website
    const shop = acme.find((r) => r.Url === 'https://shop.acme.test')!;
    await searchDomains(page, shop['Website Id']!);
    await expect.poll(async () => (await listedRows(page)).map((r) => r.Url)).toEqual(['https://shop.acme.test']);
    expect((await listedRows(page))[0]!.Id).toBe(shop.Id);

    // nothing matches: no file, 'No data to download!'
    await searchDomains(page, `no-such-site-${Date.now()}`);
    await page.getByText('No website matches the search.').waitFor();
    expect(await listedRows(page)).toEqual([]);
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await page.getByText('No data to download!').waitFor();
    // proved by the next download: a list with rows gives a file, and it is the only one since the empty list
    await searchDomains(page, 'acme');
    await expect.poll(async () => (await listedRows(page)).length).toBe(acme.length);
    const listed = await listedRows(page);
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const second = await nextDownload(2);
    expect(downloads).toHaveLength(2);
    // a new file, and it holds the acme rows the list shows again (not the empty search's nothing)
    expect(second).not.toBe(link);
    const again = await page.request.get(second);
    expect(again.status()).toBe(200);
    const [header2, ...rows2] = parseCsv((await again.body()).toString('utf8'));
    expect(header2).toEqual(['Id', 'Website Id', 'Url', 'Status', 'Tags', 'Created at']);
    expect(rows2.map((r) => [r[0], r[1], r[2], r[3]])).toEqual(
      listed.map((r) => [r.Id, r['Website Id'], r.Url, r.Status]),
    );
    expect(rows2.map((r) => r[2])).toEqual(
      expect.arrayContaining(['https://blog.acme.test', 'https://shop.acme.test']),
    );
    expect(rows2.every((r) => r[2]?.includes('acme'))).toBe(true);
    await context.close();
  });

  it('lets a new client make its own tag and put it on its website; another client never sees it', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto('/tags-manager');
    await page.getByRole('heading', { name: 'Tags Manager', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Category tags' }).getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create tag' });
    const own = `Acme own ${Date.now()}`;
    await dialog.getByLabel('Tag Name').fill(own);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Successfully!').waitFor();
    await chip(page, 'Category tags', own).waitFor();
    await page.getByRole('button', { name: `Edit ${own}` }).waitFor();

    // tag the website from its dashboard
    const sites = (await (await page.request.get('/api/v1/domains')).json()) as { data: { id: number; url: string }[] };
    const shop = sites.data.find((d) => d.url === 'https://shop.acme.test')!;
    await page.goto(`/dashboard/${shop.id}`);
    const panel = page.getByRole('region', { name: 'Things to do' });
    await panel.getByRole('combobox', { name: 'Website tags' }).click();
    await page.getByRole('option', { name: own }).click();
    await page.getByText('Success!').waitFor();
    await expect
      .poll(async () => {
        const answer = await page.request.get(`/api/v1/domains/${shop.id}`);
        const body = (await answer.json()) as { data: { domain_tags: { name: string }[] }[] };
        return body.data[0]!.domain_tags.map((t) => t.name);
      })
      .toContain(own);
    await context.close();

    const other = await b.newPage();
    await login(other.page, { email: 'globex@pushdeck.test', password: ACCOUNTS.client.password });
    await waitForPath(other.page, '/dashboard');
    await other.page.goto('/tags-manager');
    await other.page.getByRole('heading', { name: 'Category tags' }).waitFor();
    await other.page.getByText('Loading tags…').waitFor({ state: 'detached' });
    expect(await other.page.getByText(own).count()).toBe(0);
    await other.context.close();
  });
});
