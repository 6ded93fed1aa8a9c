import type { UserInfo } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { authInfoQuery } from './auth-query';
import { useAuthFlag, useModeratorFlag } from './auth-storage';
import { isModerator, isStaffUser, type UserAccess, userAccess } from './user-access';

export interface AuthState extends UserAccess {
  /** The auth flag: the browser believes it is signed in. */
  isAuthenticated: boolean;
  user: UserInfo | undefined;
  isLoading: boolean;
  error: Error | null;
  /** First role moder with menu.clients.management. */
  isModerator: boolean;
  /** menu.admin.panel or menu.clients.management: sends the `client` header. */
  isStaff: boolean;
  /** The spec's moderator-to-user flag (see auth-storage.ts). */
  moderatorFlag: boolean;
}

/** The signed-in user from GET /auth/user/info (only asked while the auth flag is set). */
export function useAuth(): AuthState {
  const isAuthenticated = useAuthFlag();
  const moderatorFlag = useModeratorFlag();
  const query = useQuery({ ...authInfoQuery, enabled: isAuthenticated });
  const user = isAuthenticated ? query.data : undefined;
  const access = useMemo(() => userAccess(user), [user]);
  return {
    ...access,
    isAuthenticated,
    user,
    isLoading: isAuthenticated && query.isPending,
    error: query.error,
    isModerator: isModerator(access),
    isStaff: isStaffUser(access),
    moderatorFlag,
  };
}
