import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSelectedClientUid, setStaffActor } from './acting-client';
import { api, apiUrl } from './api-client';
import { ApiRequestError } from './api-error';
import { replacingSession, setSessionExpiredHandler } from './session-expiry';
import {
  clearXsrfCookie,
  csrfCookieResponse,
  jsonResponse,
  setXsrfCookie,
  stubFetch,
  XSRF_VALUE,
} from './testing/fetch-stub';

describe('api client', () => {
  let expired: ReturnType<typeof vi.fn<(status: number) => void>>;
  let uninstall: () => void;

  beforeEach(() => {
    expired = vi.fn<(status: number) => void>();
    uninstall = setSessionExpiredHandler(expired);
  });

  afterEach(() => {
    uninstall();
    clearXsrfCookie();
    setStaffActor(false);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('returns the parsed body and builds Laravel-style queries under /api', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { data: [{ id: 1 }] }));
    const body = await api.get<{ data: { id: number }[] }>('v1/domains', {
      query: { 'where[domain_id]': 7, tags: ['geo', 'adult'], skip: undefined, paginate: true },
    });
    expect(body).toEqual({ data: [{ id: 1 }] });
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url.pathname).toBe('/api/v1/domains');
    expect(calls[0]?.url.searchParams.get('where[domain_id]')).toBe('7');
    expect(calls[0]?.url.searchParams.getAll('tags[]')).toEqual(['geo', 'adult']);
    expect(calls[0]?.url.searchParams.has('skip')).toBe(false);
    expect(calls[0]?.headers.has('x-xsrf-token')).toBe(false);
    expect(apiUrl('/api/auth/moder/backToModer/3')).toBe('/api/auth/moder/backToModer/3');
  });

  it('sends the XSRF-TOKEN cookie value, decoded, as X-XSRF-TOKEN on a POST with a JSON body', async () => {
    setXsrfCookie();
    const { calls } = stubFetch(() => jsonResponse(201, { data: { id: 3 } }));
    await api.post('/v1/tags', { body: { name: 'news', type: 'category' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe(XSRF_VALUE);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ name: 'news', type: 'category' });
  });

  it('fetches /api/csrf-cookie first when the cookie is missing', async () => {
    const { calls } = stubFetch((call) =>
      call.path === '/api/csrf-cookie' ? csrfCookieResponse() : jsonResponse(204),
    );
    await api.delete('/v1/domains/4');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/csrf-cookie', 'DELETE /api/v1/domains/4']);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe(XSRF_VALUE);
  });

  it('sends FormData as multipart (the browser sets the boundary)', async () => {
    setXsrfCookie();
    const { calls } = stubFetch(() => jsonResponse(200, { data: [] }));
    const form = new FormData();
    form.append('type', 'icon');
    await api.post('/v1/files/uploadImage', { body: form });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('throws ApiRequestError with per-field messages on 422 and Retry-After on 429', async () => {
    setXsrfCookie();
    stubFetch((call) =>
      call.path.endsWith('/a')
        ? jsonResponse(422, { message: 'Required.', errors: { email: ['Required.'] } })
        : jsonResponse(429, { message: 'Slow down.' }, { 'Retry-After': '42' }),
    );
    const invalid = await api.post('/a').catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiRequestError);
    expect(invalid).toMatchObject({ status: 422, message: 'Required.', errors: { email: ['Required.'] } });
    const limited = await api.post('/b').catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 429, message: 'Slow down.', retryAfter: 42 });
  });

  it('falls back to "Request failed with status {code}" when the error body is not the API shape', async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/v1/x')).rejects.toMatchObject({ status: 502, message: 'Request failed with status 502' });
  });

  it('hands a 401 or 419 from an ordinary call to the session-expiry handler', async () => {
    setXsrfCookie();
    stubFetch((call) => jsonResponse(call.method === 'GET' ? 401 : 419, { message: 'Unauthenticated.' }));
    await expect(api.get('/v1/domains')).rejects.toMatchObject({ status: 401 });
    await expect(api.post('/v1/domains', { body: {} })).rejects.toMatchObject({ status: 419 });
    expect(expired.mock.calls).toEqual([[401], [419]]);
  });

  it('signs nobody out for a 401 or 419 answering a request of the session being replaced', async () => {
    setXsrfCookie();
    // the old session's request reaches the server after the switch deleted that session, and is answered first
    let answerOld!: () => void;
    const oldAnswered = new Promise<void>((resolve) => {
      answerOld = resolve;
    });
    let answerSwitch!: () => void;
    const switched = new Promise<void>((resolve) => {
      answerSwitch = resolve;
    });
    stubFetch(async (call) => {
      if (call.path === '/api/v1/management/users') {
        await oldAnswered;
        return jsonResponse(401, { message: 'Unauthenticated.' });
      }
      if (call.path === '/api/auth/moder/loginToUser') {
        answerOld();
        await switched;
        return jsonResponse(200, { data: {} });
      }
      return jsonResponse(401, { message: 'Unauthenticated.' });
    });
    const old = api.get('/v1/management/users');
    const change = replacingSession(() => api.post('/auth/moder/loginToUser', { query: { user_id: 11 } }));
    await expect(old).rejects.toMatchObject({ status: 401 });
    // a request made while the switch is in flight still carries the old session
    await expect(api.get('/v1/domains')).rejects.toMatchObject({ status: 401 });
    answerSwitch();
    await change;
    expect(expired).not.toHaveBeenCalled();
    // the new session's own 401 still ends it
    await expect(api.get('/v1/domains')).rejects.toMatchObject({ status: 401 });
    expect(expired.mock.calls).toEqual([[401]]);
  });

  it('leaves 401 to calls that handle it themselves, and retries their 419 once with a fresh cookie', async () => {
    setXsrfCookie('stale');
    let logins = 0;
    const { calls } = stubFetch((call) => {
      if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
      if (call.path === '/api/auth/user/info') return jsonResponse(401, { message: 'Unauthenticated.' });
      logins += 1;
      return logins === 1 ? jsonResponse(419, { message: 'CSRF token mismatch.' }) : jsonResponse(200, { data: {} });
    });
    await expect(api.get('/auth/user/info', { sessionExpiry: false })).rejects.toMatchObject({ status: 401 });
    await api.post('/auth/user/login', { sessionExpiry: false, body: {} });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/auth/user/info',
      '/api/auth/user/login',
      '/api/csrf-cookie',
      '/api/auth/user/login',
    ]);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('stale');
    expect(calls[3]?.headers.get('X-XSRF-TOKEN')).toBe(XSRF_VALUE);
    expect(expired).not.toHaveBeenCalled();
  });

  it('adds the picked client uid as the client header for staff only, unless the caller gives one', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { data: [] }));
    setSelectedClientUid('client-abc');

    await api.get('/v1/domains');
    setStaffActor(true);
    await api.get('/v1/domains');
    await api.get('/v1/domains', { headers: { client: 'client-xyz' } });
    await api.get('/auth/user/info');

    expect(calls.map((c) => c.headers.get('client'))).toEqual([null, 'client-abc', 'client-xyz', null]);
  });

  it('turns a time-out into a 408 and an unreachable server into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith('/api/down')) return Promise.reject(new TypeError('Failed to fetch'));
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }),
    );
    await expect(api.get('/slow', { timeoutMs: 20 })).rejects.toMatchObject({ status: 408 });
    await expect(api.get('/down')).rejects.toMatchObject({ status: 0 });
  });
});
