export {
  actingClientUid,
  getSelectedClientUid,
  isStaffActor,
  SELECTED_CLIENT_KEY,
  setSelectedClientUid,
  setStaffActor,
  useSelectedClientUid,
} from './acting-client';
export { API_BASE, api, apiUrl, type QueryParams, type QueryValue, type RequestOptions, request } from './api-client';
export { ApiRequestError, errorMessage, errorStatus, isApiRequestError } from './api-error';
export { readCookie } from './cookies';
export { csrfToken, refreshCsrfCookie } from './csrf';
export { parseLater } from './parse-later';
export {
  notifySessionExpired,
  replacingSession,
  SESSION_EXPIRED_STATUSES,
  setSessionExpiredHandler,
} from './session-expiry';
