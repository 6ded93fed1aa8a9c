import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ClientListQuery,
  createClient,
  createUser,
  fetchClient,
  fetchClientPage,
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

function useInvalidateClients() {
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
