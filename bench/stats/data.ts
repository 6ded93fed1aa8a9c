import { STAT_COUNTER_NAMES } from '@pushdeck/contracts';
/**
 * The bench data: websites, drips, hourly rollups, the raw-events baseline holding the same facts, leavers and
 * scheduled occurrences. Everything in SQL (generate_series, seeded random()), split over two sessions.
 */
import pg from 'pg';
import { CLIENT_SLOTS } from '../../apps/server/src/modules/stats/rollups.repository.ts';

const ROLLUP_TABLES = ['stats_hourly', 'stats_hourly_website', 'stats_hourly_client'];

export interface Shape {
  websites: number;
  clients: number;
  drips: number;
  days: number;
}

/** Kind codes of raw_events: one row per counter increment. */
export const KINDS = STAT_COUNTER_NAMES;

/** Raw types of the ten drips of a website (families: 6 recurring, 2 welcome, 1 trigger, 1 instant). */
const DRIP_TYPES = ['recurring', 'recurring', 'recurring', 'recurring', 'tail-recurring', 'one'];
const DRIP_SCHEMA_TYPE = (raw: string) => (raw === 'tail-recurring' || raw === 'one' ? 'recurring' : raw);
export function dripTypes(n: number): string[] {
  const base = [...DRIP_TYPES, 'welcome', 'welcome', 'trigger', 'instant'];
  return Array.from({ length: n }, (_, i) => base[i % base.length]!);
}

/** The UTC hour expression the raw table is indexed on and the raw view exposes as `hour`. */
export const RAW_HOUR = `(date_trunc('hour', at at time zone 'UTC') at time zone 'UTC')`;

async function session<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`set maintenance_work_mem = '512MB'`);
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Runs `sql` once per part (parameter $1 = part, $2 = parts) on `parts` sessions at once. */
async function split(url: string, parts: number, sql: string): Promise<void> {
  await Promise.all(
    Array.from({ length: parts }, (_, i) =>
      session(url, async (c) => {
        await c.query(`select setseed(${(0.1 + i / (parts * 2)).toFixed(3)})`);
        await c.query(sql, [i, parts]);
      }),
    ),
  );
}

export interface Filled {
  /** Bench clients, the demo client (client@) first. */
  clients: { id: number; client_uid: string }[];
  rollupRows: number;
  rawRows: number;
  timings: Record<string, number>;
}

/**
 * Clears the demo facts, then fills: `clients − 1` new clients next to the demo client `acme`, `websites` websites
 * spread evenly over them, `drips` drips each, one rollup row per drip and hour (and one subscriber-event row per
 * website and hour) over the last `days` days; the facts of the demo client's websites also as raw events (one row
 * per counter increment); 100 subscribers per website (half of them left during the period); one occurrence per
 * drip and day.
 */
export async function fill(url: string, shape: Shape, acmeId: number): Promise<Filled> {
  const timings: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    timings[name] = (performance.now() - t) / 1000;
  };
  const types = dripTypes(shape.drips);
  const typeArray = `array[${types.map((t) => `'${t}'`).join(',')}]`;
  const schemaTypeArray = `array[${types.map((t) => `'${DRIP_SCHEMA_TYPE(t)}'`).join(',')}]`;
  let clients: Filled['clients'] = [];
  await step('websites, drips', () =>
    session(url, async (c) => {
      await c.query(
        'truncate stats_hourly, stats_hourly_website, stats_hourly_client, send_ledger, occurrences, subscribers cascade',
      );
      await c.query(
        `insert into clients (client_uid, name)
         select 'benchclient' || g, 'Bench client ' || g from generate_series(2, $1::int) g`,
        [shape.clients],
      );
      clients = (
        await c.query<{ id: number; client_uid: string }>(
          `select id, client_uid from clients where id = $1 or client_uid like 'benchclient%'
           order by id = $1 desc, id`,
          [acmeId],
        )
      ).rows;
      await c.query(
        `insert into domains (client_id, url)
         select ($1::int[])[1 + (g - 1) % array_length($1::int[], 1)], 'https://site' || g || '.bench.test'
         from generate_series(1, $2::int) g`,
        [clients.map((x) => x.id), shape.websites],
      );
      await c.query(
        `insert into drips (domain_id, client_id, drip_number, type, title)
         select d.id, d.client_id, n, (${schemaTypeArray})[n], 'Drip ' || n
         from domains d cross join generate_series(1, $1::int) n where d.url like '%.bench.test'`,
        [shape.drips],
      );
      // bench-only: rollups and raw events are loaded without WAL and with indexes built afterwards
      for (const t of ROLLUP_TABLES) await c.query(`alter table ${t} set unlogged`);
      await c.query(`create unlogged table raw_events (
        domain_id integer not null, client_id integer not null, drip_id integer not null, type text not null,
        at timestamptz not null, kind smallint not null)`);
    }),
  );
  // every rollup table loses its indexes and primary key during the load; they are rebuilt afterwards
  const shIndexes = await session(url, async (c) => {
    const defs: string[] = [];
    for (const t of ROLLUP_TABLES) {
      const pk = (
        await c.query<{ name: string; def: string }>(
          `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
           where conrelid = $1::regclass and contype = 'p'`,
          [t],
        )
      ).rows[0]!;
      const idx = (
        await c.query<{ name: string; def: string }>(
          `select indexname as name, indexdef as def from pg_indexes where tablename = $1 and indexname <> $2`,
          [t, pk.name],
        )
      ).rows;
      for (const i of idx) await c.query(`drop index ${i.name}`);
      await c.query(`alter table ${t} drop constraint ${pk.name}`);
      defs.push(`alter table ${t} add ${pk.def}`, ...idx.map((i) => i.def));
    }
    return defs;
  });
  const hours = `generate_series(date_trunc('hour', now()) - interval '${shape.days} days',
    date_trunc('hour', now()) - interval '1 hour', interval '1 hour') as h(hour)`;
  const mine = `d.url like '%.bench.test' and d.id % $2::int = $1::int`;
  // In hour order, as the delivery engine writes them: one hour's rows of every website lie together.
  await step('rollups', () =>
    split(
      url,
      2,
      `insert into stats_hourly (domain_id, client_id, drip_id, type, hour, sent, delivered, clicked, deactivated,
         error_429, error_x, subscribed, unsubscribed, full_unsubscribed)
       select * from (
         select dr.domain_id, dr.client_id, dr.id, (${typeArray})[dr.drip_number], h.hour, r.sent,
           r.sent - floor(random() * 3)::int, floor(random() * 2)::int, (random() < 0.2)::int,
           (random() < 0.05)::int, (random() < 0.1)::int, 0, 0, 0
         from domains d join drips dr on dr.domain_id = d.id
         cross join ${hours}
         cross join lateral (select 8 + floor(random() * 9)::int as sent where h.hour is not null and dr.id > 0) r
         where ${mine}
         union all
         select d.id, d.client_id, 0, '', h.hour, 0, 0, 0, 0, 0, 0, 2 + floor(random() * 5)::int,
           floor(random() * 2)::int, (random() < 0.1)::int
         from domains d cross join ${hours} where ${mine}
       ) as x(domain_id, client_id, drip_id, type, hour) order by x.hour`,
    ),
  );
  // the coarse rollups, as addToRollups keeps them: summed over drips, then over websites (slot = website mod 8)
  const sums = KINDS.map((k) => `sum(${k})`).join(', ');
  await step('coarse rollups', () =>
    split(
      url,
      2,
      `insert into stats_hourly_website (domain_id, client_id, type, hour, ${KINDS.join(', ')})
       select domain_id, client_id, type, hour, ${sums} from stats_hourly where domain_id % $2::int = $1::int
       group by hour, domain_id, client_id, type order by hour`,
    ),
  );
  await step('client rollups', () =>
    split(
      url,
      2,
      `insert into stats_hourly_client (client_id, type, hour, slot, ${KINDS.join(', ')})
       select client_id, type, hour, (domain_id % ${CLIENT_SLOTS})::smallint, ${sums} from stats_hourly_website
       where client_id % $2::int = $1::int group by hour, client_id, type, domain_id % ${CLIENT_SLOTS} order by hour`,
    ),
  );
  const counters = KINDS.map((k, i) => `(${i}, s.${k})`).join(', ');
  await step('raw events', () =>
    split(
      url,
      2,
      `insert into raw_events (domain_id, client_id, drip_id, type, at, kind)
       select s.domain_id, s.client_id, s.drip_id, s.type, s.hour + random() * interval '3599 seconds', c.kind
       from stats_hourly s
       cross join lateral (values ${counters}) as c(kind, n)
       cross join lateral generate_series(1, c.n) as e(i)
       where s.client_id = ${acmeId} and s.domain_id % $2::int = $1::int`,
    ),
  );
  await step('indexes', () =>
    Promise.all([
      session(url, async (c) => {
        for (const def of shIndexes) await c.query(def);
        for (const t of ROLLUP_TABLES) await c.query(`vacuum analyze ${t}`);
      }),
      session(url, async (c) => {
        // the raw table gets the rollups' indexes: (client_id, hour), (domain_id, hour), (hour)
        await c.query(`create index raw_events_client_hour on raw_events (client_id, ${RAW_HOUR})`);
        await c.query(`create index raw_events_domain_hour on raw_events (domain_id, ${RAW_HOUR})`);
        await c.query(`create index raw_events_hour on raw_events (${RAW_HOUR})`);
        await c.query('vacuum analyze raw_events');
      }),
    ]),
  );
  await step('subscribers, occurrences', () =>
    session(url, async (c) => {
      await c.query('select setseed(0.7)');
      await c.query(
        `insert into subscribers (domain_id, client_id, endpoint, p256dh, auth, status, is_active, created_at,
           unsubscribed_at, deactivated_at)
         select d.id, d.client_id, 'https://push.bench.test/' || d.id || '/' || g, 'p256dh', 'auth',
           case when l.kind = 1 then 'unsubscribed' when l.kind = 2 then 'deactivated' else 'active' end,
           (l.kind = 0)::int, l.left_at - l.stay, case when l.kind = 1 then l.left_at end,
           case when l.kind = 2 then l.left_at end
         from domains d cross join generate_series(1, 100) g
         cross join lateral (select case when random() < 0.5 then 0 when random() < 0.6 then 1 else 2 end + g * 0
             as kind, now() - random() * interval '${shape.days} days' as left_at,
             random() * interval '200 days' as stay) l
         where d.url like '%.bench.test'`,
      );
      await c.query(
        `insert into occurrences (drip_id, domain_id, client_id, type, due_at, status, batches, finished_at)
         select dr.id, dr.domain_id, dr.client_id, (${typeArray})[dr.drip_number], t.due, 'done', 1, t.due
         from drips dr join domains d on d.id = dr.domain_id and d.url like '%.bench.test'
         cross join generate_series(1, $1::int) day
         cross join lateral (select date_trunc('day', now()) - day * interval '1 day'
           + ((dr.id * 7) % 24) * interval '1 hour' as due) t`,
        [shape.days],
      );
      await c.query('vacuum analyze subscribers');
      await c.query('vacuum analyze occurrences');
    }),
  );
  // The raw view: the rollups' columns over raw events, one fact row per event (schema raw, first in the
  // search_path of the baseline app's connections).
  const rawCounters = KINDS.map((k, i) => `(kind = ${i})::int as ${k}`).join(', ');
  await session(url, async (c) => {
    await c.query('create schema raw');
    await c.query(`create view raw.stats_hourly as
      select domain_id, client_id, drip_id, type, ${RAW_HOUR} as hour, ${rawCounters} from public.raw_events`);
    // the coarse tables' names resolve to the same events: the baseline still sums one row per event
    await c.query(`create view raw.stats_hourly_website as
      select domain_id, client_id, type, hour, ${KINDS.join(', ')} from raw.stats_hourly`);
    await c.query(`create view raw.stats_hourly_client as
      select client_id, type, hour, (domain_id % ${CLIENT_SLOTS})::smallint as slot, ${KINDS.join(', ')}
      from raw.stats_hourly`);
  });
  const count = async (table: string) =>
    session(url, async (c) => Number((await c.query(`select count(*)::int8 as n from ${table}`)).rows[0].n));
  return { clients, rollupRows: await count('stats_hourly'), rawRows: await count('raw_events'), timings };
}
