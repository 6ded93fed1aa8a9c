import type { ConnectionType } from '@pushdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bindConnection,
  bindGeo,
  changeMaster,
  createConnection,
  fetchConnections,
  fetchDomainConnections,
  unbindConnection,
} from './connections-api';

const KEY = ['connections'] as const;

export function useAllConnections(type: ConnectionType, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'all', type],
    queryFn: ({ signal }) => fetchConnections(type, signal),
    enabled,
  });
}

export function useDomainConnections(domainId: number, type: ConnectionType, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'domain', domainId, type],
    queryFn: ({ signal }) => fetchDomainConnections(domainId, type, signal),
    enabled,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useBind(domainId: number) {
  return useMutation({ mutationFn: (id: number) => bindConnection(domainId, id), onSuccess: useInvalidate() });
}
export function useUnbind(domainId: number) {
  return useMutation({ mutationFn: (id: number) => unbindConnection(domainId, id), onSuccess: useInvalidate() });
}
export function useChangeMaster(domainId: number) {
  return useMutation({
    mutationFn: ({ type, id }: { type: ConnectionType; id: number }) => changeMaster(type, domainId, id),
    onSuccess: useInvalidate(),
  });
}
export function useBindGeo(domainId: number) {
  return useMutation({ mutationFn: () => bindGeo(domainId), onSuccess: useInvalidate() });
}
export function useCreateConnection() {
  return useMutation({ mutationFn: createConnection, onSuccess: useInvalidate() });
}
