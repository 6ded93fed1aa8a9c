import { hasAnyPermission, MSG, may, type UserInfo } from '@pushdeck/contracts';
import { HOME_AFTER_LOGIN, isModerator, loginPath, type UserAccess, userAccess } from '@/lib/auth';
import { routeLabel } from './route-labels';
import { type RouteMeta, type RouteName, routeMeta } from './route-table';

/** Statuses of a failed session check that log the user out (spec part 1 §6). */
export const SESSION_CHECK_FAILURES: ReadonlySet<number> = new Set([401, 419, 500]);

/**
 * The permission part of a route's guard: refused first roles are refused, and so is a user who may not make the
 * call an editor route exists for (its action); a route without permissions passes;
 * otherwise any listed permission or menu.admin.panel passes, and so does a first role the route lets in.
 */
export function canAccessRoute(route: RouteMeta, access: UserAccess): boolean {
  const role = access.firstRole;
  if (role && route.exceptRoles?.some((r) => r === role)) return false;
  if (route.action && !may(access.permissions, route.action)) return false;
  if (!route.permissions || route.permissions.length === 0) return true;
  if (role && route.orRoles?.some((r) => r === role)) return true;
  return hasAnyPermission(access.permissions, route.permissions);
}

export interface RouteDecisionInput {
  /** pathname + search of the URL being entered. */
  path: string;
  route: RouteMeta;
  /** The stored login flag. */
  authFlag: boolean;
  /** The session check's answer (undefined when not checked or failed). */
  user: UserInfo | null | undefined;
  /** The moderator-to-user flag (lib/auth/auth-storage.ts). */
  moderatorFlag: boolean;
  /** HTTP status of a failed session check. */
  authError?: number | undefined;
}

export interface RouteDecision {
  redirect?: string;
  /** Forget the local session (auth flag, moderator flag, query cache) before going on. */
  logout?: boolean;
  /** Why a refusing guard sent the user elsewhere, shown on arrival. */
  notice?: string;
}

/**
 * The route guard (spec part 1 §6), as a pure function. In order:
 * 1. a 401/419/500 from the session check logs out; on a route that needs auth it also opens Login with a redirect;
 * 2. guest-only routes (Login, Register) send a user with the auth flag to /dashboard;
 * 3. public routes pass;
 * 4. auth routes without the auth flag (or without a user) open /login?redirect=<path>;
 * 5. a moderator opening /dashboard goes to /moderation-dashboard;
 * 6. /moderation-dashboard without the moderator-to-user flag goes to /dashboard;
 * 7. a route with permissions passes with any of them or menu.admin.panel, else goes to /dashboard;
 * 8. a route that stands for its children (/management) goes to the first of them the user may open (rule 7, the
 *    sidebar's order), else to /dashboard as a refusal.
 * Every refusal carries a `notice` saying why, shown on arrival (a moderator's own dashboard is no refusal).
 */
export function decideRoute({
  path,
  route,
  authFlag,
  user,
  moderatorFlag,
  authError,
}: RouteDecisionInput): RouteDecision {
  if (authError !== undefined && SESSION_CHECK_FAILURES.has(authError)) {
    return route.access === 'auth'
      ? { logout: true, redirect: loginPath(path), notice: MSG.guardSessionEnded }
      : { logout: true };
  }
  if (route.access === 'guest') return authFlag ? { redirect: HOME_AFTER_LOGIN, notice: MSG.guardSignedIn } : {};
  if (route.access === 'public') return {};
  if (!authFlag) return { redirect: loginPath(path), notice: MSG.guardSignIn };
  if (!user) return { logout: true, redirect: loginPath(path), notice: MSG.guardSessionEnded };

  const access = userAccess(user);
  if (route.moderatorRedirect && isModerator(access)) return { redirect: route.moderatorRedirect };
  // The flag is, by definition, set for a signed-in moderator; reading both keeps rules 5 and 6 from looping.
  if (route.needsModeratorFlag && !(moderatorFlag || isModerator(access))) {
    return { redirect: HOME_AFTER_LOGIN, notice: MSG.guardModerationOnly };
  }
  const refusal = { redirect: HOME_AFTER_LOGIN, notice: MSG.guardNoAccess(routeLabel(route.name)) };
  if (!canAccessRoute(route, access)) return refusal;
  if (route.firstOf) {
    const first = route.firstOf.map((name) => routeMeta(name as RouteName)).find((r) => canAccessRoute(r, access));
    return first ? { redirect: first.path } : refusal;
  }
  return {};
}
