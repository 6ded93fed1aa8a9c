import { MSG } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath, waitForScreen } from '../support/nav.ts';

/** The server API's "who am I", called as a site's back end would: node's fetch, the key as a bearer token. */
async function whoami(baseUrl: string, key: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL('/api/server/v1/key', baseUrl), {
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('API keys (issue #27): a client creates a key in the console, uses it from its back end, revokes it', () => {
  const b = useBrowser();

  it('creates a send key for all websites, copies it once, calls the server API with it, revokes it: 401', async () => {
    const { page, context } = await b.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl() });
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');

    // the sidebar's API Keys
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'API Keys' }).click();
    await waitForScreen(page, '/api-keys');
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('API Keys · Pushdeck');

    // Create key: a name, the scope send, every website
    const name = `Order mails ${Date.now()}`;
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
    await dialog.getByRole('checkbox', { name: /Send notifications/ }).check();
    expect(await dialog.getByRole('radio', { name: /All websites/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    // shown once: a read-only field, Copy, the warning and a curl example
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const field = shown.getByRole('textbox', { name: `API key “${name}”` });
    await field.waitFor();
    const key = await field.inputValue();
    expect(key).toMatch(/^pdk_[A-Za-z0-9_-]{43}$/);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    await shown.getByText(/it will not be shown again/).waitFor();
    await shown.getByText(`curl -H "Authorization: Bearer ${key}" ${b.baseUrl()}/api/server/v1/key`).waitFor();
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // the list holds the key by its prefix, never the key itself
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await row.waitFor();
    expect(await row.getByText(`${key.slice(0, 12)}…`).count()).toBe(1);
    expect(await row.getByText('All websites').count()).toBe(1);
    expect(await row.getByText('Active').count()).toBe(1);
    expect(await page.getByText(key).count()).toBe(0);

    // the site's back end calls the server API with it
    const before = await whoami(b.baseUrl(), key);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ data: { name, scopes: ['send'], website_ids: null } });

    // the console shows its use once asked again
    await page.reload();
    await row.waitFor();
    await expect.poll(() => row.getByText(/^from /).count()).toBe(1);

    // Revoke: 'Are you sure?' naming the key, then the row turns Revoked
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText(`The key “${name}”`, { exact: false }).waitFor();
    await confirm.getByText(/its next call will be refused/).waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(`The key “${name}” is revoked.`).waitFor();
    await expect.poll(() => row.getByText('Revoked', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('button', { name: `Revoke ${name}` }).count()).toBe(0);

    // the same call now: 401, one message
    const after = await whoami(b.baseUrl(), key);
    expect(after).toEqual({ status: 401, body: { message: 'Invalid API key.' } });
    await context.close();
  });

  it('is not offered to a user of the client, and refused by the route guard', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'API Keys' }).count()).toBe(0);
    await page.goto('/api-keys');
    await waitForPath(page, '/dashboard');
    await page.getByText(MSG.guardNoAccess('API Keys')).waitFor();
    await context.close();
  });
});
