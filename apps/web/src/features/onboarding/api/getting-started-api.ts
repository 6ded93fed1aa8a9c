import { type GettingStarted, gettingStartedSchema, wrapped } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, useSelectedClientUid } from '@/lib/api';

const answer = wrapped(gettingStartedSchema);

/** GET /v1/getting-started: the acting client's checklist, each step ticked from stored data. */
export async function fetchGettingStarted(signal?: AbortSignal): Promise<GettingStarted> {
  return answer.parse(await api.get<unknown>('/v1/getting-started', { signal })).data;
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
