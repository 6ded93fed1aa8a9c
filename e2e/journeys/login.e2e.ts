import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

describe('login', () => {
  const b = useBrowser();

  it('signs in with Enter and lands on the dashboard', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pushdeck.auth'))).toBeTruthy();
    await context.close();
  });

  it('shows the server 422 messages under the fields', async () => {
    const { page, context } = await b.newPage();
    await login(page, { email: 'client@pushdeck.test', password: 'wrong-password' });
    await expect.poll(() => page.getByText('These credentials do not match our records.').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').press('Enter');
    await expect.poll(() => page.getByText('Invalid e-mail.').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('toggles password visibility', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/login');
    const field = page.getByLabel('Password');
    await field.fill('secret-value');
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Toggle visibility' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await context.close();
  });

  it('returns to the page asked for in the redirect query', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/profile');
    await waitForPath(page, '/login?redirect=%2Fprofile');
    await page.getByLabel('Email').fill(ACCOUNTS.client.email);
    await page.getByLabel('Password').fill(ACCOUNTS.client.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/profile');
    await expect.poll(() => page.getByText('client@pushdeck.test').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('logs out from My Account and then needs a login again', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.user);
    await waitForPath(page, '/dashboard');
    await page.getByRole('button', { name: /My Account/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, /^\/login/);
    expect(await page.evaluate(() => localStorage.getItem('pushdeck.auth'))).toBeNull();
    await page.goto('/profile');
    await waitForPath(page, '/login?redirect=%2Fprofile');
    await context.close();
  });

  it('returns to Login when the session ends mid-use', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.getByRole('button', { name: /My Account/ }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await waitForPath(page, '/change-password');
    // the server forgets the session (expiry, revocation): the next call answers 401
    await context.clearCookies({ name: 'pushdeck_session' });
    await page.getByLabel('Current password').fill('demo-password');
    await page.getByLabel(/^New password/).fill('another-password');
    await page.getByLabel('Confirm new password').fill('another-password');
    await page.getByRole('button', { name: /change password/i }).click();
    await waitForPath(page, '/login?redirect=%2Fchange-password');
    expect(await page.evaluate(() => localStorage.getItem('pushdeck.auth'))).toBeNull();
    await context.close();
  });
});
