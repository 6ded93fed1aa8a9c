import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

/** Resolves with the next statistics call whose path ends with `op` and whose query has every given value. */
function nextStatsCall(page: Page, op: string, query: Record<string, string> = {}) {
  return page.waitForRequest(
    (request) => {
      const url = new URL(request.url());
      return (
        url.pathname.endsWith(`/statistics/${op}`) &&
        Object.entries(query).every(([k, v]) => url.searchParams.get(k) === v)
      );
    },
    { timeout: 20_000 },
  );
}

/** The websites the signed-in user sees (id, url), through the API with the page's session. */
async function websites(page: Page): Promise<{ id: number; url: string }[]> {
  const res = await page.request.get('/api/v1/domains?select=id,url&order_by=url:asc');
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Signs in and waits until the app has left the login page. */
async function signIn(page: Page, account: { email: string; password: string }) {
  await login(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('statistics dashboards', () => {
  const b = useBrowser();

  it('a client sees the Global Stats cards and chart, and changes granularity, timezone and range', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.getByRole('region', { name: 'Recurring Drips' }).waitFor();
    await page.getByRole('region', { name: 'Welcome Drips' }).waitFor();
    const subscribers = page.getByRole('region', { name: 'Subscribers' });
    await subscribers.waitFor();
    await page.getByText('Summary', { exact: true }).waitFor();
    // the demo history's cards agree: all time ≥ the last month ≥ the last 7 days, each column defined on the card
    await subscribers.getByText(/^Total: all time\. This week: \d{4}-\d{2}-\d{2} … /).waitFor();
    for (const label of ['Subscribed', 'Unsubscribed']) {
      const exact = subscribers.getByRole('row', { name: new RegExp(`^${label}`) }).locator('[title]');
      await expect.poll(() => exact.count(), { timeout: 20_000 }).toBe(3);
      const [total, week, month] = (await exact.evaluateAll((els) => els.map((e) => e.getAttribute('title')))).map(
        (t) => Number(t!.replaceAll(',', '')),
      ) as [number, number, number];
      expect(week, label).toBeGreaterThan(0);
      expect(month, label).toBeGreaterThanOrEqual(week);
      expect(total, label).toBeGreaterThanOrEqual(month);
    }

    const week = nextStatsCall(page, 'getStatsEventsByDrips', { date_trunc: 'week' });
    await page.getByRole('radiogroup', { name: 'Granularity' }).getByText('Week', { exact: true }).click();
    await week;

    const kolkata = nextStatsCall(page, 'getStatsBySubscribables', { timezone: 'Asia/Kolkata' });
    await page.getByRole('combobox', { name: 'Timezone' }).fill('Kolkata');
    await page.getByRole('option', { name: /Asia\/Kolkata/ }).click();
    await kolkata;

    const thirty = nextStatsCall(page, 'getStatsEventsByDrips', { timezone: 'Asia/Kolkata', date_trunc: 'week' });
    await page.getByRole('button', { name: 'Date range' }).click();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    const request = await thirty;
    const params = new URL(request.url()).searchParams;
    const days = (Date.parse(params.get('date_finish')!) - Date.parse(params.get('date_start')!)) / 86_400_000;
    expect(days).toBe(29);
    await context.close();
  });

  it("a moderator must pick a client first ('Select a client!'), then sees that client's dashboard", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, ACCOUNTS.moder);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Select a client!' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Recurring Drips' }).count()).toBe(0);

    const loaded = nextStatsCall(page, 'getStatsEventsByDrips');
    await page.getByRole('combobox', { name: 'Select a Client' }).click();
    await page.getByRole('option').first().click();
    const request = await loaded;
    expect(request.headers().client).toBeTruthy();
    await page.getByRole('region', { name: 'Recurring Drips' }).waitFor();
    expect(await page.getByText('Select a client!').count()).toBe(0);
    await context.close();
  });

  it('compares two websites: a warning without a second one, then the A vs B cards', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const sites = await websites(page);
    expect(sites.length).toBeGreaterThanOrEqual(2);
    const [a, other] = sites as [{ id: number; url: string }, { id: number; url: string }];
    await page.goto(`/dashboard/${a.id}/more-info/compare`);
    await page.getByRole('heading', { name: 'Compare', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'Select domain for comparison!' }).waitFor();

    await page.getByRole('combobox', { name: 'Same domain' }).click();
    await page.getByRole('option', { name: other.url }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    const ctr = page.getByRole('group', { name: 'Pushes CTR' });
    await ctr.waitFor();
    expect(await ctr.textContent()).toMatch(/[+-]?\d+\.\d{2}%/);
    await page.getByRole('group', { name: 'Delivery rate' }).waitFor();
    await page.getByRole('region', { name: 'Subscribers' }).first().waitFor();
    await context.close();
  });
});

describe('statistics reports', () => {
  const b = useBrowser();

  it('Data Explorer by website and day shows a Totals row, and the column settings need a column', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto(
      `/data-explorer?date_start=${isoDay(1)}&date_end=${isoDay(0)}&timezone=UTC&date_trunc=day&domains=all&groups=website_id,date&totals=1`,
    );
    await page.getByRole('heading', { name: 'Data Explorer', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Data Explorer' });
    await table.getByText('Totals', { exact: true }).waitFor({ timeout: 20_000 });

    await page.getByText('With Totals', { exact: true }).click();
    await expect.poll(() => table.getByText('Totals', { exact: true }).count()).toBe(0);
    await page.getByText('With Totals', { exact: true }).click();
    await table.getByText('Totals', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Column settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Column settings' });
    await dialog.waitFor();
    const boxes = dialog.getByRole('checkbox');
    for (let i = 0; i < (await boxes.count()); i++) {
      if (await boxes.nth(i).isChecked()) await boxes.nth(i).click({ force: true });
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'There is must be at least one column selected.' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Clicks', exact: true }).click({ force: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await table.getByRole('columnheader', { name: 'Clicks', exact: true }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Sent', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('the Performance report shows the top websites to a client and the top clients to a moderator', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto('/performance');
    await page.getByRole('heading', { name: 'Performance', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Top Domains by sent Welcome messages' }).waitFor();
    await page.getByRole('region', { name: 'Top Domains by sent Recurring messages' }).waitFor();
    expect(await page.getByRole('region', { name: 'Top Clients by sent Welcome messages' }).count()).toBe(0);
    await context.close();

    const moder = await b.newPage();
    await signIn(moder.page, ACCOUNTS.moder);
    await moder.page.goto('/performance');
    await moder.page.getByRole('region', { name: 'Top Clients by sent Welcome messages' }).waitFor();
    await moder.page.getByRole('region', { name: 'Top Clients by sent Recurring messages' }).waitFor();
    await moder.context.close();
  });
});
