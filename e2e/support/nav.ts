import type { Page } from 'playwright-core';

/** The accessible names of the top-level items of the sidebar, in order (links and group buttons). */
export async function sidebarItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  return nav.evaluate((el) =>
    Array.from(el.querySelectorAll('a[aria-label], button[aria-label]'))
      .map((n) => n.getAttribute('aria-label') ?? '')
      .filter((name) => name && !name.includes(',')),
  );
}

/**
 * Whether the console's route is ready: no navigation in flight (the router marks <html data-route-busy> from the
 * first load until a guard has answered and the screen's code has loaded) and no screen part still loading its code
 * (`data-pending`). A page being replaced (navigation in progress) counts as not ready.
 */
export function routeReady(page: Page): Promise<boolean> {
  return page
    .evaluate(
      () => document.readyState !== 'loading' && !document.querySelector('html[data-route-busy], [data-pending]'),
    )
    .catch(() => false);
}

/** Waits until the console's route is ready (`routeReady`). */
export async function waitForRouteReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.readyState !== 'loading' && !document.querySelector('html[data-route-busy], [data-pending]'),
    undefined,
    { polling: 50, timeout: 15_000 },
  );
}

export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) =>
    typeof path === 'string' ? url.pathname + url.search === path : path.test(url.pathname + url.search),
  );
}

/**
 * Waits until the screen at `path` is really shown: the URL is `path` and a page heading has rendered. Guards run
 * before a screen renders, so a URL that is still `path` once a heading shows was not redirected (a URL alone is
 * right as soon as navigation starts, before a guard could send the user elsewhere).
 */
export async function waitForScreen(page: Page, path: string): Promise<void> {
  await waitForPath(page, path);
  await waitForRouteReady(page);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const url = new URL(page.url());
  if (url.pathname + url.search !== path) throw new Error(`expected to stay on ${path}, was sent to ${url.pathname}`);
}

/** Opens the select or autocomplete labelled `combobox` (within `scope`) and clicks its option `option`. */
export async function pickOption(page: Page, combobox: string, option: string | RegExp, scope = page.locator('body')) {
  await scope
    .getByRole('textbox', { name: combobox })
    .or(scope.getByRole('combobox', { name: combobox }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).click();
}
