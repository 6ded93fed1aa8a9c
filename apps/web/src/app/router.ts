import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/api';
import { endSession, loginPath } from '@/lib/auth';
import { pageTitle } from './route-labels';
import { locationId, onRouteShown, shownLocation } from './route-shown';
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
 * Marks <html> with `data-route-busy` while the route is not ready: the first load (guards and the screen's chunk),
 * then every navigation until its guard has answered, its screen's code has loaded and that screen has been rendered
 * (React renders it after the router is idle, in a transition: until then the previous screen is on view under the
 * new URL; `route-shown.tsx`). The router tells its subscribers synchronously, so the mark is set as soon as a
 * navigation starts (before React renders anything); the screens' own pending fallbacks mark themselves
 * (`data-pending`). Returns the uninstaller.
 */
export function markRouteBusy(router: AppRouter, root: HTMLElement = document.documentElement): () => void {
  const update = () => {
    const { initialized, navigation, location } = router.state;
    root.toggleAttribute(
      ROUTE_BUSY_ATTRIBUTE,
      !initialized || navigation.state !== 'idle' || shownLocation() !== locationId(location),
    );
  };
  update();
  const unsubscribe = router.subscribe(update);
  const unlisten = onRouteShown(update);
  return () => {
    unsubscribe();
    unlisten();
  };
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
