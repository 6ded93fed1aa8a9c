import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { addUser, seedAdmin } from '../db/seed.ts';
import { randomToken } from '../lib/crypto.ts';

export const DEMO_PASSWORD = 'demo-password';

/** Demo accounts (README lists them). Seeded only on the first start of an empty database. */
export const DEMO_USERS = [
  { email: 'moder@pushdeck.test', name: 'Morgan Moder', role: 'moder', client: null },
  { email: 'client@pushdeck.test', name: 'Carla Client', role: 'client', client: 'Acme Shop' },
  { email: 'user@pushdeck.test', name: 'Umar User', role: 'user', client: 'Acme Shop' },
  { email: 'viewer@pushdeck.test', name: 'Vera Viewer', role: 'viewer', client: 'Acme Shop' },
  { email: 'globex@pushdeck.test', name: 'Gus Globex', role: 'client', client: 'Globex News' },
] as const;

export const DEMO_CLIENTS = [
  { name: 'Acme Shop', domains: ['https://shop.acme.test', 'https://blog.acme.test'] },
  { name: 'Globex News', domains: ['https://news.globex.test'] },
] as const;

/** The demo clients, their websites and the demo accounts (README lists them); on a database with no client yet. */
export async function seedDemoAccounts(db: Kysely<DB>): Promise<void> {
  const clientIds = new Map<string, number>();
  for (const c of DEMO_CLIENTS) {
    const row = await db
      .insertInto('clients')
      .values({ client_uid: randomToken(12), name: c.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    clientIds.set(c.name, row.id);
    await db
      .insertInto('domains')
      .values(c.domains.map((url) => ({ client_id: row.id, url })))
      .execute();
  }
  for (const u of DEMO_USERS) {
    await addUser(db, {
      email: u.email,
      name: u.name,
      role: u.role,
      clientId: u.client ? clientIds.get(u.client)! : null,
      password: DEMO_PASSWORD,
    });
  }
}

/** First start on an empty database: the admin, and with demo data on (`PUSHDECK_DEMO`), the demo accounts. */
export async function seedInitialData(db: Kysely<DB>, config: AppConfig): Promise<{ seeded: boolean }> {
  const { seeded } = await seedAdmin(db, config);
  if (seeded && config.seedDemo) await seedDemoAccounts(db);
  return { seeded };
}
