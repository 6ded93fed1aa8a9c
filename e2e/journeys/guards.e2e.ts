import { MSG } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath, waitForScreen } from '../support/nav.ts';

describe('route guards', () => {
  const b = useBrowser();

  it('sends a guest from an auth-only route to Login with the redirect query', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/dashboard/1/triggers?page=2');
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/dashboard/1/triggers?page=2')}`);
    await context.close();
  });

  it('sends a signed-in user away from guest-only pages to the dashboard', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto('/register');
    await waitForPath(page, '/dashboard');
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('opens /management at the first Dev Settings screen the user may open, and refuses it to others', async () => {
    const admin = await b.newPage();
    await login(admin.page, ACCOUNTS.admin);
    await waitForPath(admin.page, '/dashboard');
    await admin.page.goto('/management');
    await waitForScreen(admin.page, '/management/clients');
    expect(await admin.page.getByText('Page Not Found').count()).toBe(0);
    await admin.context.close();

    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto('/management');
    await waitForPath(page, '/dashboard');
    await page.getByText(MSG.guardNoAccess('Dev Settings')).waitFor();
    await context.close();
  });

  it('sends a user without the permission to the dashboard, saying so, and lets the holder in', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto('/management/clients');
    await waitForPath(page, '/dashboard');
    await page.getByText(MSG.guardNoAccess('Clients')).waitFor();
    await page.goto('/files'); // menu.files: the client holds it
    await waitForScreen(page, '/files');
    await context.close();

    const viewer = await b.newPage();
    await login(viewer.page, ACCOUNTS.viewer);
    await waitForPath(viewer.page, '/dashboard');
    await viewer.page.goto('/tags-manager');
    await waitForPath(viewer.page, '/dashboard');
    await viewer.page.getByText(MSG.guardNoAccess('Tags Manager')).waitFor();
    await viewer.context.close();
  });

  it("tells a moderator why a website's Welcome Drips sent them back", async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.moder);
    await waitForPath(page, '/moderation-dashboard');
    await page.goto('/dashboard/1/welcome');
    await waitForPath(page, '/moderation-dashboard');
    await page.getByText(MSG.guardNoAccess('Welcome Drips')).waitFor();
    await context.close();
  });

  it('says why a signed-in user is sent away from Login, and a guest to Login', async () => {
    const guest = await b.newPage();
    await guest.page.goto('/files');
    await waitForPath(guest.page, `/login?redirect=${encodeURIComponent('/files')}`);
    await guest.page.getByText(MSG.guardSignIn).waitFor();
    await guest.context.close();

    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await page.getByText(MSG.guardSignedIn).waitFor();
    await page.goto('/moderation-dashboard');
    await waitForPath(page, '/dashboard');
    await page.getByText(MSG.guardModerationOnly).waitFor();
    await context.close();
  });

  it('lets menu.admin.panel pass every permission route', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');
    for (const path of ['/management/clients', '/tags-manager', '/drip-tools/copy_2', '/users-management']) {
      await page.goto(path);
      await waitForScreen(page, path);
    }
    await context.close();
  });

  it('sends a moderator from /dashboard to /moderation-dashboard, and others the other way', async () => {
    const moder = await b.newPage();
    await login(moder.page, ACCOUNTS.moder);
    await waitForPath(moder.page, '/moderation-dashboard');
    await moder.page.goto('/dashboard');
    await waitForPath(moder.page, '/moderation-dashboard');
    await moder.context.close();

    const client = await b.newPage();
    await login(client.page, ACCOUNTS.client);
    await waitForPath(client.page, '/dashboard');
    await client.page.goto('/moderation-dashboard');
    await waitForPath(client.page, '/dashboard');
    await client.context.close();
  });

  it('logs out and opens Login when the auth check answers 401', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/');
    // a stale auth flag without a server session
    await page.evaluate(() => localStorage.setItem('pushdeck.auth', '1'));
    await page.goto('/dashboard');
    await waitForPath(page, '/login?redirect=%2Fdashboard');
    expect(await page.evaluate(() => localStorage.getItem('pushdeck.auth'))).toBeNull();
    await context.close();
  });

  it('logs out and opens Login when the auth check answers 500', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.route('**/api/auth/user/info', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }),
    );
    await page.goto('/profile');
    await waitForPath(page, '/login?redirect=%2Fprofile');
    await context.close();
  });

  it('shows the real Page Not Found for unknown paths', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).count()).toBe(1);
    await context.close();
  });
});
