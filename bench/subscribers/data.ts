/** The bench database: created and dropped here, migrated and seeded like a first start, filled in SQL. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AppConfig } from '../../apps/server/src/config.ts';
import { type DatabaseHandle, openPostgres } from '../../apps/server/src/db/connect.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { seedRolesAndPermissions } from '../../apps/server/src/db/seed.ts';
import { seedInitialData } from '../../apps/server/src/demo/index.ts';

export interface BenchDatabase {
  handle: DatabaseHandle;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function createBenchDatabase(adminUrl: string, config: AppConfig): Promise<BenchDatabase> {
  const name = `pushdeck_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  await migrate(handle);
  await seedRolesAndPermissions(handle.db);
  await seedInitialData(handle.db, config);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * `count` subscribers of one website in one statement (generate_series, seeded random()): Chrome 60 %, Firefox 20 %,
 * Safari 15 %, Edge 5 %; languages en-US 40 %, en 10 %, de-DE 15 %, fr 10 %, uk 10 %, pt-BR 15 %; countries and
 * devices likewise spread; 10 % inactive; created over the last year.
 */
export async function fillSubscribers(url: string, site: { id: number; client_id: number }, count: number) {
  await admin(url, async (c) => {
    await c.query('select setseed(0.42)');
    await c.query(
      `insert into subscribers (domain_id, client_id, endpoint, p256dh, auth, device, os, browser, resolution, location,
         language, timezone, subscription_url, last_url_visited, last_drip_number, ip, is_active, status, created_at,
         updated_at)
       select $1::int, $2::int, 'https://fcm.googleapis.com/fcm/send/bench-' || $1::int || '-' || g, 'p256dh', 'auth',
         (array['desktop','desktop','desktop','mobile','mobile','tablet'])[1 + floor(random() * 6)::int],
         (array['Windows','macOS','Android','iOS','Linux'])[1 + floor(random() * 5)::int],
         case when r.b < 0.60 then 'Chrome' when r.b < 0.80 then 'Firefox' when r.b < 0.95 then 'Safari' else 'Edge' end,
         (array['1920x1080','1366x768','390x844','2560x1440'])[1 + floor(random() * 4)::int],
         case when r.l < 0.30 then 'US' when r.l < 0.45 then 'DE' when r.l < 0.55 then 'FR' when r.l < 0.60 then 'UA'
              when r.l < 0.80 then 'GB' else 'BR' end,
         case when r.lang < 0.40 then 'en-US' when r.lang < 0.50 then 'en' when r.lang < 0.65 then 'de-DE'
              when r.lang < 0.75 then 'fr' when r.lang < 0.85 then 'uk' else 'pt-BR' end,
         (array['UTC','Europe/Berlin','America/New_York','Europe/Kyiv'])[1 + floor(random() * 4)::int],
         'https://shop.acme.test/landing/' || (g % 50), 'https://shop.acme.test/p/' || (g % 997),
         floor(random() * 30)::int, '10.' || (g % 250) || '.' || (g % 199) || '.' || (g % 97),
         case when r.dead < 0.10 then 0 else 1 end, case when r.dead < 0.10 then 'deactivated' else 'active' end,
         now() - interval '365 days' + g * interval '1 second' * (31536000.0 / $3::int),
         now() - interval '30 days' + random() * interval '30 days'
       from generate_series(1, $3::int) as g,
            lateral (select random() + g * 0 as b, random() + g * 0 as l, random() + g * 0 as lang,
                            random() + g * 0 as dead) as r`,
      [site.id, site.client_id, count],
    );
    await c.query('vacuum analyze subscribers');
  });
}
