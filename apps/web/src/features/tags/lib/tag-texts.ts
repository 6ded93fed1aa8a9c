import type { TagType } from '@pushdeck/contracts';
import { isApiRequestError } from '@/lib/api';

/** The four cards of the Tags Manager, in order (vertical = adult). */
export const TAG_CARDS: ReadonlyArray<{ type: TagType; title: string; label: string }> = [
  { type: 'geo', title: 'GEO Tags', label: 'GEO' },
  { type: 'adult', title: 'Vertical tags', label: 'Vertical' },
  { type: 'category', title: 'Category tags', label: 'Category' },
  { type: 'server', title: 'Server tags', label: 'Server' },
];

/** Spec part 1 §8, tag delete dialog. */
export const TAG_DELETE = {
  text: 'You will delete this tag.',
  confirmLabel: 'Yes, delete it!',
  deletedTitle: 'Deleted!',
  deletedText: 'Tag has been deleted!',
  cancelledTitle: 'Cancelled!',
  cancelledText: 'Tag is in the safe :)',
} as const;

/** How long the tags module shows a server error (spec part 1 §8). */
export const TAG_ERROR_MS = 3000;
/** The create/update popup closes this long after a success. */
export const TAG_SAVED_CLOSE_MS = 2000;

/** The module error text of a failed tag call: the first name error (a 404 reads it), the message, else 'Error'. */
export function tagErrorText(error: unknown): string {
  if (!isApiRequestError(error)) return 'Error';
  return error.fieldError('name') || error.message || 'Error';
}
