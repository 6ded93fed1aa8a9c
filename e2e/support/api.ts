import type { Page } from 'playwright-core';

/**
 * A call of the API from the signed-in page (cookies, and the CSRF header on writes; the CSRF cookie is fetched first
 * when the page has none yet). Without a body no Content-Type is sent (an empty JSON body is a 400).
 */
export async function apiCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      if (!/(?:^|; )XSRF-TOKEN=/.test(document.cookie)) await fetch('/api/csrf-cookie', { credentials: 'include' });
      const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          Accept: 'application/json',
          'X-XSRF-TOKEN': token,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}
