import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { guardLoader } from './guard-loader';
import { AppLayout } from './layouts/app-layout';
import { NotFoundRoute } from './layouts/not-found-route';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { RoutePending } from './pages/route-pending';
import { ROUTES, type RouteName } from './route-table';
import { screenFor } from './screens';

type TableRoute = (typeof ROUTES)[number];

function leaf(queryClient: QueryClient, route: TableRoute): RouteObject {
  const Screen = screenFor(route.name as RouteName);
  return {
    id: route.name,
    path: route.path,
    loader: guardLoader(queryClient, route),
    element: <Screen />,
    handle: { route },
  };
}

/** The router's route objects, built from the one route table; every leaf runs the guard on entry. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const of = (layout: TableRoute['layout']) =>
    ROUTES.filter((route) => route.layout === layout).map((route) => leaf(queryClient, route));
  const notFound = ROUTES.filter((route) => route.layout === 'auto').map((route) => ({
    ...leaf(queryClient, route),
    element: <NotFoundRoute />,
  }));

  return [
    {
      id: 'root',
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <RoutePending />,
      children: [
        { id: 'public-layout', element: <PublicLayout />, children: of('public') },
        { id: 'app-layout', element: <AppLayout />, children: of('app') },
        { id: 'bare-layout', children: of('bare') },
        ...notFound,
      ],
    },
  ];
}
