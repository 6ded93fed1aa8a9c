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

/**
 * Sessions are counted: a call that replaces the session (a staff member entering a user's account, the way back)
 * starts a new one. A 401 or 419 answering a request sent before or during that call belongs to the session it
 * replaced (the server deleted it) and signs nobody out; the screens that sent it are dropped with it.
 */
let sessionEpoch = 0;
let replacing = 0;

/** The session a request about to be sent belongs to. */
export function currentSessionEpoch(): number {
  return sessionEpoch;
}

/** Whether a request sent in `epoch` still speaks for the session in force (no replacement started since). */
export function isCurrentSession(epoch: number): boolean {
  return replacing === 0 && epoch === sessionEpoch;
}

/** Runs a call that replaces the session (see above). */
export async function replacingSession<T>(call: () => Promise<T>): Promise<T> {
  sessionEpoch += 1;
  replacing += 1;
  try {
    return await call();
  } finally {
    replacing -= 1;
    sessionEpoch += 1;
  }
}
