import type { UserInfo } from '@pushdeck/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { showGuardNotice } from '@/components/feedback/notify';
import { errorStatus } from '@/lib/api';
import { checkSession, endSession, hasAuthFlag, hasModeratorFlag } from '@/lib/auth';
import { decideRoute, SESSION_CHECK_FAILURES } from './guards';
import type { RouteMeta, RouteName } from './route-table';
import { prefetchScreen } from './screens';

/**
 * The guard run on entry to `route`: with the auth flag set it awaits the session check (GET /auth/user/info,
 * cached for AUTH_CHECK_STALE_MS), then applies decideRoute. Other failures of the check reach the error page.
 */
export function guardLoader(queryClient: QueryClient, route: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    const authFlag = hasAuthFlag();
    let user: UserInfo | undefined;
    let authError: number | undefined;
    if (authFlag && route.access !== 'guest') {
      try {
        user = await checkSession(queryClient);
      } catch (error) {
        const status = errorStatus(error);
        if (status === undefined || !SESSION_CHECK_FAILURES.has(status)) throw error;
        authError = status;
      }
    }
    const decision = decideRoute({ path, route, authFlag, user, moderatorFlag: hasModeratorFlag(), authError });
    if (decision.logout) endSession(queryClient);
    if (decision.notice) showGuardNotice(decision.notice);
    if (decision.redirect) return redirect(decision.redirect);
    if (user) prefetchScreen(route.name as RouteName, queryClient);
    return null;
  };
}
