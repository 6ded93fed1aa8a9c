import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/api';
import { endSession, loginPath } from '@/lib/auth';
import { createAppRoutes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient): AppRouter {
  return createBrowserRouter(createAppRoutes(queryClient));
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
