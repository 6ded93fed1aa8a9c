import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from '@/lib/api';

/** Retries once, but never a 4xx: the answer will not change. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => {
          const status = errorStatus(error);
          return failures < 1 && (status === undefined || status === 0 || status >= 500);
        },
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
