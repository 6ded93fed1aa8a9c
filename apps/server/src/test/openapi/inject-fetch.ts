import type { TestApp } from '../harness.ts';

/** openapi-fetch's fetch, answered by the app in this process (app.inject) instead of a socket. */
export function injectFetch(t: TestApp) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.body ? await request.text() : undefined;
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers.entries()),
      remoteAddress: '203.0.113.20',
      ...(body !== undefined ? { payload: body } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}
