import { CSRF_COOKIE } from '@pushdeck/contracts';
import { readCookie } from './cookies';

export const CSRF_COOKIE_PATH = '/api/csrf-cookie';

let pending: Promise<void> | null = null;

/** Asks the server for a fresh XSRF-TOKEN cookie (GET /api/csrf-cookie → 204); concurrent callers share one call. */
export function refreshCsrfCookie(): Promise<void> {
  pending ??= fetch(CSRF_COOKIE_PATH, {
    method: 'GET',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The current token, read from the cookie at request time; fetches the cookie first when it is missing. */
export async function csrfToken(): Promise<string | null> {
  const current = readCookie(CSRF_COOKIE);
  if (current) return current;
  await refreshCsrfCookie();
  return readCookie(CSRF_COOKIE);
}
