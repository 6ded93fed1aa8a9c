/** Errors a service or route throws; the errors plugin turns them into the API's error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 422 with per-field messages; `message` is the first field message, as Laravel answers. */
export class ValidationError extends HttpError {
  constructor(errors: Record<string, string[]>, message?: string) {
    super(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
    this.name = 'ValidationError';
  }
}

export const notFound = (what = 'Not found.') => new HttpError(404, what);
export const forbidden = (what = 'This action is unauthorized.') => new HttpError(403, what);
