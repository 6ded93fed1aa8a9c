import { useQuery } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import { statsKeys } from './stats-keys';
import {
  type DataExplorerRequest,
  fetchDataExplorer,
  fetchServerPerformance,
  fetchTopStats,
  type Paging,
  type ServerPerformanceRequest,
  type TopStatsRequest,
  type TopTable,
} from './stats-v2-api';

/** The Performance report's tables show 5 rows a page (part 1 §9). */
export const TOP_PAGE_LENGTH = 5;

/** A moderator filters by clients in the request: no acting-client header then (see CLIENT_HEADER_ALL). */
function useScopeKey(allClients: boolean) {
  const [client] = useSelectedClientUid();
  return allClients ? '*' : client;
}

export function useServerPerformance(body: ServerPerformanceRequest | null, paging: Paging, allClients: boolean) {
  const scope = useScopeKey(allClients);
  return useQuery({
    queryKey: statsKeys.v2('server-performance', scope, { body, paging }),
    queryFn: ({ signal }) => fetchServerPerformance(body!, paging, { allClients, signal }),
    enabled: body !== null,
  });
}

export function useDataExplorer(body: DataExplorerRequest | null, paging: Paging, allClients: boolean) {
  const scope = useScopeKey(allClients);
  return useQuery({
    queryKey: statsKeys.v2('data-explorer', scope, { body, paging }),
    queryFn: ({ signal }) => fetchDataExplorer(body!, paging, { allClients, signal }),
    enabled: body !== null,
  });
}

export function useTopStats(table: TopTable, body: TopStatsRequest | null, page: number, allClients: boolean) {
  const scope = useScopeKey(allClients);
  const paging: Paging = { page, pageLength: TOP_PAGE_LENGTH, paginate: true };
  return useQuery({
    queryKey: statsKeys.v2(`top-${table}`, scope, { body, paging }),
    queryFn: ({ signal }) => fetchTopStats(table, body!, paging, { allClients, signal }),
    enabled: body !== null,
  });
}
