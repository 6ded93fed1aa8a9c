import { useSyncExternalStore } from 'react';

/** localStorage key of the auth flag: set after a successful login, removed on logout or a 401/419. */
export const AUTH_FLAG_KEY = 'pushdeck.auth';

/**
 * localStorage key of the spec's "moderator-to-user flag" (part 1 §6: "/moderation-dashboard without a
 * moderator-to-user flag goes to /dashboard"). We read that flag as: the person who signed in is a moderator,
 * i.e. their first role is `moder` and they hold `menu.clients.management`. It is set when such a user's
 * info arrives (login or session check) and kept while they log in as one of their clients' users
 * (impersonation answers with the client user's info, which must not clear it), so that returning to
 * moderation can open /moderation-dashboard. It is cleared on logout and when the session expires.
 */
export const MODERATOR_FLAG_KEY = 'pushdeck.moderator';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function hasAuthFlag(): boolean {
  return window.localStorage.getItem(AUTH_FLAG_KEY) === '1';
}

export function setAuthFlag(): void {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  emit();
}

export function hasModeratorFlag(): boolean {
  return window.localStorage.getItem(MODERATOR_FLAG_KEY) === '1';
}

export function setModeratorFlag(): void {
  window.localStorage.setItem(MODERATOR_FLAG_KEY, '1');
  emit();
}

/** Removes the auth flag and the moderator flag. */
export function clearAuthFlags(): void {
  window.localStorage.removeItem(AUTH_FLAG_KEY);
  window.localStorage.removeItem(MODERATOR_FLAG_KEY);
  emit();
}

/** The auth flag as React state (follows other tabs too). */
export function useAuthFlag(): boolean {
  return useSyncExternalStore(subscribe, hasAuthFlag, () => false);
}

export function useModeratorFlag(): boolean {
  return useSyncExternalStore(subscribe, hasModeratorFlag, () => false);
}
