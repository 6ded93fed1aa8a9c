import type { ApiKey, ApiScope } from '@pushdeck/contracts';
import dayjs from 'dayjs';

/** What each scope lets a key do, under its checkbox in Create key. */
export const SCOPE_HINTS: Record<ApiScope, string> = {
  send: 'Send notifications from your back end (to a subscriber, an audience or a whole website) and read how they went.',
  stats: 'Read the statistics of the websites the key may reach.',
  subscribers: 'Look up, change and remove subscribers of those websites.',
};

export const API_KEY_TEXTS = {
  title: 'API Keys',
  emptyTitle: 'No API keys yet.',
  emptyHint:
    'Create a key for each back end that should send notifications or read statistics through the server API. ' +
    'The key is shown once, when it is created.',
  loadFailed: 'The API keys could not be loaded.',
  createFailed: 'The key could not be created.',
  pickWebsites: 'Pick at least one website, or choose All websites.',
  pickClientFirst: 'Pick the client whose key this is first: keys belong to a client.',
  staffPrompt: 'Every client’s keys, or one client’s:',
  allWebsites: 'All websites',
  never: 'Never',
  active: 'Active',
  revoked: 'Revoked',
  onceWarning: 'Copy the key now: it will not be shown again. Pushdeck keeps only a fingerprint of it.',
  revokeConfirm: 'Revoke',
  revokedToast: (name: string) => `The key “${name}” is revoked.`,
  revokeFailed: 'The key could not be revoked.',
  revokeText: (key: Pick<ApiKey, 'name' | 'prefix'>) =>
    `The key “${key.name}” (${key.prefix}…) will be revoked: its next call will be refused with 401. ` +
    'This cannot be undone.',
} as const;

/** A moment as the table shows it: '2026-11-28 14:05' in the browser's zone, '' for none. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.format('YYYY-MM-DD HH:mm') : '';
}

/** The prefix as lists show it: the first characters, then an ellipsis for the rest that is never shown again. */
export function shownPrefix(prefix: string): string {
  return `${prefix}…`;
}

/** The first call to try with a new key (the server API's "who am I"). */
export function curlExample(key: string, origin: string): string {
  return `curl -H "Authorization: Bearer ${key}" ${origin}/api/server/v1/key`;
}
