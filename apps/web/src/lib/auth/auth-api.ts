import {
  type LoginBody,
  type RegisterClientBody,
  type RegisteredUser,
  type RegisterUserBody,
  registeredUserSchema,
  type UserInfo,
  userInfoSchema,
  wrapped,
} from '@pushdeck/contracts';
import { api, replacingSession } from '@/lib/api';

const userInfoResponse = wrapped(userInfoSchema);

/** The answer to a user registration: an inactive user that an administrator must activate. */
const registeredUserResponse = wrapped(registeredUserSchema);

// These calls deal with 401/419 themselves, so they opt out of the global session-expiry handler.
const own = { sessionExpiry: false } as const;

export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const body = await api.get<unknown>('/auth/user/info', { ...own, signal });
  return userInfoResponse.parse(body).data;
}

export async function loginRequest(body: LoginBody): Promise<UserInfo> {
  return userInfoResponse.parse(await api.post<unknown>('/auth/user/login', { ...own, body })).data;
}

export async function logoutRequest(): Promise<void> {
  await api.post<void>('/auth/user/logout', own);
}

export async function registerClientRequest(body: RegisterClientBody): Promise<UserInfo> {
  return userInfoResponse.parse(await api.post<unknown>('/auth/client/register', { ...own, body })).data;
}

export async function registerUserRequest(body: RegisterUserBody): Promise<RegisteredUser> {
  return registeredUserResponse.parse(await api.post<unknown>('/auth/user/register', { ...own, body })).data;
}

/**
 * The two calls that replace the session (`replacingSession`): answers to the old session's requests sign nobody out.
 */

/** POSTs the user's backToModerUrl (e.g. /api/auth/moder/backToModer/3); answers with the moderator's info. */
export async function backToModerRequest(url: string): Promise<UserInfo> {
  return userInfoResponse.parse(await replacingSession(() => api.post<unknown>(url))).data;
}

/** POST /auth/moder/loginToUser?user_id=: staff enter a user's account (spec part 1 §4); that user's info. */
export async function loginToUserRequest(userId: number): Promise<UserInfo> {
  const body = await replacingSession(() =>
    api.post<unknown>('/auth/moder/loginToUser', { query: { user_id: userId } }),
  );
  return userInfoResponse.parse(body).data;
}
