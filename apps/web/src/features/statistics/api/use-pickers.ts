import { useDebouncedValue } from '@mantine/hooks';
import { TIMINGS } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import type { Selection } from '../lib/table-filters';
import {
  type DomainOption,
  fetchClients,
  fetchClientsDomains,
  fetchDomainCount,
  fetchDomainOptions,
} from './pickers-api';
import { statsKeys } from './stats-keys';

/** Every client, for staff pickers (GET /v1/management/clients). */
export function useClients(enabled = true) {
  return useQuery({ queryKey: statsKeys.clients(), queryFn: ({ signal }) => fetchClients(signal), enabled });
}

/** The websites of the acting client (staff without a picked client: every website). */
export function useDomainOptions(enabled = true) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: statsKeys.domains(client, null),
    queryFn: ({ signal }) => fetchDomainOptions(undefined, signal),
    enabled,
  });
}

/** The websites of the given clients (a moderator's client filter), one call per client. */
export function useClientsDomains(clientUids: readonly string[], enabled = true) {
  return useQuery({
    queryKey: statsKeys.domains(null, clientUids),
    queryFn: ({ signal }) => fetchClientsDomains(clientUids, signal),
    enabled: enabled && clientUids.length > 0,
  });
}

export function useDomainCount(enabled = true) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: statsKeys.domainCount(client),
    queryFn: ({ signal }) => fetchDomainCount(signal),
    enabled,
  });
}

/**
 * The websites a table filter offers: a moderator's chosen clients (all: every client), 500 ms after the client
 * choice settles; anyone else, their own client's.
 */
export function useFilterDomains(
  moder: boolean,
  clients: Selection,
): { data: DomainOption[] | undefined; loading: boolean } {
  const [settled] = useDebouncedValue(clients, TIMINGS.clientChangeDebounceMs);
  const own = useDomainOptions(!moder);
  const uids = settled === 'all' ? [''] : settled;
  const chosen = useClientsDomains(uids, moder);
  if (!moder) return { data: own.data, loading: own.isPending };
  if (settled !== 'all' && settled.length === 0) return { data: [], loading: settled !== clients };
  return { data: chosen.data, loading: chosen.isPending || settled !== clients };
}
