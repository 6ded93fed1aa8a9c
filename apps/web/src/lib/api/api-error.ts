/** Thrown by the api client for every non-2xx answer, a network failure (status 0) or a time-out (status 408). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** Seconds from the Retry-After header of a 429, when the server sent one. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string[]> = {},
    retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }

  /** The first message the server gave for `field`, if any. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** The status of an api failure, or undefined for anything else. */
export function errorStatus(error: unknown): number | undefined {
  return isApiRequestError(error) ? error.status : undefined;
}

/** The server's message for an api failure, or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiRequestError(error) && error.message ? error.message : fallback;
}
