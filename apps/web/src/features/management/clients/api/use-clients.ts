import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ClientListQuery,
  createClient,
  createUser,
  deleteClient,
  fetchClient,
  fetchClientPage,
  fetchDeletion,
  fetchDeletionImpact,
  fetchRoles,
  renameClient,
  setClientActive,
  setImageStorage,
  setUserActive,
} from './clients-api';

const CLIENTS_KEY = ['management', 'clients'] as const;
const ROLES_KEY = ['management', 'roles'] as const;

export function useClientPage(query: ClientListQuery) {
  return useQuery({
    queryKey: [...CLIENTS_KEY, query],
    queryFn: ({ signal }) => fetchClientPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Asks the clients list (and one client) again. */
export function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
}

export function useCreateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: createClient, onSuccess: invalidate });
}

export function useSetClientActive() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setClientActive(id, active),
    onSuccess: invalidate,
  });
}

export function useRenameClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameClient(id, name),
    onSuccess: invalidate,
  });
}

export function useCreateUser() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
}

export function useSetUserActive() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setUserActive(id, active),
    onSuccess: invalidate,
  });
}

/** The roles a new user may get (asked only while the Create User dialog is open). */
export function useRoles(enabled: boolean) {
  return useQuery({ queryKey: ROLES_KEY, queryFn: ({ signal }) => fetchRoles(signal), enabled });
}

/** One client with its image storage, while its dialog is open. */
export function useClient(id: number, enabled: boolean) {
  return useQuery({ queryKey: [...CLIENTS_KEY, 'one', id], queryFn: ({ signal }) => fetchClient(id, signal), enabled });
}

export function useSetImageStorage() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & Parameters<typeof setImageStorage>[1]) => setImageStorage(id, body),
    onSuccess: invalidate,
  });
}

/** What deleting a client removes, while its dialog is open (asked afresh each time it opens). */
export function useDeletionImpact(id: number | null) {
  return useQuery({
    queryKey: [...CLIENTS_KEY, 'deletion-impact', id],
    queryFn: ({ signal }) => fetchDeletionImpact(id!, signal),
    enabled: id !== null,
    gcTime: 0,
  });
}

export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, confirmName }: { id: number; confirmName: string }) => deleteClient(id, confirmName),
    // the client is switched off at once: its row says so while the job runs
    onSuccess: invalidate,
  });
}

/** A deletion's progress, asked every second until it has finished. */
export function useDeletion(id: string | null) {
  return useQuery({
    queryKey: ['management', 'client-deletions', id],
    queryFn: ({ signal }) => fetchDeletion(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : 1000;
    },
  });
}
