import type { UserInfo } from '@pushdeck/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { setSelectedClientUid, setStaffActor } from '@/lib/api';
import { clearAuthFlags, setAuthFlag, setModeratorFlag } from './auth-storage';
import { isModerator, isStaffUser, userAccess } from './user-access';

export const authQueryKey = ['auth', 'user-info'] as const;

/** Records what the app needs to remember about a signed-in user (called on login and on every info answer). */
export function rememberUser(user: UserInfo): void {
  const access = userAccess(user);
  setStaffActor(isStaffUser(access));
  if (isModerator(access)) setModeratorFlag();
}

/** A successful login or client registration: set the auth flag and seed the auth query. */
export function startSession(queryClient: QueryClient, user: UserInfo): void {
  rememberUser(user);
  setAuthFlag();
  queryClient.setQueryData(authQueryKey, user);
}

/**
 * Forgets the session locally: auth and moderator flags, staff state and every cached query.
 * `forgetClient` also drops the client a staff member picked (on an explicit logout).
 */
export function endSession(queryClient: QueryClient, { forgetClient = false } = {}): void {
  clearAuthFlags();
  setStaffActor(false);
  if (forgetClient) setSelectedClientUid(null);
  void queryClient.cancelQueries();
  queryClient.clear();
}
