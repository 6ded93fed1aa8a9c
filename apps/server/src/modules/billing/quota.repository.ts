import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, PlanFeatures } from '../../db/schema.ts';

/** The quotas a client is held to; null fields are unlimited (no plan: everything unlimited). */
export interface ClientQuota {
  clientId: number;
  timezone: string;
  planId: number | null;
  planName: string | null;
  monthly_sends: number | null;
  active_subscribers: number | null;
  websites: number | null;
  features: PlanFeatures;
}

/** Advisory lock namespaces (the second key of pg_advisory_xact_lock is the client id). */
const LOCK_SUBSCRIBERS = 1_800_001;
const LOCK_WEBSITES = 1_800_002;

/** Ledger statuses that did not use the send quota (the over-quota count of the Billing screen reads `over_quota`). */
export const NOT_SENT = ['queued', 'over_quota', 'skipped'] as const;

type Zone = string | Expression<string>;
type ClientRef = number | Expression<number>;

/** The first instant of the current calendar month in the zone, as SQL. */
export const monthStartSql = (tz: Zone) =>
  sql<Date>`(date_trunc('month', now() at time zone ${tz}) at time zone ${tz})`;

/** The first instant of the previous calendar month in the zone: a row claimed since then may still be sent now. */
const previousMonthStartSql = (tz: Zone) =>
  sql<Date>`((date_trunc('month', now() at time zone ${tz}) - interval '1 month') at time zone ${tz})`;

/**
 * Rollup hours (`h.hour`) of the current calendar month in the zone, by the statistics' own rule (docs/metrics.md,
 * "Time buckets": an hour belongs to the local month of its start); the first condition only narrows the index range.
 */
export const thisMonthHoursSql = (tz: Zone) =>
  sql<boolean>`h.hour >= ${monthStartSql(tz)} - interval '1 day'
    and h.hour at time zone ${tz} >= date_trunc('month', now() at time zone ${tz})`;

/**
 * Ledger rows claimed for sending whose outcome is not recorded yet (`sending`, claimed this month or the last):
 * counted against the quota until their outcome moves them into the rollups (sent) or out of the count (failed).
 */
export const inFlightSql = (clientId: ClientRef, tz: Zone, exclude: readonly number[] = []): RawBuilder<number> =>
  sql<number>`(select count(*) from send_ledger l where l.client_id = ${clientId} and l.status = 'sending'
    and l.quota_at >= ${previousMonthStartSql(tz)}${exclude.length ? sql` and l.id not in (${sql.join([...exclude])})` : sql``})`;

/**
 * The month's sends of a client, the one figure of Billing, the quota and the staff overview: pushes the push
 * services accepted this calendar month (the client's zone), read from the same hourly rollups as every statistics
 * screen (`stats_hourly_client.sent`, written with the ledger in one transaction), plus the rows still in flight.
 */
export const monthlySendsSql = (clientId: ClientRef, tz: Zone, exclude: readonly number[] = []): RawBuilder<number> =>
  sql<number>`(coalesce((select sum(h.sent) from stats_hourly_client h
    where h.client_id = ${clientId} and ${thisMonthHoursSql(tz)}), 0) + ${inFlightSql(clientId, tz, exclude)})`;

/** Plans, quotas and the locks that make quota checks exact under concurrent requests. */
export class QuotaRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async quotaOf(clientId: number): Promise<ClientQuota> {
    const row = await this.db
      .selectFrom('clients as c')
      .leftJoin('plans as p', 'p.id', 'c.plan_id')
      .select(['c.id', 'c.timezone', 'p.id as planId', 'p.name', 'p.monthly_sends', 'p.active_subscribers'])
      .select(['p.websites', 'p.features'])
      .where('c.id', '=', clientId)
      .executeTakeFirstOrThrow();
    return {
      clientId: row.id,
      timezone: row.timezone,
      planId: row.planId,
      planName: row.name,
      monthly_sends: row.monthly_sends,
      active_subscribers: row.active_subscribers,
      websites: row.websites,
      features: row.features ?? {},
    };
  }

  /** Serialises subscribe calls of one client for the rest of the transaction. */
  async lockSubscribers(clientId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${LOCK_SUBSCRIBERS}, ${clientId})`.execute(this.db);
  }

  async lockWebsites(clientId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${LOCK_WEBSITES}, ${clientId})`.execute(this.db);
  }

  /** Serialises the send-quota check of one client-month (the key is the month number yyyymm in the client's zone). */
  async lockSendMonth(clientId: number, tz: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(${clientId}, cast(to_char(now() at time zone ${tz}, 'YYYYMM') as int))`.execute(
      this.db,
    );
  }

  async activeSubscribers(clientId: number): Promise<number> {
    const r = await this.db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_id', '=', clientId)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async liveWebsites(clientId: number): Promise<number> {
    const r = await this.db
      .selectFrom('domains')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** This month's sends (monthlySendsSql) of a client, leaving out the in-flight rows `exclude`. */
  async sendsThisMonth(clientId: number, tz: string, exclude: readonly number[] = []): Promise<number> {
    const r = await sql<{ n: string | number }>`select ${monthlySendsSql(clientId, tz, exclude)} as n`.execute(this.db);
    return Number(r.rows[0]!.n);
  }

  /** Counts one refusal of the day (the client's day) by kind. */
  async countRefusal(clientId: number, kind: 'subscribers' | 'websites', tz: string): Promise<void> {
    await sql`insert into quota_refusals (client_id, kind, day, count)
      values (${clientId}, ${kind}, cast(now() at time zone ${tz} as date), 1)
      on conflict (client_id, kind, day) do update set count = quota_refusals.count + 1`.execute(this.db);
  }
}
