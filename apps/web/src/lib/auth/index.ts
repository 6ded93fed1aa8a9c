export { fetchUserInfo } from './auth-api';
export { AUTH_CHECK_STALE_MS, authInfoQuery, checkSession } from './auth-query';
export {
  AUTH_FLAG_KEY,
  clearAuthFlags,
  hasAuthFlag,
  hasModeratorFlag,
  MODERATOR_FLAG_KEY,
  setAuthFlag,
  setModeratorFlag,
  useAuthFlag,
  useModeratorFlag,
} from './auth-storage';
export { documentLocation } from './document-location';
export { HOME_AFTER_LOGIN, loginPath, safeRedirectTarget } from './redirect';
export { authQueryKey, endSession, rememberUser, startSession } from './session';
export { type AuthState, useAuth } from './use-auth';
export {
  useBackToModeration,
  useLogin,
  useLoginAs,
  useLogout,
  useRegisterClient,
  useRegisterUser,
} from './use-auth-mutations';
export { useCan } from './use-can';
export { isModerator, isStaffUser, type UserAccess, userAccess } from './user-access';
