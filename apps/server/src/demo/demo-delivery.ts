import path from 'node:path';
import { LocalPushService, type ReceivedMessage } from '@pushdeck/push-service';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { planSchedule } from '../modules/delivery/scheduler.service.ts';
import { addToRollups } from '../modules/stats/rollups.repository.ts';
import type { TrackingService } from '../modules/tracking/tracking.service.ts';
import { demoAudienceOf } from './demo-audiences.ts';
import { seedDemoHistory } from './demo-history.ts';

const DEVICES = [
  {
    device: 'desktop',
    os: 'Windows',
    browser: 'Chrome',
    resolution: '1920x1080',
    language: 'en-US',
    timezone: 'America/New_York',
    location: 'US',
  },
  {
    device: 'mobile',
    os: 'Android',
    browser: 'Chrome',
    resolution: '412x915',
    language: 'uk-UA',
    timezone: 'Europe/Kyiv',
    location: 'UA',
  },
  {
    device: 'desktop',
    os: 'macOS',
    browser: 'Safari',
    resolution: '1440x900',
    language: 'fr-FR',
    timezone: 'Europe/Paris',
    location: 'FR',
  },
  {
    device: 'desktop',
    os: 'Linux',
    browser: 'Firefox',
    resolution: '2560x1440',
    language: 'de-DE',
    timezone: 'Europe/Berlin',
    location: 'DE',
  },
  {
    device: 'tablet',
    os: 'Android',
    browser: 'Samsung Internet',
    resolution: '800x1280',
    language: 'hi-IN',
    timezone: 'Asia/Kolkata',
    location: 'IN',
  },
  {
    device: 'mobile',
    os: 'iOS',
    browser: 'Safari',
    resolution: '390x844',
    language: 'en-GB',
    timezone: 'Europe/London',
    location: 'GB',
  },
] as const;

const PAGES = ['pricing', 'blog', 'contact', 'docs'] as const;

/**
 * One demo website gets four rounds of the device profiles (24 subscribers) so the subscriber and audience screens
 * have more than one page to show; the others get one round (6).
 */
export const DEMO_AUDIENCE_SITE = 'https://blog.acme.test';
const demoRounds = (url: string): number => (url === DEMO_AUDIENCE_SITE ? 4 : 1);

/** The demo subscribers of one website, deterministic: profile i of round r visited page (i + r) mod 4. */
export function demoSubscriberProfiles(url: string) {
  return Array.from({ length: demoRounds(url) }, (_, round) =>
    DEVICES.map((dev, i) => ({ dev, n: round * DEVICES.length + i, page: PAGES[(i + round) % PAGES.length]! })),
  ).flat();
}

/**
 * The local push service in-process, playing the subscribers' browsers: it checks and decrypts every message and,
 * like sw_pm.js would, reports it delivered (and every fourth one clicked).
 */
export async function startLocalPush(config: AppConfig, log: Logger, tracking: () => TrackingService | undefined) {
  let seen = 0;
  const service = await LocalPushService.start({
    port: config.localPush.port,
    host: '127.0.0.1',
    stateDir: path.join(config.dataDir, 'push-service'),
    retainPayloads: false,
    maxStored: 1000,
    log: (message) => log.warn({ component: 'local-push' }, message),
    onMessage: async (m: ReceivedMessage) => {
      const token = (m.json as { m?: unknown } | undefined)?.m;
      const t = tracking();
      if (typeof token !== 'string' || !t) return;
      await t.ping('delivered', { m: token });
      seen += 1;
      if (seen % 4 === 0) await t.ping('clicked', { m: token, action: 'main' });
    },
  });
  log.info({ origin: service.origin }, 'local push service running (demo subscribers)');
  return service;
}

/**
 * Demo subscribers on the local push service for every demo website that has none yet, two welcome drips and a
 * recurring drip (to the website's 'All subscribers' audience) per website, so a fresh start really sends, delivers
 * and counts.
 */
export async function seedDemoDelivery(db: Kysely<DB>, push: LocalPushService): Promise<number> {
  const domains = await db
    .selectFrom('domains')
    .select(['id', 'client_id', 'url', 'vapid_public_key'])
    .where('deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('subscribers as s').select('s.id').whereRef('s.domain_id', '=', 'domains.id'))),
    )
    .execute();
  const now = new Date();
  for (const d of domains) {
    if (!d.vapid_public_key) continue;
    await db.transaction().execute(async (trx) => {
      const profiles = demoSubscriberProfiles(d.url);
      for (const { dev, n, page } of profiles) {
        const sub = push.createSubscription({
          label: `demo ${d.url} #${n + 1}`,
          applicationServerKey: d.vapid_public_key!,
        });
        await trx
          .insertInto('subscribers')
          .values({
            domain_id: d.id,
            client_id: d.client_id,
            endpoint: sub.endpoint,
            p256dh: sub.keys.p256dh,
            auth: sub.keys.auth,
            ...dev,
            subscription_url: `${d.url}/`,
            last_url_visited: `${d.url}/${page}`,
            ip: `203.0.113.${10 + n}`,
            is_demo: 1,
            created_at: now,
          })
          .execute();
      }
      await addToRollups(trx, [
        { domain_id: d.id, client_id: d.client_id, at: now, counters: { subscribed: profiles.length } },
      ]);
      const welcome = [
        {
          n: 1,
          title: 'Thanks for subscribing!',
          body: 'You will hear from us when something new is out.',
          mins: 0,
          hours: 0,
        },
        {
          n: 2,
          title: 'Did you see our best picks?',
          body: 'A short tour of what readers like most.',
          mins: 0,
          hours: 1,
        },
      ];
      const dripIds: number[] = [];
      for (const w of welcome) {
        const drip = await trx
          .insertInto('drips')
          .values({
            domain_id: d.id,
            client_id: d.client_id,
            type: 'welcome',
            drip_number: w.n,
            title: w.title,
            body: w.body,
            url: `${d.url}/`,
            customization: JSON.stringify({ ttl: 7200, requireInteraction: false }),
            meta: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        dripIds.push(drip.id);
        await trx
          .insertInto('schedules')
          .values({
            domain_id: d.id,
            client_id: d.client_id,
            drip_id: drip.id,
            type: 'welcome',
            after_hours: w.hours,
            after_mins: w.mins,
            created_at: new Date(now.getTime() - 1000),
          })
          .execute();
      }
      const recurring = await trx
        .insertInto('drips')
        .values({
          domain_id: d.id,
          client_id: d.client_id,
          type: 'recurring',
          title: 'This week on our site',
          body: 'Fresh picks, chosen for you.',
          url: `${d.url}/weekly`,
          customization: JSON.stringify({ ttl: 7200 }),
          meta: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const schedule = await trx
        .insertInto('schedules')
        .values({
          domain_id: d.id,
          client_id: d.client_id,
          drip_id: recurring.id,
          type: 'recurring',
          frequency: 'daily',
          time: '09:00',
          timezone: 'UTC',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // a recurring drip has an audience (part 1 §5): this one is for every subscriber of the website
      const audience = await demoAudienceOf(trx, d);
      await trx.insertInto('schedule_audiences').values({ schedule_id: schedule.id, segment_id: audience }).execute();
      await planSchedule(trx, schedule.id);
      await seedDemoHistory(
        trx,
        { id: d.id, client_id: d.client_id, welcomeDripId: dripIds[0]!, recurringDripId: recurring.id },
        now,
      );
    });
  }
  return domains.length;
}
