/** Statuses that mean the session is gone (401) or its CSRF token no longer matches (419). */
export const SESSION_EXPIRED_STATUSES: ReadonlySet<number> = new Set([401, 419]);

type SessionExpiredHandler = (status: number) => void;

let handler: SessionExpiredHandler | null = null;

/**
 * Installs the app-wide reaction to an expired session (remove the auth flag, clear the query cache,
 * open Login with a redirect back). Returns a function that uninstalls it.
 */
export function setSessionExpiredHandler(next: SessionExpiredHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function notifySessionExpired(status: number): void {
  handler?.(status);
}
