import type { UserInfo } from '@pushdeck/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { fetchUserInfo } from './auth-api';
import { authQueryKey, rememberUser } from './session';

/** How long a session check stays fresh; route entries older than this ask the server again. */
export const AUTH_CHECK_STALE_MS = 30_000;

export const authInfoQuery = queryOptions<UserInfo>({
  queryKey: authQueryKey,
  queryFn: async ({ signal }) => {
    const user = await fetchUserInfo(signal);
    rememberUser(user);
    return user;
  },
  staleTime: AUTH_CHECK_STALE_MS,
  retry: false,
});

/** The session check a route entry awaits: cached while fresh, else GET /auth/user/info. */
export function checkSession(queryClient: QueryClient): Promise<UserInfo> {
  return queryClient.fetchQuery(authInfoQuery);
}
