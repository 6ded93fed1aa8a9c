import type { Logger } from 'pino';

/**
 * Runs one start-up step; while it has not finished, logs every `everyMs` what start-up is waiting for and for how
 * long, so a start that cannot finish says why instead of hanging silently.
 */
export async function startupStep<T>(
  log: Pick<Logger, 'warn'>,
  what: string,
  fn: () => Promise<T>,
  everyMs = 10_000,
): Promise<T> {
  const started = Date.now();
  const timer = setInterval(() => {
    const waitedSeconds = Math.round((Date.now() - started) / 1000);
    log.warn({ step: what, waitedSeconds }, `start-up is still waiting for: ${what}`);
  }, everyMs);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}
