import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath, waitForRouteReady } from '../support/nav.ts';

/** A phone (an iPhone 12-15's CSS size), touch and mobile viewport meta honoured. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Counts and pages come from the server: give them time on a busy machine. */
const WAIT = { timeout: 10_000 };

/**
 * What sticks out of the viewport on the right (the page scrolling sideways, or an element past its edge), as
 * `tag "name": right edge`. Inside a table's sideways scroller (or anything clipping within the viewport) is fine.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) out.push(`the page scrolls sideways: ${scrollWidth} > ${width}`);
    const clippedInside = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (p.matches('[data-table-scroller]')) return true;
        if (getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
      if (getComputedStyle(el).visibility === 'hidden' || clippedInside(el)) continue;
      const name = el.getAttribute('aria-label') ?? el.textContent?.replace(/\s+/g, ' ').trim().slice(0, 40) ?? '';
      out.push(`${el.tagName.toLowerCase()} "${name}": ${Math.round(r.right)} > ${width}`);
    }
    return out.slice(0, 10);
  });
}

/** No sideways overflow and no serious axe-core violation on the screen as it is. */
async function expectFits(page: Page, where: string) {
  await waitForRouteReady(page);
  expect(await overflowing(page), `${where}: overflows 390 px`).toEqual([]);
  expect(describeViolations(where, await seriousViolations(page)), `${where}: axe-core`).toEqual([]);
}

/** The element's box lies wholly inside the 390 × 844 viewport. */
async function expectInViewport(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is shown`).not.toBeNull();
  expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(PHONE.viewport.width);
  expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(PHONE.viewport.height);
}

/** How far right the sidebar reaches: ≤ 0 is off screen (the closed drawer). */
const navRight = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).evaluate((el) => el.getBoundingClientRect().right);

async function websiteId(page: Page, host: string): Promise<number> {
  const answer = await page.request.get('/api/v1/domains/get', { params: { search: host } });
  const body = (await answer.json()) as { data: { id: number; url: string }[] };
  const site = body.data.find((d) => d.url === `https://${host}`);
  if (!site) throw new Error(`${host} is not in the demo data`);
  return site.id;
}

describe('the console on a phone (390 × 844, touch)', () => {
  const b = useBrowser();

  it('logs in, shows the dashboard, opens the sidebar as a drawer that navigates, and fits its dialogs', async () => {
    const { page, context } = await b.newPage(PHONE);
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await expectFits(page, 'login');
    await expect.poll(() => page.title(), WAIT).toBe('Login · Pushdeck');
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectFits(page, 'dashboard');

    // the sidebar is a drawer: off screen until the top bar's burger opens it; a link navigates and closes it
    expect(await navRight(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Toggle navigation' }).tap();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.boundingBox().then((box) => box?.x), WAIT).toBe(0);
    await expectInViewport(nav.getByRole('link', { name: 'Files' }), 'the drawer’s Files link');
    await nav.getByRole('link', { name: 'Files' }).tap();
    await waitForPath(page, '/files');
    await expect.poll(() => navRight(page), WAIT).toBeLessThanOrEqual(0);
    await page.getByRole('heading', { name: 'Files', level: 1 }).waitFor();
    await expect.poll(() => page.title(), WAIT).toBe('Files · Pushdeck');
    await expectFits(page, 'files');

    // a date range on a phone opens as a dialog that fits, and a preset takes a tap
    await page.goBack();
    await waitForPath(page, '/dashboard');
    const range = page.getByRole('button', { name: 'Date range' }).first();
    await range.tap();
    const dialog = page.getByRole('dialog', { name: 'Date range' });
    await dialog.waitFor();
    await expectInViewport(dialog, 'the date range dialog');
    expect(await overflowing(page), 'dashboard with the date range dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Last 7 days' }).tap();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await expect.poll(() => range.textContent(), WAIT).toMatch(/\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/);
    await context.close();
  });

  it('writes a welcome drip with its preview, and builds an audience with its count, on a phone', async () => {
    const { page, context } = await b.newPage(PHONE);
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');

    // the drip editor: the form and the preview one above the other
    const shop = await websiteId(page, 'shop.acme.test');
    await page.goto(`/dashboard/${shop}/welcome/new`);
    const form = page.getByRole('form', { name: 'Welcome drip' });
    await form.waitFor(WAIT);
    await form.getByRole('textbox', { name: /^Title/ }).fill('Hello from a phone');
    await form.getByRole('textbox', { name: /^Message/ }).fill('Typed with a thumb');
    await expect
      .poll(() => page.getByRole('figure', { name: 'Preview' }).textContent(), WAIT)
      .toContain('Typed with a thumb');
    await form.getByLabel('Action Buttons').tap();
    await form.getByRole('textbox', { name: 'Button 1 title' }).fill('Open');
    await expectFits(page, 'welcome drip editor');

    // the audience builder: conditions by touch, the live count
    const blog = await websiteId(page, 'blog.acme.test');
    await page.goto(`/dashboard/${blog}/audience-creator/create`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Phones first');
    await page.getByRole('combobox', { name: 'Operator of condition 1' }).selectOption('!=');
    await page.getByRole('textbox', { name: 'Value of condition 1' }).fill('tablet');
    await expect.poll(() => page.getByTestId('live-count').textContent(), WAIT).toBe('20');
    await page.getByRole('button', { name: 'Add condition to the audience' }).tap();
    await page.getByRole('combobox', { name: 'Field of condition 2' }).selectOption('language');
    await expectFits(page, 'audience builder');

    // a wide table scrolls inside its scroller, its first column staying in view
    await page.goto(`/dashboard/${blog}/more-info-subs`);
    const table = page.getByRole('table', { name: 'Subscribers' });
    await expect.poll(() => table.getAttribute('aria-busy'), WAIT).toBe('false');
    await expectFits(page, 'subscriber list');
    const scroller = page.locator('[data-table-scroller]').filter({ has: table });
    const firstCell = table.locator('tbody tr').first().locator('td').first();
    const before = await firstCell.boundingBox();
    await scroller.evaluate((el) => el.scrollBy({ left: 600 }));
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await firstCell.boundingBox())?.x).toBe(before?.x);
    await context.close();
  });
});
