import type { GettingStarted } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, parseLater, useSelectedClientUid } from '@/lib/api';

// The answer's schema loads with the call (the dashboard's first load has no zod: issue 17).
const schemas = () => import('./getting-started-schemas');

/** GET /v1/getting-started: the acting client's checklist, each step ticked from stored data. */
export async function fetchGettingStarted(signal?: AbortSignal): Promise<GettingStarted> {
  return (await parseLater(api.get<unknown>('/v1/getting-started', { signal }), schemas, 'gettingStartedResponse'))
    .data;
}

/** The checklist, asked again whenever the dashboard mounts (steps tick as the client works elsewhere). */
export function useGettingStarted(enabled: boolean) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: ['getting-started', client],
    queryFn: ({ signal }) => fetchGettingStarted(signal),
    enabled,
    refetchOnMount: 'always',
  });
}
