import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createCluster,
  createDbSub,
  deleteCluster,
  deleteDbSub,
  fetchClientOptions,
  fetchClusters,
  testConnection,
  updateCluster,
  updateDbSub,
} from './clusters-api';

const KEY = ['management', 'clusters'] as const;

export function useClusters() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchClusters(signal) });
}

export function useClientOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['management', 'client-options'],
    queryFn: ({ signal }) => fetchClientOptions(signal),
    enabled,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateCluster() {
  return useMutation({ mutationFn: createCluster, onSuccess: useInvalidate() });
}
export function useUpdateCluster() {
  return useMutation({ mutationFn: updateCluster, onSuccess: useInvalidate() });
}
export function useDeleteCluster() {
  return useMutation({ mutationFn: deleteCluster, onSuccess: useInvalidate() });
}
export function useCreateDbSub() {
  return useMutation({ mutationFn: createDbSub, onSuccess: useInvalidate() });
}
export function useUpdateDbSub() {
  return useMutation({ mutationFn: updateDbSub, onSuccess: useInvalidate() });
}
export function useDeleteDbSub() {
  return useMutation({ mutationFn: deleteDbSub, onSuccess: useInvalidate() });
}
export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}
