import { MANAGEMENT_MSG } from '@pushdeck/contracts';
import { isApiRequestError } from '@/lib/api';

/** Texts of Clients Management (spec part 2 §5, §8; issue #13). */
export const CLIENT_TEXTS = {
  clientCreated: MANAGEMENT_MSG.clientCreated,
  clientCreateFailed: 'Fail to create the client!',
  userCreated: 'User has been successfully created!',
  userCreateFailed: 'Fail to create the user!',
  userUpdateFailed: 'Fail to update the user!',
  clientRenamed: (name: string) => `The client is now called ${name}.`,
  clientUpdateFailed: 'Fail to update the client!',
  fillRequired: MANAGEMENT_MSG.fillRequired,
} as const;

/** 'Request failed with status {code}' (spec part 2 §8: a non-200 create or update). */
export const requestFailed = (status: number) => `Request failed with status ${status}`;

/**
 * The spec's failure text, followed by the server's reason when it gave one written for the user (a 4xx); a 5xx or
 * network failure shows the spec's text alone.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!isApiRequestError(error)) return fallback;
  return error.status >= 400 && error.status < 500 && error.message ? `${fallback} ${error.message}` : fallback;
}

/** Whether any of the required fields is left empty (blank text counts as empty): 'Fill the required fields!'. */
export function anyEmpty<T extends Record<string, unknown>>(values: T, required: readonly (keyof T)[]): boolean {
  return required.some((field) => {
    const value = values[field];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
}
