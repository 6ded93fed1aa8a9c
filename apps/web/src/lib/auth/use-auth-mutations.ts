import { type LoginBody, type RegisterClientBody, type RegisterUserBody, TIMINGS } from '@pushdeck/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  backToModerRequest,
  loginRequest,
  loginToUserRequest,
  logoutRequest,
  registerClientRequest,
  registerUserRequest,
} from './auth-api';
import { setAuthFlag } from './auth-storage';
import { documentLocation } from './document-location';
import { HOME_AFTER_LOGIN } from './redirect';
import { authQueryKey, endSession, startSession } from './session';

/** POST /auth/user/login; on success the auth flag is set and the auth query holds the user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => loginRequest(body),
    onSuccess: (user) => startSession(queryClient, user),
  });
}

/** POST /auth/client/register: the new client's first user is signed in straight away. */
export function useRegisterClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterClientBody) => registerClientRequest(body),
    onSuccess: (user) => startSession(queryClient, user),
  });
}

/** POST /auth/user/register: creates an inactive user of an existing client; nobody is signed in. */
export function useRegisterUser() {
  return useMutation({ mutationFn: (body: RegisterUserBody) => registerUserRequest(body) });
}

/** POST /auth/user/logout, then forget the session locally and open Login, whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await logoutRequest();
      } finally {
        endSession(queryClient, { forgetClient: true });
        await navigate('/login');
      }
    },
  });
}

/**
 * Returns an impersonating staff member to moderation (spec part 1 §4): POST the user's backToModerUrl, reload
 * auth with the moderator's info (dropping the impersonated user's cached data), and after 1.5 s open
 * /moderation-dashboard.
 */
export function useBackToModeration() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (url: string) => backToModerRequest(url),
    onSuccess: (moderator) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authQueryKey[0] });
      startSession(queryClient, moderator);
      setTimeout(() => void navigate('/moderation-dashboard'), TIMINGS.confirmationResultMs);
    },
  });
}

/**
 * 'Log in as' (Clients Management, Users Management): the session becomes the user's, and the user's dashboard opens
 * with a full page load, so the console switches to the user's view cleanly: nothing the staff member's screens held
 * (their cache, their requests still in flight, their screen refetching as the user) outlives the switch. The auth
 * flag is set again in case a request of the replaced session answered 401 first.
 */
export function useLoginAs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginToUserRequest,
    onSuccess: async () => {
      await queryClient.cancelQueries();
      setAuthFlag();
      documentLocation.assign(HOME_AFTER_LOGIN);
    },
  });
}
