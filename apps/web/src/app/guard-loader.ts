import type { UserInfo } from '@pushdeck/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { showGuardNotice } from '@/components/feedback/notify';
import { errorStatus } from '@/lib/api';
import { checkSession, endSession, hasAuthFlag, hasModeratorFlag } from '@/lib/auth';
import { featureOff, planUsageQuery } from '@/lib/plan/plan-usage';
import { decideRoute, SESSION_CHECK_FAILURES } from './guards';
import { featureOfRoute, PLAN_REFUSAL_PATH, planRefusalNotice } from './plan-features';
import type { RouteMeta } from './route-table';

/**
 * A plan feature's route for a client's user whose plan switches the feature off (issue #18): the path to send them
 * to, with its notice. Reads the client's usage (cached a minute); when it cannot be read the route opens (the server
 * still answers 403 on the feature's calls).
 */
async function planRefusal(queryClient: QueryClient, route: RouteMeta, user: UserInfo | undefined) {
  const feature = featureOfRoute(route.name);
  if (!feature || !user || user.client_id === null) return undefined;
  const usage = await queryClient.fetchQuery(planUsageQuery(user.client_id)).catch(() => undefined);
  return featureOff(usage, feature) ? { redirect: PLAN_REFUSAL_PATH, notice: planRefusalNotice(feature) } : undefined;
}

/**
 * The guard run on entry to `route`: with the auth flag set it awaits the session check (GET /auth/user/info,
 * cached for AUTH_CHECK_STALE_MS), then applies decideRoute, then the plan's features (planRefusal). Other failures of the check reach the error page.
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
    const refusal = await planRefusal(queryClient, route, user);
    if (refusal) {
      showGuardNotice(refusal.notice);
      return redirect(refusal.redirect);
    }
    return null;
  };
}
