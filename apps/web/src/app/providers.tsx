import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  router: AppRouter;
}

/**
 * The host of the modals opened with `modals.open…` (@mantine/modals' events). It loads after the first paint (issue
 * 17: Modal brings ScrollArea and floating-ui, ~20 KB gzipped, none of which a first page shows); modals open only on a
 * user's action, by then it is there. Nothing reads the modals context (`useModals`), so it wraps no children.
 */
const ModalsHost = lazy(() => import('./modals-host').then((m) => ({ default: m.ModalsHost })));

/** The snackbars' host (its transitions and portal, ~8 KB gzipped) also loads after the first paint (issue 17). */
const NotificationsHost = lazy(() => import('./notifications-host').then((m) => ({ default: m.NotificationsHost })));

/** Mantine (with notifications and modals), TanStack Query and the router. */
export function AppProviders({ queryClient, router }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'en' }}>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <NotificationsHost />
            <ModalsHost />
          </Suspense>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
