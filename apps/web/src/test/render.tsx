import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { UserInfo } from '@pushdeck/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AUTH_FLAG_KEY, authQueryKey } from '@/lib/auth';
import { ModalsReadyMark } from '@/lib/modals/modals-ready';

function TestProviders({
  queryClient,
  route,
  children,
}: {
  queryClient: QueryClient;
  route: string;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <DatesProvider settings={{ locale: 'en' }}>
          <ModalsProvider>
            <ModalsReadyMark />
            <Notifications />
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

/**
 * Renders inside the same providers the app uses, with a memory router at `route`; `user` signs that user in
 * (auth flag and a session check that stays fresh), as the app has done before any screen renders.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', user, ...options }: RenderOptions & { route?: string; user?: UserInfo } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user) {
    window.localStorage.setItem(AUTH_FLAG_KEY, '1');
    queryClient.setQueryData(authQueryKey, user, { updatedAt: Number.MAX_SAFE_INTEGER });
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders queryClient={queryClient} route={route}>
      {children}
    </TestProviders>
  );
  return { queryClient, ...render(ui, { wrapper, ...options }) };
}
