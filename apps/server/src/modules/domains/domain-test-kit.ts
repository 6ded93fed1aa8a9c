/** Shared fixtures of the domains and tags tests (demo clients, their websites, tags). */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestClient } from '../../test/harness.ts';

export async function clientUids(t: TestApp): Promise<{ acme: string; globex: string }> {
  const rows = await t.handle.db.selectFrom('clients').select(['name', 'client_uid']).execute();
  return {
    acme: rows.find((c) => c.name === 'Acme Shop')!.client_uid,
    globex: rows.find((c) => c.name === 'Globex News')!.client_uid,
  };
}

export function domainRow(t: TestApp, url: string) {
  return t.handle.db
    .selectFrom('domains')
    .selectAll()
    .where('url', '=', url)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

export const put = (c: TestClient, url: string, body: unknown, headers?: Record<string, string>) =>
  c.request('PUT', url, { body, ...(headers ? { headers } : {}) });
export const del = (c: TestClient, url: string, headers?: Record<string, string>) =>
  c.request('DELETE', url, headers ? { headers } : {});

/** The 422 body's per-field messages. */
export function fieldErrors(res: LightMyRequestResponse): Record<string, string[]> {
  if (res.statusCode !== 422) throw new Error(`expected 422, got ${res.statusCode} ${res.body}`);
  return res.json().errors;
}

/** Creates a tag as a tag manager; returns its id. */
export async function makeTag(manager: TestClient, name: string, type: string): Promise<number> {
  const res = await manager.post(`/api/v1/tags?name=${encodeURIComponent(name)}&type=${type}`);
  if (res.statusCode !== 201) throw new Error(`tag ${name}: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export const urlsOf = (res: LightMyRequestResponse): string[] =>
  (res.json().data as { url: string }[]).map((d) => d.url).sort();
