import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

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
            <Notifications />
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

/** Renders inside the same providers the app uses, with a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', ...options }: RenderOptions & { route?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders queryClient={queryClient} route={route}>
      {children}
    </TestProviders>
  );
  return { queryClient, ...render(ui, { wrapper, ...options }) };
}
