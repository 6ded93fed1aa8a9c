import { vi } from 'vitest';

/**
 * Test helpers that stand in for the browser's network (the global fetch), never for our server's logic.
 * Only test files import this module.
 */
export interface StubbedCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type Responder = (call: StubbedCall) => Response | Promise<Response>;

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Replaces global fetch with `respond`; every call is recorded in `calls`. Undo with vi.unstubAllGlobals(). */
export function stubFetch(respond: Responder) {
  const calls: StubbedCall[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const call: StubbedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      url,
      headers: new Headers(init?.headers),
      body: readBody(init?.body),
    };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', mock);
  return { calls, mock };
}

export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const hasBody = body !== undefined && status !== 204;
  return new Response(hasBody ? JSON.stringify(body) : null, {
    status,
    headers: hasBody ? { 'Content-Type': 'application/json', ...headers } : headers,
  });
}

export const XSRF_VALUE = 'token+/=value';

export function setXsrfCookie(value: string = XSRF_VALUE): void {
  // biome-ignore lint/suspicious/noDocumentCookie: tests stand in for the server setting the cookie.
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(value)}; path=/`;
}

export function clearXsrfCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: tests stand in for the server clearing the cookie.
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

/** Answers GET /api/csrf-cookie like the server: 204 and a readable XSRF-TOKEN cookie. */
export function csrfCookieResponse(): Response {
  setXsrfCookie();
  return jsonResponse(204);
}
