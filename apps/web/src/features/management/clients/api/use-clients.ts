import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authQueryKey, HOME_AFTER_LOGIN, startSession } from '@/lib/auth';
import {
  type ClientListQuery,
  createClient,
  createUser,
  fetchClientPage,
  fetchRoles,
  loginToUser,
  setClientActive,
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

/**
 * 'Log in as': POST loginToUser, then the console becomes that user: every cached query of the staff member is
 * dropped, the auth query holds the user's info (with its backToModerUrl for the return) and the dashboard opens.
 */
export function useLoginAs() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: loginToUser,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authQueryKey[0] });
      startSession(queryClient, user);
      void navigate(HOME_AFTER_LOGIN);
    },
  });
}
