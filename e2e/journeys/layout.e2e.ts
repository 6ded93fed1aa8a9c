import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How many lines the text of an element takes in the page as laid out (the distinct tops of its text's boxes). */
function lineCount(cell: Locator): Promise<number> {
  return cell.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size;
  });
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element is not shown');
  return b;
}

/** The element's box once it has stopped moving (a snackbar slides in). */
async function settledBox(locator: Locator): Promise<Box> {
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await box(locator));
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return JSON.parse(last) as Box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The cells of a table's column, found by the column header's name. */
async function columnCells(table: Locator, header: string): Promise<Locator[]> {
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr > :nth-child(${index + 1})`).all();
}

const EVERY_COLUMN = [
  'sent',
  'delivered',
  'clicked',
  'd2c',
  's2d',
  'sub2c',
  'sub2deact',
  'sub2uns',
  'subscribed',
  'unsubscribed',
  'full_unsubscribed',
  'deactivated',
  'avg_patient_days',
  'push_ctr',
  'delivery_rate',
  'hate_rate',
  'unsubscribe_rate',
  'clicks_per_subscriber',
  'match_ratio',
].join(',');

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function signIn(page: Page, account: { email: string; password: string }) {
  await login(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('layout the user sees', () => {
  const b = useBrowser();

  it('Data Explorer dates stay on one line, with every value column and the sidebar open', async () => {
    const { page, context } = await b.newPage();
    await signIn(page, ACCOUNTS.client);
    await page.goto(
      `/data-explorer?date_start=${isoDay(6)}&date_end=${isoDay(0)}&timezone=UTC&date_trunc=day&domains=all&groups=website_id,date,drip_id&totals=1&columns=${EVERY_COLUMN}`,
    );
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const table = page.getByRole('table', { name: 'Data Explorer' });
    await table.getByText('Totals', { exact: true }).waitFor({ timeout: 20_000 });
    const dates = (await columnCells(table, 'Date')).slice(0, -1); // the Totals row has no date
    expect(dates.length).toBeGreaterThan(0);
    for (const cell of dates) {
      expect(await cell.textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await lineCount(cell)).toBe(1);
    }
    await context.close();
  });

  it('Domains List ids and website ids stay on one line', async () => {
    const { page, context } = await b.newPage();
    await signIn(page, ACCOUNTS.admin);
    // newest first, and other journeys add websites: search for the demo's own
    await page.goto('/domain-list?search=shop.acme.test');
    const table = page.getByRole('table').first();
    await table.getByText('https://shop.acme.test').waitFor({ timeout: 20_000 });
    for (const header of ['Id', 'Website Id']) {
      const cells = await columnCells(table, header);
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) {
        expect((await cell.textContent())?.length).toBeGreaterThan(0);
        expect(await lineCount(cell), `${header} ${await cell.textContent()}`).toBe(1);
      }
    }
    await context.close();
  });

  it('with the sidebar open, the Subscribers card shows its last column inside the card', async () => {
    const { page, context } = await b.newPage();
    await signIn(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(() => page.getByText('Drip Instruments', { exact: true }).isVisible()).toBe(true);
    for (const name of ['Recurring Drips', 'Welcome Drips', 'Subscribers']) {
      const card = page.getByRole('region', { name });
      // measured with its numbers in (a loading cell is narrower) and the sidebar done opening
      await expect.poll(() => card.getByLabel('Loading').count(), { timeout: 20_000 }).toBe(0);
      const cardBox = await settledBox(card);
      const headers = card.getByRole('columnheader');
      const last = await box(headers.last());
      expect(last.x + last.width, `${name}: last column inside the card`).toBeLessThanOrEqual(
        cardBox.x + cardBox.width,
      );
      for (const row of await card.getByRole('row').all()) {
        const cell = await box(row.locator('> *').last());
        expect(cell.x + cell.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      }
    }
    await context.close();
  });

  // The snackbar slides in at the top right, where editors keep their buttons: checked on three screens.
  const snackbarPages: [string, string, string][] = [
    ['triggers/create', 'Trigger Creator', 'Save'],
    ['welcome/new', 'Create Welcome Drip', 'Save'],
    ['recurring/send', 'Create Recurring Drip', 'Save'],
  ];
  it.for(snackbarPages)('a snackbar covers no button or link of the page (%s)', async ([path, heading, save]) => {
    const { page, context } = await b.newPage();
    await signIn(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    const res = await page.request.get('/api/v1/domains/get?search=blog.acme.test');
    const site = ((await res.json()).data as { id: number; url: string }[]).find(
      (d) => d.url === 'https://blog.acme.test',
    );
    await page.goto(`/dashboard/${site!.id}/${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.getByRole('button', { name: save, exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Fill the required fields out!' });
    await toast.waitFor();
    const toastBox = await settledBox(toast);
    // every control of the page outside the snackbar, measured in one pass (the page may re-render meanwhile)
    const controls = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('button, a, input, [role="combobox"]'))
        .filter((el) => !el.closest('[role="alert"]') && el.checkVisibility())
        .map((el) => {
          const r = el.getBoundingClientRect();
          const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
          return { name, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
        })
        .filter((c) => c.box.width > 0),
    );
    const checked = controls.length;
    for (const { name, box: b } of controls) {
      expect(overlaps(toastBox, b), `the snackbar covers ${name} on ${path}`).toBe(false);
    }
    expect(checked).toBeGreaterThan(5);
    await context.close();
  });

  it('on a phone, Drip Manager titles keep a readable width', async () => {
    const { page, context } = await b.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ACCOUNTS.client);
    await page.goto('/drip-tools');
    await page.getByRole('heading', { name: 'Drip Manager', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Messages' });
    await expect.poll(() => table.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
    const titles = await columnCells(table, 'Title');
    expect(titles.length).toBeGreaterThan(0);
    for (const cell of titles) {
      expect((await box(cell)).width, `title ${await cell.textContent()}`).toBeGreaterThanOrEqual(160);
    }
    await context.close();
  });

  it("the audience builder's join selects show 'and' and 'or' whole", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, ACCOUNTS.client);
    const res = await page.request.get('/api/v1/domains/get?search=blog.acme.test');
    const site = ((await res.json()).data as { id: number; url: string }[]).find(
      (d) => d.url === 'https://blog.acme.test',
    );
    await page.goto(`/dashboard/${site!.id}/audience-creator/create`);
    await page.getByRole('heading', { name: 'Create Audience', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add condition to the audience' }).click();
    await page.getByRole('button', { name: 'Add group to the audience' }).click();
    for (const name of ['Join of condition 2', 'Join of group 3']) {
      const select = page.getByRole('combobox', { name });
      // the room the select leaves its text (inside its padding, which holds the chevron) against the text's width
      const { room, text } = await select.evaluate((el) => {
        const style = getComputedStyle(el);
        const canvas = document.createElement('canvas').getContext('2d')!;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(...['and', 'or'].map((t) => canvas.measureText(t).width));
        const inner = el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { room: inner, text: widest };
      });
      expect(room, name).toBeGreaterThanOrEqual(text);
    }
    await context.close();
  });
});
