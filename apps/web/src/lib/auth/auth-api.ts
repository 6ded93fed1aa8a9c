import type { LoginBody, RegisterClientBody, RegisteredUser, RegisterUserBody, UserInfo } from '@pushdeck/contracts';
import { api, replacingSession } from '@/lib/api';

// The schemas load alongside the first call that needs them (the request and the chunk in parallel).
const schemas = () => import('./auth-schemas');

// These calls deal with 401/419 themselves, so they opt out of the global session-expiry handler.
const own = { sessionExpiry: false } as const;

async function userInfo(call: Promise<unknown>): Promise<UserInfo> {
  const [body, { userInfoResponse }] = await Promise.all([call, schemas()]);
  return userInfoResponse.parse(body).data;
}

export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return userInfo(api.get<unknown>('/auth/user/info', { ...own, signal }));
}

export async function loginRequest(body: LoginBody): Promise<UserInfo> {
  return userInfo(api.post<unknown>('/auth/user/login', { ...own, body }));
}

export async function logoutRequest(): Promise<void> {
  await api.post<void>('/auth/user/logout', own);
}

export async function registerClientRequest(body: RegisterClientBody): Promise<UserInfo> {
  return userInfo(api.post<unknown>('/auth/client/register', { ...own, body }));
}

export async function registerUserRequest(body: RegisterUserBody): Promise<RegisteredUser> {
  const [answer, { registeredUserResponse }] = await Promise.all([
    api.post<unknown>('/auth/user/register', { ...own, body }),
    schemas(),
  ]);
  return registeredUserResponse.parse(answer).data;
}

/**
 * The two calls that replace the session (`replacingSession`): answers to the old session's requests sign nobody out.
 */

/** POSTs the user's backToModerUrl (e.g. /api/auth/moder/backToModer/3); answers with the moderator's info. */
export async function backToModerRequest(url: string): Promise<UserInfo> {
  return userInfo(replacingSession(() => api.post<unknown>(url)));
}

/** POST /auth/moder/loginToUser?user_id=: staff enter a user's account (spec part 1 §4); that user's info. */
export async function loginToUserRequest(userId: number): Promise<UserInfo> {
  return userInfo(replacingSession(() => api.post<unknown>('/auth/moder/loginToUser', { query: { user_id: userId } })));
}
