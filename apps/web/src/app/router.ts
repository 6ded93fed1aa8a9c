import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/api';
import { endSession, loginPath } from '@/lib/auth';
import { pageTitle } from './route-labels';
import type { RouteMeta } from './route-table';
import { createAppRoutes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(createAppRoutes(queryClient));
  syncDocumentTitle(router);
  return router;
}

/**
 * Names the browser tab after the screen on view ('Files · Pushdeck'): set whenever a navigation has settled, from
 * the deepest matched route of the route table. Returns the uninstaller.
 */
export function syncDocumentTitle(router: AppRouter, doc: Document = document): () => void {
  const update = ({ navigation, matches }: AppRouter['state']) => {
    const route = (matches.at(-1)?.route.handle as { route?: RouteMeta } | undefined)?.route;
    if (navigation.state === 'idle' && route) doc.title = pageTitle(route.name);
  };
  update(router.state);
  return router.subscribe(update);
}

/** The attribute on <html> present while a route is not ready (see `markRouteBusy`). */
export const ROUTE_BUSY_ATTRIBUTE = 'data-route-busy';

/**
 * Marks <html> with `data-route-busy` while the router is not idle: the first load (guards and the screen's chunk),
 * then every navigation until its guard has answered and its screen's code has loaded. The router tells its
 * subscribers synchronously, so the mark is set as soon as a navigation starts (before React renders anything); the
 * screens' own pending fallbacks mark themselves (`data-pending`). Returns the uninstaller.
 */
export function markRouteBusy(router: AppRouter, root: HTMLElement = document.documentElement): () => void {
  const update = (state: AppRouter['state']) =>
    root.toggleAttribute(ROUTE_BUSY_ATTRIBUTE, !state.initialized || state.navigation.state !== 'idle');
  update(router.state);
  return router.subscribe(update);
}

/**
 * The global reaction to a 401/419 from any call (spec part 1 §8): remove the auth flag, clear the query cache and
 * open /login?redirect=<where the user was>. Returns the uninstaller.
 */
export function installSessionExpiry(queryClient: QueryClient, router: AppRouter): () => void {
  return setSessionExpiredHandler(() => {
    const { pathname, search } = router.state.location;
    endSession(queryClient);
    if (pathname === '/login') return;
    void router.navigate(loginPath(`${pathname}${search}`), { replace: true });
  });
}
