import { useSyncExternalStore } from 'react';

/** localStorage key holding the client_uid a staff member picked in a client picker. */
export const SELECTED_CLIENT_KEY = 'pushdeck.client';

const listeners = new Set<() => void>();
let staffActor = false;

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Whether the signed-in user is staff (menu.admin.panel or menu.clients.management). Only staff send the
 * `client` header; the auth layer sets this whenever it learns who is signed in.
 */
export function setStaffActor(value: boolean): void {
  staffActor = value;
}

export function isStaffActor(): boolean {
  return staffActor;
}

export function getSelectedClientUid(): string | null {
  return window.localStorage.getItem(SELECTED_CLIENT_KEY) || null;
}

export function setSelectedClientUid(uid: string | null): void {
  if (uid) window.localStorage.setItem(SELECTED_CLIENT_KEY, uid);
  else window.localStorage.removeItem(SELECTED_CLIENT_KEY);
  emit();
}

/** The `client` header value the api client adds: the picked client's uid, for staff only. */
export function actingClientUid(): string | null {
  return staffActor ? getSelectedClientUid() : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The picked client uid and its setter, for client pickers on staff screens. */
export function useSelectedClientUid(): [string | null, (uid: string | null) => void] {
  const uid = useSyncExternalStore(subscribe, getSelectedClientUid, () => null);
  return [uid, setSelectedClientUid];
}
