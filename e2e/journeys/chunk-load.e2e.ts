import { describe, expect, it } from 'vitest';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath, waitForScreen } from '../support/nav.ts';

describe('a screen whose code fails to load (a deploy while the console is open)', () => {
  const b = useBrowser();

  it('reloads the page once, then says what happened and offers Reload, which brings the screen back', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // the Files screen's chunk is gone from the server (the build the page came from was replaced)
    const chunk = /\/assets\/files-page-[\w-]+\.js$/;
    let asked = 0;
    await page.route(chunk, (route) => {
      asked += 1;
      return route.abort('failed');
    });
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Files' }).click();
    // the page reloaded itself once (at /files), the chunk failed again: the message, not a second reload
    await page.getByRole('heading', { name: 'Pushdeck has been updated' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/files');
    expect(loads).toBe(1);
    expect(asked).toBe(2);
    await expect.poll(() => page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);

    // the new build is there now: Reload brings the screen
    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Reload' }).click();
    await waitForScreen(page, '/files');
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    expect(loads).toBe(2);
    await context.close();
  });
});
