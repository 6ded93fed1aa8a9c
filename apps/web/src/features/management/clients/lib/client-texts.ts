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

/** Texts of Delete client (issue #25). */
export const DELETE_TEXTS = {
  title: 'Delete client',
  button: 'Delete client',
  intro: 'This deletes, for good, the client',
  noUndo: 'This cannot be undone. Its users are signed out at once.',
  typeName: (name: string) => `Type ${name} to confirm`,
  loading: 'Counting what the client owns…',
  impactFailed: 'What the client owns could not be counted.',
  deleting: (name: string) => `Deleting ${name}…`,
  queued: 'Waiting for the job worker…',
  goesOn: 'You can close this window: the deletion goes on, and this button shows its progress again.',
  progressLabel: 'Deletion progress',
  progressFailed: 'The progress could not be loaded.',
  failed: 'The client could not be deleted.',
  deleted: (name: string) => `Client ${name} has been deleted.`,
  action: (name: string) => `Delete client ${name}`,
  badge: 'Deleting…',
} as const;
