/**
 * The data the route fuzz test works on: the demo websites plus an audience, subscribers, drips, a group and a
 * tag; plausible values (ids that exist, strings by field name) and a known valid body for the main write calls,
 * so that mutated requests get past validation into the handlers.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { addAudience, clientUidOf, demoSites, recurringItem, welcomeItem } from '../modules/drips/drip-test-kit.ts';
import { addSubscribers } from '../modules/segments/segment-test-fixtures.ts';
import { ADMIN, DEMO, type TestApp, TestClient } from './harness.ts';
import type { Plausible } from './hostile-input.ts';

const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';
const englishQuery = { filters: [{ language: { type: 'and', operator: '=', values: ['en-US'] } }] };

/** A date `offset` days from today (statistics take recent ranges only). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export interface FuzzFixtures {
  plausible: Plausible;
  /** A valid body of the main write calls, by `METHOD /openapi/{path}`. */
  examples: Record<string, unknown>;
  /** The demo client's uid, for the `client` header. */
  acmeUid: string;
}

export async function fuzzFixtures(t: TestApp): Promise<FuzzFixtures> {
  const db: Kysely<DB> = t.handle.db;
  const { shop, blog, news } = await demoSites(t);
  const acmeUid = await clientUidOf(db, shop);
  const audience = await addAudience(db, shop, 'English');
  const subscribers = await addSubscribers(db, shop, [{ language: 'en-US' }, { language: 'de-DE' }]);
  const endpoints = (await db.selectFrom('subscribers').select('endpoint').execute()).map((r) => r.endpoint);
  const acme = new TestClient(t.app, '10.1.0.1');
  await acme.login(DEMO.client);
  const recurring = await acme.post('/api/v1/drips/recurring/createOrUpdate', [recurringItem(shop.id, [audience])]);
  const welcome = await acme.post('/api/v1/drips/welcome/createOrUpdate', [welcomeItem(shop.id)]);
  const group = await acme.post('/api/v1/abstract/groups', { domain_id: shop.id, name: 'Mornings' });
  const admin = new TestClient(t.app, '10.1.0.2');
  await admin.login(ADMIN.email, ADMIN.password);
  const tag = await admin.post('/api/v1/tags', { name: 'Europe', type: 'geo' });
  for (const res of [recurring, welcome, group, tag]) {
    if (res.statusCode >= 300) throw new Error(`fuzz fixtures: ${res.statusCode} ${res.body}`);
  }
  const recurringId = recurring.json().data[0].id as number;
  const page = 'https://shop.acme.test/p';
  const sub = { endpoint: endpoints[0], keys: { p256dh: P256DH, auth: AUTH } };
  const ws = shop.website_id;
  const examples: Record<string, unknown> = {
    'POST /api/v1/drips/recurring/createOrUpdate': [recurringItem(shop.id, [audience])],
    'POST /api/v1/drips/welcome/createOrUpdate': [welcomeItem(shop.id)],
    'POST /api/v1/drips/trigger/createOrUpdate': [{ ...welcomeItem(shop.id), type: 'trigger', event: 'cart' }],
    'POST /api/v1/drips/recurring/setup': { drip: recurringItem(shop.id, [audience]), domain_ids: [blog.id] },
    'PUT /api/v1/drips/{id}': { ...recurringItem(shop.id, [audience]), id: recurringId },
    'POST /api/v1/segments': { name: 'Fuzz', domain_id: shop.id, query: englishQuery },
    'PUT /api/v1/segments/{id}': { name: 'Fuzz', domain_id: shop.id, query: englishQuery },
    'POST /api/v1/segments/count': { domain_id: shop.id, query: englishQuery },
    'POST /api/v1/domains': { url: 'https://fuzz.acme.test' },
    'PUT /api/v1/domains/{id}': { postback: 'https://shop.acme.test/pb', is_active: 1 },
    'POST /api/v1/abstract/groups': { domain_id: shop.id, name: 'Evenings', drip_ids: [recurringId] },
    'POST /api/v1/schedules/createOrUpdateSpam': {
      domain_id: shop.id,
      type: 'spam-recurring',
      name: 'Every 20 minutes',
      frequency: 'minutely',
      drips: [recurringId],
      audiences: [audience],
      time: '00:20:00',
      date_start: '2026-01-01 08:00:00',
      date_end: '2099-12-31 22:00:00',
      days_of_week: 'monday tuesday',
      timezone: 'Europe/Berlin',
    },
    'POST /api/v2/statistics/getDataExplorer': {
      timezone: 'Europe/Kyiv',
      date_trunc: 'month',
      filters: { date_start: '2026-09-10', date_end: '2026-11-10', type: ['recurring'] },
      groups: ['client', 'type'],
      orders: [{ d2c: 'DESC' }],
    },
    'PUT /api/v1/subscribers/{id}': { subscription_url: page, last_url_visited: page },
    'POST /api/public/v1/subscribe': { website_id: ws, subscription: sub, device: 'desktop', language: 'en-US' },
    'POST /api/public/v1/visit': { website_id: ws, endpoint: sub.endpoint, url: page },
    'POST /api/public/v1/trigger': { website_id: ws, endpoint: sub.endpoint, event: 'cart' },
    'POST /api/public/v1/unsubscribe': { website_id: ws, endpoint: sub.endpoint },
    'POST /api/auth/client/register': {
      name: 'Fuzz',
      email: 'fuzz@new.test',
      password: 'a-long-enough-password',
      password_confirmation: 'a-long-enough-password',
    },
  };
  const ids = [
    shop.id,
    blog.id,
    news.id,
    audience,
    ...subscribers,
    recurring.json().data[0].id,
    welcome.json().data[0].id,
    group.json().data.id,
    tag.json().data.id,
  ];
  const plausible: Plausible = {
    ids: [...new Set(ids)],
    strings: [
      'Acme',
      shop.website_id,
      news.website_id,
      acmeUid,
      DEMO.client,
      'https://shop.acme.test/deals',
      'https://fcm.googleapis.com/fcm/send/fuzz',
      P256DH,
      AUTH,
      'Europe/Kyiv',
      '2026-01-01',
      '2026-01-01 09:00:00',
      '09:00',
      'daily',
      'monday friday',
      'en-US',
      'Chrome',
      'welcome',
      'recurring',
      'geo',
      'id:desc',
      'day',
    ],
    idsByName: [
      [/domain|website/i, [shop.id, blog.id, news.id]],
      [/segment|audience/i, [audience]],
      [/drip/i, [recurring.json().data[0].id, welcome.json().data[0].id]],
      [/group/i, [group.json().data.id]],
      [/tag/i, [tag.json().data.id]],
      [/subscriber/i, subscribers],
    ],
    byName: [
      [
        /^(url|icon|image|postback|subscription_url|last_url_visited)$/,
        ['https://shop.acme.test/deals', 'http://x.test'],
      ],
      [/endpoint/, endpoints],
      [/website_id/, [shop.website_id, news.website_id]],
      [/timezone/, ['Europe/Kyiv', 'UTC']],
      [/^date/, [day(-7), day(-2), day(-1), day(0), `${day(-1)} 10:00:00`]],
      [/time/, ['09:00', '23:59:59']],
      [/email/, [DEMO.client, 'someone@new.test']],
      [/password/, ['a-long-enough-password']],
      [/p256dh/, [P256DH]],
      [/^auth$/, [AUTH]],
      [/^(m|event|name|title|body)$/, ['Deals', 'welcome', 'x']],
    ],
  };
  return { plausible, examples, acmeUid };
}
