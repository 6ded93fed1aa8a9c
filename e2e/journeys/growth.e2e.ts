import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

interface Stats {
  sent: number;
  delivered: number;
  clicked: number;
  push_ctr: number;
}
const STAT_HEADERS = ['Sent (all time)', 'Delivered (all time)', 'Clicked (all time)', 'CTR (all time)'];
const counts = new Intl.NumberFormat('en-US');
const shown = (s: Stats) => [
  counts.format(s.sent),
  counts.format(s.delivered),
  counts.format(s.clicked),
  `${s.push_ctr.toFixed(2)}%`,
];

/** The id of the client's demo website https://shop.acme.test. */
async function shopId(page: Page): Promise<number> {
  const { json } = await apiCall<{ data: { id: number; url: string }[] }>(page, 'GET', '/api/v1/domains?select=id,url');
  const shop = json.data.find((d) => d.url === 'https://shop.acme.test');
  if (!shop) throw new Error('demo website shop.acme.test not found');
  return shop.id;
}

/** The drips of a list with their all-time stats, from the API (the oracle of the columns). */
async function apiStats(page: Page, type: string, domainId?: number): Promise<Map<number, Stats>> {
  const where = domainId === undefined ? '' : `&where[domain_id]=${domainId}`;
  const { status, json } = await apiCall<{ data: { id: number; stats: Stats }[] }>(
    page,
    'GET',
    `/api/v1/drips/${type}/get?with[stats]=*&select=id&limit=1000${where}`,
  );
  expect(status).toBe(200);
  return new Map(json.data.map((d) => [d.id, d.stats]));
}

interface ListRow {
  id: number;
  title?: string;
  event?: string | null;
  stats: Stats;
}

/** Every answer of GET /v1/drips/{type}/get with `with[stats]` the page receives; `(type)` reads the newest. */
function recordListAnswers(page: Page): (type: string) => ListRow[] | undefined {
  const answers: { type: string; rows: ListRow[] }[] = [];
  page.on('response', async (r) => {
    const url = new URL(r.url());
    const m = /\/api\/v1\/drips\/(\w+)\/get$/.exec(url.pathname);
    if (!m || url.searchParams.get('with[stats]') !== '*' || !r.ok()) return;
    const body = (await r.json().catch(() => null)) as { data?: ListRow[] | { data: ListRow[] } } | null;
    const rows = Array.isArray(body?.data) ? body.data : body?.data?.data;
    if (rows) answers.push({ type: m[1]!, rows });
  });
  return (type) => answers.filter((a) => a.type === type).at(-1)?.rows;
}

const same = (cells: string[], stats: Stats) => JSON.stringify(cells) === JSON.stringify(shown(stats));

/** Per body row of a table: the text under `keyHeader` and under the four statistics headers. */
async function tableStats(table: Locator, keyHeader: string): Promise<{ key: string; cells: string[] }[]> {
  return table.evaluate(
    (el, { keyHeader, headers }) => {
      const names = Array.from(el.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');
      const keyAt = names.indexOf(keyHeader);
      const at = headers.map((h) => names.indexOf(h));
      return Array.from(el.querySelectorAll('tbody tr'))
        .map((tr) => Array.from(tr.children).map((td) => td.textContent?.trim() ?? ''))
        .filter((cells) => cells.length === names.length)
        .map((cells) => ({ key: cells[keyAt] ?? '', cells: at.map((i) => cells[i] ?? '') }));
    },
    { keyHeader, headers: STAT_HEADERS },
  );
}

/** Waits until every row of the table shows the statistics of the page's newest list answer for its drip. */
async function expectColumnsMatch(table: Locator, idHeader: string, answer: () => ListRow[] | undefined) {
  for (const h of STAT_HEADERS) await table.getByRole('columnheader', { name: h }).waitFor();
  await expect
    .poll(async () => {
      const byId = new Map((answer() ?? []).map((d) => [String(d.id), d.stats]));
      const rows = await tableStats(table, idHeader);
      return rows.length > 0 && rows.every((r) => byId.has(r.key) && same(r.cells, byId.get(r.key)!));
    })
    .toBe(true);
}

function statsResponse(page: Page, op: string, has: (url: URL) => boolean): Promise<Response> {
  return page.waitForResponse(
    (r) => {
      const url = new URL(r.url());
      return url.pathname.endsWith(`/statistics/${op}`) && has(url);
    },
    { timeout: 20_000 },
  );
}

const sum = (rows: Record<string, unknown>[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

describe('what a newcomer from OneSignal or PushEngage looks for first', () => {
  const b = useBrowser();

  it('the welcome, recurring, Drip Manager and triggers lists show all-time sent, delivered, clicked and CTR as the API counts them', async () => {
    const { page, context } = await b.newPage();
    // the demo keeps sending while the journey runs: each table is compared with the answer the page itself got
    const answers = recordListAnswers(page);
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const id = await shopId(page);

    // welcome: the tables have no id column, so rows are matched by title
    await page.goto(`/dashboard/${id}/welcome`);
    const series = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Sent (all time)' }) })
      .first();
    for (const h of STAT_HEADERS) await series.getByRole('columnheader', { name: h }).waitFor();
    await expect
      .poll(async () => {
        const byTitle = new Map((answers('welcome') ?? []).map((d) => [d.title, d.stats]));
        const rows = await tableStats(series, 'Title');
        return rows.length > 0 && rows.every((r) => byTitle.has(r.key) && same(r.cells, byTitle.get(r.key)!));
      })
      .toBe(true);
    expect((answers('welcome') ?? []).some((d) => d.stats.sent > 0)).toBe(true);

    await page.goto(`/dashboard/${id}/recurring`);
    const recurringTable = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Sent (all time)' }) });
    await expectColumnsMatch(recurringTable, 'Id', () => answers('recurring'));
    expect((answers('recurring') ?? []).some((d) => d.stats.sent > 0)).toBe(true);

    await page.goto('/drip-tools');
    await expectColumnsMatch(page.getByRole('table', { name: 'Messages' }), 'Message Id', () => answers('recurring'));

    // the triggers list (the demo has none: one is made through the API, and shows its zeros as the API does)
    const event = `growth_${Date.now().toString(36)}`;
    const made = await apiCall(page, 'POST', '/api/v1/drips/trigger/createOrUpdate', [
      {
        domain_id: id,
        type: 'trigger',
        event,
        title: 'Still thinking?',
        body: 'Your cart misses you',
        url: 'https://shop.acme.test/cart',
        customization: { requireInteraction: false },
        meta: { delay: 0 },
        schedule: { after_days: 0, after_hours: 0, after_mins: 0 },
      },
    ]);
    expect(made.status).toBeLessThan(300);
    await page.goto(`/dashboard/${id}/triggers`);
    await expectColumnsMatch(page.getByRole('table', { name: 'Triggered Notifications' }), 'Id', () =>
      answers('trigger'),
    );
    const trigger = (answers('trigger') ?? []).find((d) => d.event === event);
    expect(trigger?.stats).toEqual({ sent: 0, delivered: 0, clicked: 0, push_ctr: 0 });
    // and the API's answer is the same figures as a plain call gets
    const plain = await apiStats(page, 'trigger', id);
    expect(plain.get(trigger!.id)).toEqual(trigger!.stats);
    await context.close();
  });

  it("a drip's page charts it over a date range, totals matching the API, and the website dashboard charts subscriber growth", async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const id = await shopId(page);
    const recurring = await apiStats(page, 'recurring', id);
    // the demo's recurring drip with sixty days of history: the most sent of the website
    const [dripId] = [...recurring.entries()].sort(([, x], [, y]) => y.sent - x.sent)[0]!;

    const answer = statsResponse(page, 'getStatsEventsByDrips', (u) =>
      u.searchParams.getAll('drip_ids[]').includes(String(dripId)),
    );
    await page.goto(`/dashboard/${id}/recurring/edit/${dripId}`);
    const res = await answer;
    const rows = (await res.json()).data as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    const panel = page.getByRole('region', { name: 'Drip statistics' });
    await panel.locator('.recharts-surface').first().waitFor();
    await expect.poll(() => panel.getByTestId('drip-total-sent').textContent()).toBe(counts.format(sum(rows, 'sent')));
    expect(await panel.getByTestId('drip-total-delivered').textContent()).toBe(counts.format(sum(rows, 'delivered')));
    expect(await panel.getByTestId('drip-total-clicked').textContent()).toBe(counts.format(sum(rows, 'clicked')));
    expect(sum(rows, 'sent')).toBeGreaterThan(0);

    // the range: Last 30 days asks again and the totals follow
    const wider = statsResponse(page, 'getStatsEventsByDrips', (u) => {
      const days =
        (Date.parse(u.searchParams.get('date_finish')!) - Date.parse(u.searchParams.get('date_start')!)) / 86_400_000;
      return u.searchParams.getAll('drip_ids[]').includes(String(dripId)) && days === 29;
    });
    await panel.getByRole('button', { name: 'Date range' }).click();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    const widerRows = (await (await wider).json()).data as Record<string, unknown>[];
    await expect
      .poll(() => panel.getByTestId('drip-total-sent').textContent())
      .toBe(counts.format(sum(widerRows, 'sent')));

    // the website dashboard: subscriber growth from the chart's own subscriber series
    const subs = statsResponse(page, 'getStatsBySubscribables', (u) => u.searchParams.get('date_trunc') === 'day');
    await page.goto(`/dashboard/${id}`);
    const subRows = (await (await subs).json()).data as Record<string, unknown>[];
    const growth = page.getByRole('region', { name: 'Subscriber growth' });
    await growth.locator('.recharts-surface').first().waitFor();
    const subscribed = sum(subRows, 'subscribed');
    const lost = sum(subRows, 'unsubscribed') + sum(subRows, 'deactivated');
    expect(subscribed).toBeGreaterThan(0);
    await expect.poll(() => growth.getByTestId('growth-subscribed').textContent()).toBe(counts.format(subscribed));
    expect(await growth.getByTestId('growth-unsubscribed').textContent()).toBe(counts.format(lost));
    expect(await growth.getByTestId('growth-net').textContent()).toBe(counts.format(subscribed - lost));
    await growth.getByText('Running total', { exact: true }).click();
    await expect.poll(() => growth.getByRole('radio', { name: 'Running total' }).isChecked()).toBe(true);
    await growth.locator('.recharts-surface').first().waitFor();
    await context.close();
  });

  it('a newly registered client gets a getting-started checklist whose steps tick as they happen, then it is gone', async () => {
    const { page, context } = await b.newPage();
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Greta Growth');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`greta-${stamp}@example.com`);
    await page.getByLabel('Company name').fill(`Greta ${stamp}`);
    await page.getByLabel(/^Password/).fill('longenough');
    await page.getByLabel(/^Confirm password/).fill('longenough');
    await page.getByRole('button', { name: 'Create client account' }).click();
    await waitForPath(page, '/dashboard');

    const checklist = page.getByRole('region', { name: 'Get started with Pushdeck' });
    const step = (title: string) => checklist.getByRole('listitem').filter({ hasText: title });
    const doneSteps = async () =>
      checklist
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.filter((li) => li.getAttribute('data-done') === 'true').map((li) => li.getAttribute('data-step')),
        );
    await checklist.getByText('0 of 4 steps done').waitFor();
    expect(await step('Download the script').getByText('Add a website first').count()).toBe(1);

    // 1. add a website, from the checklist's own link
    await step('Add a website').getByRole('link').click();
    await waitForPath(page, '/new-website');
    const url = `https://greta-${stamp}.e2e.test`;
    await page.getByLabel('Website URL').fill(url);
    await page.getByRole('button', { name: 'Add website' }).click();
    await page.getByRole('heading', { name: 'Website added' }).waitFor();
    const websiteId =
      (await page
        .locator('p', { hasText: /^Website Id / })
        .locator('span')
        .textContent()) ?? '';
    await page.goto('/dashboard');
    await checklist.getByText('1 of 4 steps done').waitFor();
    expect(await doneSteps()).toEqual(['website']);

    // 2. download the script: the checklist opens the install guide, where the files are downloaded
    await step('Download the script').getByRole('link').click();
    await waitForPath(page, /^\/dashboard\/\d+\/integrate$/);
    const domainId = Number(new URL(page.url()).pathname.split('/')[2]);
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download pushmine.js' }).click(),
    ]);
    await page.goto('/dashboard');
    await checklist.getByText('2 of 4 steps done').waitFor();
    expect(await doneSteps()).toEqual(['website', 'script']);

    // 3. the first subscriber: what pushmine.js posts when a visitor allows notifications
    const subscribed = await page.request.post('/api/public/v1/subscribe', {
      data: {
        website_id: websiteId,
        subscription: {
          endpoint: `https://fcm.googleapis.com/fcm/send/greta-${stamp}`,
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        },
        browser: 'Chrome',
      },
    });
    expect(subscribed.status()).toBe(201);
    await page.reload();
    await checklist.getByText('3 of 4 steps done').waitFor();
    expect(await doneSteps()).toEqual(['website', 'script', 'subscriber']);

    // 4. the first welcome drip, from the checklist's link to the welcome editor
    await step('Create a welcome drip').getByRole('link').click();
    await waitForPath(page, `/dashboard/${domainId}/welcome/new`);
    const form = page.getByRole('form', { name: 'Welcome drip' });
    await form.waitFor({ timeout: 10_000 });
    await form.getByRole('textbox', { name: /^Title/ }).fill('Welcome aboard');
    await form.getByRole('textbox', { name: /^Message/ }).fill('Thanks for subscribing');
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/dashboard/${domainId}/welcome`);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Recurring Drips' }).waitFor();
    await expect
      .poll(
        async () => (await apiCall<{ data: { done: boolean } }>(page, 'GET', '/api/v1/getting-started')).json.data.done,
      )
      .toBe(true);
    expect(await checklist.count()).toBe(0);
    await context.close();
  });
});
