import { type Kysely, sql } from 'kysely';
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

/** Ledger statuses that did not use the send quota. */
export const NOT_SENT = ['queued', 'over_quota', 'skipped'] as const;

/** The first instant of the current calendar month in the zone, as SQL. */
export const monthStartSql = (tz: string) =>
  sql<Date>`(date_trunc('month', now() at time zone ${tz}) at time zone ${tz})`;

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

  /** Ledger rows counted against this month's send quota, leaving out `exclude`. */
  async sendsThisMonth(clientId: number, tz: string, exclude: readonly number[] = []): Promise<number> {
    let q = this.db
      .selectFrom('send_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_id', '=', clientId)
      .where('quota_at', '>=', monthStartSql(tz))
      .where('status', 'not in', [...NOT_SENT]);
    if (exclude.length) q = q.where('id', 'not in', [...exclude]);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Counts one refusal of the day (the client's day) by kind. */
  async countRefusal(clientId: number, kind: 'subscribers' | 'websites', tz: string): Promise<void> {
    await sql`insert into quota_refusals (client_id, kind, day, count)
      values (${clientId}, ${kind}, cast(now() at time zone ${tz} as date), 1)
      on conflict (client_id, kind, day) do update set count = quota_refusals.count + 1`.execute(this.db);
  }
}
