import { LocalPushService } from '@pushdeck/push-service';
import type { Kysely } from 'kysely';
import type { DB, ScheduleType } from '../db/schema.ts';
import { planSchedule } from '../modules/delivery/scheduler.service.ts';
import type { TestApp } from './harness.ts';
import { TestClient } from './harness.ts';
import { assertCoarseAgree } from './rollup-check.ts';

export async function startPushService() {
  return LocalPushService.start({ port: 0, host: '127.0.0.1', retainPayloads: true, log: () => {} });
}

export async function websiteOf(db: Kysely<DB>, url: string) {
  return db
    .selectFrom('domains')
    .select(['id', 'client_id', 'website_id', 'vapid_public_key'])
    .where('url', '=', url)
    .executeTakeFirstOrThrow();
}

/** Subscribes a fresh local-push subscription through the public endpoint, as pushmine.js does. */
export async function subscribe(
  t: TestApp,
  push: LocalPushService,
  website: { website_id: string; vapid_public_key: string | null },
  fields: Record<string, string> = {},
) {
  const sub = push.createSubscription({ applicationServerKey: website.vapid_public_key! });
  const res = await new TestClient(t.app).post('/api/public/v1/subscribe', {
    website_id: website.website_id,
    subscription: { endpoint: sub.endpoint, keys: sub.keys },
    device: 'desktop',
    browser: 'Chrome',
    os: 'Linux',
    language: 'en-US',
    timezone: 'UTC',
    subscription_url: 'https://shop.acme.test/',
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`subscribe failed ${res.statusCode} ${res.body}`);
  return { sub, id: res.json().data.id as number };
}

export async function addDrip(
  db: Kysely<DB>,
  website: { id: number; client_id: number },
  drip: {
    type: 'welcome' | 'recurring' | 'trigger' | 'instant';
    title?: string;
    event?: string;
    meta?: object;
    customization?: object;
    drip_number?: number;
  },
) {
  return db
    .insertInto('drips')
    .values({
      domain_id: website.id,
      client_id: website.client_id,
      type: drip.type,
      title: drip.title ?? 'Hello',
      body: 'Body text',
      url: 'https://shop.acme.test/landing',
      event: drip.event ?? null,
      drip_number: drip.drip_number ?? 0,
      customization: JSON.stringify(drip.customization ?? { ttl: 600 }),
      meta: JSON.stringify(drip.meta ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function addSchedule(
  db: Kysely<DB>,
  website: { id: number; client_id: number },
  s: {
    type: ScheduleType;
    drip_id?: number | null;
    frequency?: string;
    time?: string;
    timezone?: string;
    date_start?: string | null;
    date_end?: string | null;
    after_mins?: number;
    after_hours?: number;
    choose_time?: object;
    created_at?: Date;
    segment_ids?: number[];
  },
) {
  const row = await db
    .insertInto('schedules')
    .values({
      domain_id: website.id,
      client_id: website.client_id,
      drip_id: s.drip_id ?? null,
      type: s.type,
      frequency: s.frequency ?? null,
      time: s.time ?? null,
      timezone: s.timezone ?? 'UTC',
      date_start: s.date_start ?? null,
      date_end: s.date_end ?? null,
      after_mins: s.after_mins ?? 0,
      after_hours: s.after_hours ?? 0,
      choose_time: s.choose_time ? JSON.stringify(s.choose_time) : null,
      ...(s.created_at ? { created_at: s.created_at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const segment_id of s.segment_ids ?? []) {
    await db.insertInto('schedule_audiences').values({ schedule_id: row.id, segment_id }).execute();
  }
  await planSchedule(db, row.id);
  return row;
}

/** A website's rollups summed; throws when the coarse rollup tables disagree with them (every table, not only this website). */
export async function rollup(db: Kysely<DB>, domainId: number) {
  await assertCoarseAgree(db);
  const r = await db
    .selectFrom('stats_hourly')
    .select((eb) => [
      eb.fn.sum<number>('sent').as('sent'),
      eb.fn.sum<number>('delivered').as('delivered'),
      eb.fn.sum<number>('clicked').as('clicked'),
      eb.fn.sum<number>('subscribed').as('subscribed'),
      eb.fn.sum<number>('unsubscribed').as('unsubscribed'),
      eb.fn.sum<number>('deactivated').as('deactivated'),
      eb.fn.sum<number>('full_unsubscribed').as('full_unsubscribed'),
      eb.fn.sum<number>('error_401').as('error_401'),
      eb.fn.sum<number>('error_403').as('error_403'),
      eb.fn.sum<number>('error_404').as('error_404'),
      eb.fn.sum<number>('error_413').as('error_413'),
      eb.fn.sum<number>('error_429').as('error_429'),
      eb.fn.sum<number>('error_x').as('error_x'),
    ])
    .where('domain_id', '=', domainId)
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v ?? 0)])) as Record<keyof typeof r, number>;
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
