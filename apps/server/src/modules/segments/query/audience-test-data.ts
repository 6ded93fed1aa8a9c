/** Test support: a seeded PRNG, generated subscribers in an in-memory PGlite, random filter trees. */
import { PGlite } from '@electric-sql/pglite';
import {
  AUDIENCE_FIELD_NAMES,
  AUDIENCE_FIELDS,
  AUDIENCE_OPERATORS_BY_KIND,
  type AudienceField,
  type AudienceQuery,
  evaluateAudience,
  parseAudienceDate,
} from '@pushdeck/contracts';
import { type Expression, Kysely, type SqlBool, sql } from 'kysely';
import { Gate } from '../../../db/gate.ts';
import { PgliteDialect } from '../../../db/pglite-dialect.ts';

export interface SubscriberRow {
  id: number;
  domain_id: number | null;
  subscribable_id: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  resolution: string | null;
  location: string | null;
  language: string | null;
  timezone: string | null;
  subscription_url: string | null;
  last_url_visited: string | null;
  last_drip_number: number | null;
  created_at: Date | null;
  updated_at: Date | null;
}
export interface TestDb {
  subscribers: SubscriberRow;
}
export type Rand = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
export const int = (rand: Rand, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));

const TEXT_POOLS: Record<string, readonly (string | null)[]> = {
  device: ['desktop', 'mobile', 'tablet', 'Desktop', null],
  os: ['Windows', 'macOS', 'Android', 'iOS', 'Linux', 'linux', null],
  browser: ['Chrome', 'chrome', 'CHROME', 'Firefox', 'Safari', 'Edge', 'Opera Mini', null],
  resolution: ['1920x1080', '1366x768', '390x844', '2560x1440', null],
  location: ['US', 'DE', 'FR', 'GB', 'UA', 'München', 'MÜNCHEN', 'münchen', 'São Paulo', null],
  language: ['en', 'en-US', 'de', 'de-DE', 'fr', 'uk', 'pt_BR', 'ptXBR', null],
  timezone: ['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Kolkata', null],
};
export const URLS = [
  'https://shop.example/100%_off',
  'https://shop.example/100x_off',
  'https://shop.example/sale?a=1&b=2',
  "https://blog.example/it's-here",
  'https://blog.example/path\\with\\backslash',
  'https://news.example/a_b_c',
  'HTTPS://NEWS.EXAMPLE/UPPER',
  'https://news.example/%25encoded',
  'https://x.example/"quoted"',
  'https://x.example/é',
  '',
  null,
] as const;
const YEAR_START = Date.UTC(2024, 0, 1);
const YEAR_MS = 366 * 86_400_000;

function randomInstant(rand: Rand): Date | null {
  const r = rand();
  if (r < 0.1) return null;
  const day = YEAR_START + int(rand, 0, 365) * 86_400_000;
  return new Date(r < 0.25 ? day : r < 0.3 ? day + 86_400_000 - 1 : day + int(rand, 0, 86_400_000 - 1));
}

export function makeSubscribers(count: number, rand: Rand): SubscriberRow[] {
  const text = (field: string) => pick(rand, TEXT_POOLS[field] ?? [null]);
  const url = () => {
    const base = pick(rand, URLS);
    return base && rand() < 0.5 ? `${base}/${int(rand, 1, 9)}` : base;
  };
  const weird = ['a%b', 'a_b', 'a\\b', "O'Brien", 'Ünïcode'];
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    domain_id: int(rand, 1, 3),
    subscribable_id: rand() < 0.05 ? null : rand() < 0.15 ? pick(rand, weird) : `sub-${int(rand, 1000, 1100)}`,
    device: text('device'),
    os: text('os'),
    browser: text('browser'),
    resolution: text('resolution'),
    location: text('location'),
    language: text('language'),
    timezone: text('timezone'),
    subscription_url: url(),
    last_url_visited: url(),
    last_drip_number: rand() < 0.1 ? null : int(rand, 0, 20),
    created_at: randomInstant(rand),
    updated_at: randomInstant(rand),
  }));
}

export async function openSubscribers(rows: readonly SubscriberRow[]) {
  const pglite = new PGlite();
  const db = new Kysely<TestDb>({ dialect: new PgliteDialect(pglite, new Gate()) });
  await sql`create table subscribers (id integer primary key, domain_id int, subscribable_id text, device text,
    os text, browser text, resolution text, location text, language text, timezone text, subscription_url text,
    last_url_visited text, last_drip_number int, created_at timestamptz, updated_at timestamptz)`.execute(db);
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('subscribers')
      .values(rows.slice(i, i + 100))
      .execute();
  /** The rows as the database returns them (what the evaluator must judge). */
  const stored = await db.selectFrom('subscribers').selectAll().orderBy('id').execute();
  const close = async () => {
    await db.destroy();
    await pglite.close();
  };
  return { db, stored, close };
}

export async function sqlIds(db: Kysely<TestDb>, where: Expression<SqlBool>): Promise<number[]> {
  const found = await db.selectFrom('subscribers').select('id').where(where).orderBy('id').execute();
  return found.map((r) => r.id);
}

export const evaluatorIds = (rows: readonly SubscriberRow[], query: AudienceQuery): number[] =>
  rows.filter((r) => evaluateAudience(query, { ...r })).map((r) => r.id);

function dateText(rand: Rand, at: Date): string {
  const iso = at.toISOString();
  const r = rand();
  if (r < 0.4) return iso.slice(0, 10);
  if (r < 0.7) return iso;
  const shifted = new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 19);
  return `${shifted}+02:00`;
}

/** One value for a field, usually taken from the data (or a piece of it), sometimes from nowhere. */
export function randomValue(
  rand: Rand,
  rows: readonly SubscriberRow[],
  field: AudienceField,
  op: string,
): string | number {
  const seen = (rows[int(rand, 0, rows.length - 1)] as SubscriberRow)[field];
  const kind = AUDIENCE_FIELDS[field];
  if (kind === 'number') return typeof seen === 'number' && rand() < 0.8 ? seen : int(rand, -2, 1200);
  if (kind === 'date') return dateText(rand, seen instanceof Date ? seen : new Date(YEAR_START + rand() * YEAR_MS));
  const text = typeof seen === 'string' && rand() < 0.9 ? seen : pick(rand, ['zzz', '%', '_', '\\', "'", '']);
  if (op !== 'contains' && op !== 'starts with') return text;
  const from = op === 'contains' ? int(rand, 0, text.length) : 0;
  const piece = text.slice(from, from + int(rand, 1, 6));
  return rand() < 0.3 ? piece.toUpperCase() : rand() < 0.3 ? piece.toLowerCase() : piece;
}

/** Puts a `between` pair in order (numbers by value, dates by instant). */
export function orderRange(values: (string | number)[]): void {
  const key = (v: string | number) => (typeof v === 'number' ? v : (parseAudienceDate(v) ?? 0));
  values.sort((a, b) => key(a) - key(b));
}

export function randomCondition(rand: Rand, rows: readonly SubscriberRow[]): Record<string, unknown> {
  const field = pick(rand, AUDIENCE_FIELD_NAMES);
  const kind = AUDIENCE_FIELDS[field];
  const operator = pick(rand, AUDIENCE_OPERATORS_BY_KIND[kind]);
  const count = operator === 'between' ? 2 : operator === 'in' ? int(rand, 1, 6) : 1;
  const values = Array.from({ length: count }, () => randomValue(rand, rows, field, operator));
  if (operator === 'between') orderRange(values);
  const body: Record<string, unknown> = { operator, values, type: pick(rand, ['and', 'or']) };
  if (rand() < 0.5) body.buildtype = kind;
  return { [field]: body };
}

/** A valid random list at `depth` (0 = top level); groups and condition sub-filters stay within 4 levels. */
export function randomList(rand: Rand, rows: readonly SubscriberRow[], depth = 0): unknown[] {
  const length = depth === 0 ? int(rand, 0, 5) : int(rand, 1, 4);
  return Array.from({ length }, () => {
    const r = rand();
    if (depth < 4 && r < 0.25)
      return { group: { type: pick(rand, ['and', 'or']), filters: randomList(rand, rows, depth + 1) } };
    const item = randomCondition(rand, rows);
    if (depth < 4 && r > 0.9) {
      const body = Object.values(item)[0] as Record<string, unknown>;
      body.filters = randomList(rand, rows, depth + 1);
    }
    return item;
  });
}
