import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { withChunkTimeout } from '@/lib/chunks/chunk-load';
import { guardLoader } from './guard-loader';
import { NotFoundRoute } from './layouts/not-found-route';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { RoutePending } from './pages/route-pending';
import { RouteShownMark, withRouteShown } from './route-shown';
import { ROUTES, type RouteName } from './route-table';
import { loadScreen } from './screens';

type TableRoute = (typeof ROUTES)[number];

function leaf(queryClient: QueryClient, route: TableRoute): RouteObject {
  return {
    id: route.name,
    path: route.path,
    loader: guardLoader(queryClient, route),
    // The screen's chunk loads alongside the guard, the first time the route opens.
    // (with the mark of the location it shows: the route is busy until it has rendered, router.ts markRouteBusy)
    // (a chunk that does not come within the spec's 120 s fails as a ChunkLoadError: pages/chunk-error.tsx)
    lazy: async () => ({
      Component: withRouteShown(await withChunkTimeout(() => loadScreen(route.name as RouteName))),
    }),
    handle: { route },
  };
}

/** The router's route objects, built from the one route table; every leaf runs the guard on entry. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const of = (layout: TableRoute['layout']) =>
    ROUTES.filter((route) => route.layout === layout).map((route) => leaf(queryClient, route));
  const notFound = ROUTES.filter((route) => route.layout === 'auto').map((route) => {
    // Page Not Found picks its own layout (NotFoundRoute): no lazy screen.
    const { lazy: _screen, ...rest } = leaf(queryClient, route);
    return {
      ...rest,
      element: (
        <>
          <RouteShownMark />
          <NotFoundRoute />
        </>
      ),
    };
  });

  return [
    {
      id: 'root',
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <RoutePending />,
      children: [
        { id: 'public-layout', element: <PublicLayout />, children: of('public') },
        // The signed-in shell (sidebar, top bar) loads with the first app route: /login never downloads it.
        {
          id: 'app-layout',
          lazy: async () => ({ Component: (await withChunkTimeout(() => import('./layouts/app-layout'))).AppLayout }),
          children: of('app'),
        },
        // The page alone, headed by the impersonation banner while staff act as a user (loads with its first page).
        {
          id: 'bare-layout',
          // (from the app layout's chunk: a chunk of its own would re-split what /login loads and grow it)
          lazy: async () => ({ Component: (await withChunkTimeout(() => import('./layouts/app-layout'))).BareLayout }),
          children: of('bare'),
        },
        ...notFound,
      ],
    },
  ];
}
