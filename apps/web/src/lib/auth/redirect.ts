/** Where a signed-in user lands when nothing else is asked for. */
export const HOME_AFTER_LOGIN = '/dashboard';

/** The Login URL that brings the user back to `path` (pathname + search) afterwards. */
export function loginPath(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** The `redirect` query value if it is a path inside this app, else /dashboard (no open redirects). */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return HOME_AFTER_LOGIN;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/register')) return HOME_AFTER_LOGIN;
  return value;
}
