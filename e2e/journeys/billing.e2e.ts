import { request } from 'node:https';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { pickOption, waitForPath, waitForScreen } from '../support/nav.ts';

const PASSWORD = 'billing-journey-password';

interface Quota {
  used: number;
  limit: number | null;
  level: string;
}
interface Usage {
  plan: { name: string } | null;
  sends: Quota;
  websites: Quota;
  over_quota: { sends: number; subscribers: number };
}

/**
 * A subscription on the local push service the built server runs beside itself (PORT + 443, HTTPS with its own
 * certificate): the browser of one subscriber. Messages it receives are decrypted and reported delivered.
 */
function pushSubscription(baseUrl: string, applicationServerKey: string) {
  const port = Number(new URL(baseUrl).port) + 443;
  return new Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/subscriptions',
        method: 'POST',
        rejectUnauthorized: false,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () =>
          res.statusCode === 201 ? resolve(JSON.parse(body)) : reject(new Error(`${res.statusCode} ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ label: 'billing journey', applicationServerKey }));
  });
}

/** The client's usage as the Billing screen reads it. */
async function usage(page: Page): Promise<Usage> {
  const { status, json } = await apiCall<{ data: Usage }>(page, 'GET', '/api/v1/billing/usage');
  expect(status).toBe(200);
  return json.data;
}

/** The banner every screen of the client's users shows near the plan's limit. */
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Ask for an upgrade' });

describe('billing (client near its cap, admin approves an upgrade)', () => {
  const b = useBrowser();

  it('shows the banner and the figures, asks for an upgrade, the admin approves, and sends resume', {
    timeout: 240_000,
  }, async () => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const clientName = `Billing Co ${stamp}`;
    const owner = { email: `owner-${stamp}@billing.test`, password: PASSWORD };
    const tiny = `Tiny ${stamp}`;
    const grow = `Grow ${stamp}`;

    // the admin defines two plans and creates a client of its own (no demo data changes)
    const admin = await b.newPage();
    await login(admin.page, ACCOUNTS.admin);
    await waitForPath(admin.page, '/dashboard');
    const plan = (name: string, sends: number, websites: number, features: Record<string, boolean>) =>
      apiCall(admin.page, 'POST', '/api/v1/billing/plans', {
        name,
        monthly_sends: sends,
        active_subscribers: null,
        websites,
        features,
      });
    expect((await plan(tiny, 1, 1, { data_explorer: false })).status).toBe(201);
    expect((await plan(grow, 100, 5, {})).status).toBe(201);
    const created = await apiCall<{ data: { id: number } }>(admin.page, 'POST', '/api/v1/management/clients', {
      name: clientName,
      email: owner.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(created.status).toBe(201);
    const clientId = created.json.data.id;

    // the plan is assigned on Clients Management, in the client's row
    await admin.page.goto(`/management/clients?search=${encodeURIComponent(clientName)}`);
    await waitForScreen(admin.page, `/management/clients?search=${encodeURIComponent(clientName)}`);
    const planCell = admin.page.getByRole('combobox', { name: `Plan: ${clientName}` });
    await expect.poll(() => planCell.inputValue()).toBe('Unlimited');
    await pickOption(admin.page, `Plan: ${clientName}`, tiny);
    await admin.page.getByText(`${clientName} is now on the plan ${tiny}.`).first().waitFor();
    const assigned = await apiCall<{ data: { client_id: number; plan_id: number | null }[] }>(
      admin.page,
      'GET',
      '/api/v1/billing/clients',
    );
    expect(assigned.json.data.find((c) => c.client_id === clientId)?.plan_id).not.toBeNull();

    // the client's owner adds its one website and a welcome drip sent at once to each new subscriber
    const client = await b.newPage();
    const { page } = client;
    await login(page, owner);
    await waitForPath(page, '/dashboard');
    const site = await apiCall<{ data: { id: number; website_id: string; vapid_public_key: string } }>(
      page,
      'POST',
      '/api/v1/domains',
      { url: `https://billing-${stamp}.e2e.test` },
    );
    expect(site.status).toBe(201);
    const { id: domainId, website_id: websiteId, vapid_public_key: vapid } = site.json.data;
    // the plan's one website is taken: a second one is refused with the plan's message
    const second = await apiCall<{ errors: { url: string[] } }>(page, 'POST', '/api/v1/domains', {
      url: `https://billing-${stamp}-2.e2e.test`,
    });
    expect(second.status).toBe(422);
    expect(second.json.errors.url[0]).toContain('Your plan allows 1 websites');
    const welcome = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/api/v1/drips/welcome/createOrUpdate', [
      {
        domain_id: domainId,
        title: `Welcome ${stamp}`,
        body: 'Thanks for subscribing',
        url: `https://billing-${stamp}.e2e.test/`,
        schedule: { after_days: 0, after_hours: 0, after_mins: 0 },
      },
    ]);
    expect(welcome.status, JSON.stringify(welcome.json)).toBeLessThan(300);
    const dripId = welcome.json.data[0]!.id;
    const subscribe = async (n: number) => {
      const sub = await pushSubscription(b.baseUrl(), vapid);
      const res = await page.request.post('/api/public/v1/subscribe', {
        data: {
          website_id: websiteId,
          subscription: sub,
          device: 'desktop',
          browser: 'Chrome',
          os: 'Linux',
          language: 'en-US',
          timezone: 'UTC',
          subscription_url: `https://billing-${stamp}.e2e.test/?visitor=${n}`,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    const sent = async () => {
      const { json } = await apiCall<{ data: { sended: number }[] }>(
        page,
        'GET',
        `/api/v1/drips/welcome/get?where[id]=${dripId}&select=id,sended`,
      );
      return json.data[0]?.sended ?? 0;
    };

    // the first subscriber's welcome is sent (1 of 1); the second's is over the cap: kept in the ledger, not sent
    await subscribe(1);
    await expect.poll(async () => (await usage(page)).sends.used, { timeout: 60_000, interval: 1000 }).toBe(1);
    await expect.poll(sent, { timeout: 30_000, interval: 1000 }).toBe(1);
    await subscribe(2);
    await expect.poll(async () => (await usage(page)).over_quota.sends, { timeout: 60_000, interval: 1000 }).toBe(1);
    expect((await usage(page)).sends).toMatchObject({ used: 1, limit: 1, level: 'reached' });

    // every screen shows the banner, and the plan's switched-off Data Explorer is neither offered nor opened
    await page.goto('/dashboard');
    await waitForScreen(page, '/dashboard');
    await banner(page).waitFor();
    expect(await banner(page).textContent()).toContain('Plan limit reached');
    expect(await banner(page).textContent()).toContain('monthly sends 1 of 1');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Analytics' }).click();
    await nav.getByRole('link', { name: 'Global Overview' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Data Explorer' }).count()).toBe(0);
    await page.goto('/data-explorer');
    await waitForScreen(page, '/data-explorer');
    await page.getByRole('heading', { name: 'Not in your plan', level: 1 }).waitFor();
    await page.getByText('Your plan does not include Data Explorer. Ask for an upgrade on the Upgrade page.').waitFor();
    expect(await page.getByRole('heading', { name: 'Data Explorer', level: 1 }).count()).toBe(0);

    // the Billing figures
    await page.goto('/billing');
    await waitForScreen(page, '/billing');
    await page.getByText(tiny, { exact: true }).waitFor();
    expect(await page.getByLabel('Monthly sends used').textContent()).toBe('1 of 1');
    expect(await page.getByLabel('Websites used').textContent()).toBe('1 of 1');
    await page.getByText('Over the limit this month: 1 sends not sent, 0 subscriptions refused.').waitFor();

    // the owner asks for the bigger plan on Upgrade
    await page.goto('/upgrade');
    await waitForScreen(page, '/upgrade');
    const growCard = page.getByLabel(`Plan ${grow}`);
    await growCard.getByRole('button', { name: `Ask for ${grow}` }).click();
    await page.getByText(`Your request for ${grow} is waiting for an administrator.`).waitFor();

    // the admin approves it on Upgrade
    await admin.page.goto('/upgrade');
    await waitForScreen(admin.page, '/upgrade');
    const pending = admin.page.getByRole('table', { name: 'Pending plan requests' });
    const row = pending.getByRole('row').filter({ hasText: clientName });
    await row.getByText(`${tiny} → ${grow}`).waitFor();
    const decided = admin.page.waitForResponse((r) => r.url().includes('/decision'));
    await row.getByRole('button', { name: 'Approve' }).click();
    expect((await decided).status()).toBe(200);
    await row.waitFor({ state: 'detached' });

    // the client's sends resume: the next subscriber's welcome is really sent through the local push service
    expect((await usage(page)).plan?.name).toBe(grow);
    await subscribe(3);
    await expect.poll(sent, { timeout: 60_000, interval: 1000 }).toBe(2);
    const after = await usage(page);
    expect(after.sends).toMatchObject({ used: 2, limit: 100, level: 'ok' });
    expect(after.over_quota.sends).toBe(1);
    await page.goto('/billing');
    await waitForScreen(page, '/billing');
    await page.getByText(grow, { exact: true }).waitFor();
    expect(await page.getByLabel('Monthly sends used').textContent()).toBe('2 of 100');
    // below 80 % everywhere: no banner any more (the layout has read the usage)
    const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/billing/usage');
    await page.goto('/dashboard');
    expect((await read).status()).toBe(200);
    await waitForScreen(page, '/dashboard');
    expect(await banner(page).count()).toBe(0);

    await client.context.close();
    await admin.context.close();
  });

  it('shows an admin with no client every client’s usage on Billing and the plans on Upgrade, never a 422', {
    timeout: 120_000,
  }, async () => {
    const { page, context } = await b.newPage();
    const failed: string[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/') && r.status() >= 400) failed.push(`${r.status()} ${url.pathname}`);
    });
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');

    // Billing with no client picked: the usage of every client, the demo clients among them
    const overview = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/billing/overview');
    await page.goto('/billing');
    await waitForScreen(page, '/billing');
    expect((await overview).status()).toBe(200);
    const table = page.getByRole('table', { name: 'Usage by client' });
    const acme = table.getByRole('row').filter({ hasText: 'Acme Shop' });
    await acme.waitFor();
    await page.getByLabel('Usage totals').waitFor();
    await page.getByPlaceholder('Search by name or client UID').fill('Globex');
    await waitForPath(page, /\/billing\?search=Globex/);
    await table.getByRole('row').filter({ hasText: 'Globex News' }).waitFor();
    await acme.waitFor({ state: 'detached' });
    expect(await page.getByText('Usage could not be loaded').count()).toBe(0);

    // a client's name opens its Billing; All clients comes back to the table
    const usageRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/billing/usage');
    await table.getByRole('button', { name: 'Globex News' }).click();
    expect((await usageRead).status()).toBe(200);
    await page.getByLabel('Monthly sends used').waitFor();
    await page.getByRole('button', { name: 'All clients' }).click();
    await table.waitFor();

    // Upgrade with no client picked: the plans and a prompt to pick the client, no error
    await page.goto('/upgrade');
    await waitForScreen(page, '/upgrade');
    await page.getByText('Pick the client whose plan to change:').waitFor();
    await page.getByRole('heading', { name: 'Requests waiting for an answer' }).waitFor();
    expect(failed).toEqual([]);
    await context.close();
  });
});
