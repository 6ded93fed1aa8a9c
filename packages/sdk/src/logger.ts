/** Console output of the SDK, always prefixed so site owners can filter it. */
export interface Logger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface ConsoleLike {
  warn?(...args: unknown[]): void;
  error?(...args: unknown[]): void;
}

export const LOG_PREFIX = '[pushmine]';

export function createLogger(target: ConsoleLike | undefined): Logger {
  return {
    warn: (...args) => target?.warn?.(LOG_PREFIX, ...args),
    error: (...args) => target?.error?.(LOG_PREFIX, ...args),
  };
}

export const silentLogger: Logger = { warn: () => undefined, error: () => undefined };
