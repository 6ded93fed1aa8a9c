import { MSG } from '@pushdeck/contracts';
import { isApiRequestError } from '@/lib/api';

/** The text shown for a failed auth call that has no per-field messages. */
export function failureText(error: unknown, fallback: string = MSG.error): string {
  if (!isApiRequestError(error)) return fallback;
  if (error.status === 429) {
    return error.message || MSG.tooManyAttempts.replace(':seconds', String(error.retryAfter ?? 60));
  }
  // A 4xx message is written for the user; a 5xx or network message is not.
  return error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}
