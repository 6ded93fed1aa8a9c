import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiRequestError } from '@/lib/api';

/**
 * Puts a 422's per-field messages under the matching form fields. Returns true when at least one field got a
 * message, so the caller knows whether the general message still needs showing.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
): boolean {
  if (!isApiRequestError(error) || error.status !== 422) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
