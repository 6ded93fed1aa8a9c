/** Shared fixtures of the drips tests: the demo websites, audiences, request bodies and response helpers. */
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TestApp, TestClient } from '../../test/harness.ts';

export interface Site {
  id: number;
  client_id: number;
  website_id: string;
  vapid_public_key: string | null;
}

export const siteOf = (db: Kysely<DB>, url: string): Promise<Site> =>
  db
    .selectFrom('domains')
    .select(['id', 'client_id', 'website_id', 'vapid_public_key'])
    .where('url', '=', url)
    .executeTakeFirstOrThrow();

export async function demoSites(t: TestApp) {
  const db = t.handle.db;
  return {
    shop: await siteOf(db, 'https://shop.acme.test'),
    blog: await siteOf(db, 'https://blog.acme.test'),
    news: await siteOf(db, 'https://news.globex.test'),
  };
}

/** An audience of a website: subscribers whose language is one of `languages`. */
export async function addAudience(db: Kysely<DB>, site: Site, name: string, languages: string[] = ['en-US']) {
  const row = await db
    .insertInto('segments')
    .values({
      domain_id: site.id,
      client_id: site.client_id,
      name,
      query: JSON.stringify({ filters: [{ language: { type: 'and', operator: '=', values: languages } }] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A valid recurring drip item for createOrUpdate. */
export const recurringItem = (domainId: number, audiences: unknown[], overrides: Record<string, unknown> = {}) => ({
  domain_id: domainId,
  title: 'Daily deals',
  body: 'Fresh picks every morning',
  url: 'https://shop.acme.test/deals',
  icon: 'https://shop.acme.test/icon.png',
  customization: { ttl: 3600, requireInteraction: false, button1: { title: 'Open', url: 'https://shop.acme.test/b1' } },
  schedule: {
    type: 'recurring',
    frequency: 'daily',
    time: '09:00',
    timezone: 'Europe/Kyiv',
    date_start: '2026-01-01',
    date_end: '2099-12-31',
    days_of_week: 'monday tuesday wednesday thursday friday saturday sunday',
  },
  audiences,
  ...overrides,
});

export const welcomeItem = (domainId: number, overrides: Record<string, unknown> = {}) => ({
  domain_id: domainId,
  title: 'Welcome aboard',
  body: 'Thanks for subscribing',
  url: 'https://shop.acme.test/',
  schedule: { after_days: 0, after_hours: 1, after_mins: 30 },
  ...overrides,
});

export const put = (c: TestClient, url: string, body: unknown) => c.request('PUT', url, { body });
export const del = (c: TestClient, url: string) => c.request('DELETE', url);

/** The 422 body's per-field messages. */
export function fieldErrors(res: LightMyRequestResponse): Record<string, string[]> {
  if (res.statusCode !== 422) throw new Error(`expected 422, got ${res.statusCode} ${res.body}`);
  return res.json().errors;
}

/** A multipart/form-data body (fields, and at most one file), as the browser sends it. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; contentType: string; bytes: Buffer },
) {
  const boundary = '----pushdeck-test';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The client_uid a moderator names in the `client` header to act for the client of `site`. */
export async function clientUidOf(db: Kysely<DB>, site: Site): Promise<string> {
  const row = await db
    .selectFrom('clients')
    .select('client_uid')
    .where('id', '=', site.client_id)
    .executeTakeFirstOrThrow();
  return row.client_uid;
}

export const scheduleOf = (db: Kysely<DB>, dripId: number) =>
  db.selectFrom('schedules').selectAll().where('drip_id', '=', dripId).executeTakeFirstOrThrow();
