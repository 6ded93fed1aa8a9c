import { type ApiError, CLIENT_HEADER, CSRF_HEADER } from '@pushdeck/contracts';
import { actingClientUid } from './acting-client';
import { ApiRequestError } from './api-error';
import { csrfToken, refreshCsrfCookie } from './csrf';
import {
  currentSessionEpoch,
  isCurrentSession,
  notifySessionExpired,
  SESSION_EXPIRED_STATUSES,
} from './session-expiry';

export const API_BASE = '/api';

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | ReadonlyArray<QueryScalar>;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  /** Search parameters; arrays are sent Laravel-style as repeated `key[]`, null/undefined are left out. */
  query?: QueryParams;
  /** FormData is sent as multipart; anything else as JSON. */
  body?: unknown;
  /** Extra headers; a `client` header given here wins over the picked client. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * The one success status the caller accepts (the copy tools' writes need exactly 200, part 2 §7); any other 2xx
   * throws 'Request failed with status {code}'.
   */
  expectStatus?: number;
  /** How to read a 2xx body; JSON (or text when the server sends text) by default. */
  responseType?: 'json' | 'blob';
  /**
   * false for the calls that deal with a missing session themselves (login, user info, logout, register):
   * their 401/419 is thrown to the caller instead of ending the session, and a 419 is retried once
   * with a fresh CSRF cookie.
   */
  sessionExpiry?: boolean;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api`-relative path (`/v1/domains`, `v1/domains`) or an absolute `/api/...` path, plus the query. */
export function apiUrl(path: string, query?: QueryParams): string {
  const base =
    path === API_BASE || path.startsWith(`${API_BASE}/`)
      ? path
      : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value as ReadonlyArray<QueryScalar>) params.append(name, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

function isAuthPath(url: string): boolean {
  return url.startsWith(`${API_BASE}/auth/`);
}

async function buildHeaders(method: string, url: string, options: RequestOptions): Promise<Headers> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (options.body !== undefined && !(options.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  if (UNSAFE_METHODS.has(method)) {
    const token = await csrfToken();
    if (token) headers.set(CSRF_HEADER, token);
  }
  // Auth calls (login, register, logout, impersonation) never act for a client (spec part 2 §7).
  const client = actingClientUid();
  if (client && !headers.has(CLIENT_HEADER) && !isAuthPath(url)) headers.set(CLIENT_HEADER, client);
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  return JSON.stringify(body);
}

async function readBody(response: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get('Retry-After');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * The error body as the API sends it, or undefined. Its schema (and zod) loads with the first error: the console's
 * first script has no zod (issue 17). Should that chunk not load, the error is still thrown, without the body's text.
 */
async function parseErrorBody(body: unknown): Promise<ApiError | undefined> {
  try {
    const { apiErrorSchema } = await import('./error-body');
    const parsed = apiErrorSchema.safeParse(body);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function toError(response: Response, body: unknown): Promise<ApiRequestError> {
  const parsed = await parseErrorBody(body);
  const message = parsed ? parsed.message : `Request failed with status ${response.status}`;
  return new ApiRequestError(response.status, message, parsed?.errors ?? {}, retryAfterSeconds(response));
}

/** Links the caller's signal and the time-out into one signal. */
function requestSignal(options: RequestOptions): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let expired = false;
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          expired = true;
          controller.abort();
        }, options.timeoutMs);
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const url = apiUrl(path, options.query);
  const headers = await buildHeaders(method, url, options);
  const { signal, timedOut, done } = requestSignal(options);
  try {
    return await fetch(url, { method, headers, body: encodeBody(options.body), credentials: 'same-origin', signal });
  } catch (error) {
    if (timedOut()) throw new ApiRequestError(408, 'The request timed out.');
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError(0, 'Network error: the server could not be reached.');
  } finally {
    done();
  }
}

/** One call to the API: CSRF header on unsafe methods, `client` header for staff, parsed body or ApiRequestError. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const handlesSession = options.sessionExpiry !== false;
  const epoch = currentSessionEpoch();
  let response = await send(method, path, options);
  if (response.status === 419 && !handlesSession) {
    await refreshCsrfCookie();
    response = await send(method, path, options);
  }
  const body = await readBody(response, options.responseType);
  if (response.ok && options.expectStatus !== undefined && response.status !== options.expectStatus)
    throw new ApiRequestError(response.status, `Request failed with status ${response.status}`);
  if (response.ok) return body as T;
  // (an answer for a session that has since been replaced says nothing about the one in force)
  if (handlesSession && SESSION_EXPIRED_STATUSES.has(response.status) && isCurrentSession(epoch)) {
    notifySessionExpired(response.status);
  }
  throw await toError(response, body);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
