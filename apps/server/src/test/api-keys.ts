import type { ApiScope } from '@pushdeck/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { signedIn, type TestApp, TestClient } from './harness.ts';

/**
 * Creates an API key through the console's call, signed in as `email` (a client's owner; staff name the client by its
 * uid), and answers the key itself (issue #27).
 */
export async function createApiKey(
  t: TestApp,
  opts: {
    email: string;
    password?: string;
    scopes: ApiScope[];
    websiteIds?: number[];
    name?: string;
    clientUid?: string;
  },
): Promise<string> {
  const c = await signedIn(t, opts.email, ...(opts.password ? [opts.password] : []));
  const res = await c.post(
    '/api/v1/api-keys',
    { name: opts.name ?? `key ${opts.scopes.join('+')}`, scopes: opts.scopes, website_ids: opts.websiteIds ?? null },
    opts.clientUid ? { client: opts.clientUid } : undefined,
  );
  if (res.statusCode !== 201) throw new Error(`api key create failed ${res.statusCode} ${res.body}`);
  return res.json().data.key as string;
}

/** A call of the server API with a key, from an address of the caller's choosing (no cookie). */
export function withKey(
  t: TestApp,
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return new TestClient(t.app, opts.ip ?? '203.0.113.10').request(method, url, {
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    headers: { authorization: `Bearer ${key}`, ...opts.headers },
  });
}
