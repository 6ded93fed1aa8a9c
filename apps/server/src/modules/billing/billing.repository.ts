import type { PlanBody } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inFlightSql, monthStartSql, thisMonthHoursSql } from './quota.repository.ts';

const planColumns = ['id', 'name', 'monthly_sends', 'active_subscribers', 'websites', 'features'] as const;

/** Plans, plan requests, and the usage figures read from the rollups, the ledger and the subscriber tables. */
export class BillingRepository {
  constructor(private readonly db: Kysely<DB>) {}

  plans() {
    return this.db
      .selectFrom('plans')
      .select([...planColumns, 'created_at', 'updated_at'])
      .orderBy('id')
      .execute();
  }

  plan(id: number) {
    return this.db
      .selectFrom('plans')
      .select([...planColumns, 'created_at', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  insertPlan(body: PlanBody) {
    return this.db
      .insertInto('plans')
      .values({ ...body, features: JSON.stringify(body.features) })
      .returning([...planColumns, 'created_at', 'updated_at'])
      .executeTakeFirstOrThrow();
  }

  updatePlan(id: number, body: PlanBody) {
    return this.db
      .updateTable('plans')
      .set({ ...body, features: JSON.stringify(body.features), updated_at: new Date() })
      .where('id', '=', id)
      .returning([...planColumns, 'created_at', 'updated_at'])
      .executeTakeFirst();
  }

  async deletePlan(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('plans').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async setClientPlan(clientId: number, planId: number | null): Promise<void> {
    await this.db
      .updateTable('clients')
      .set({ plan_id: planId, updated_at: new Date() })
      .where('id', '=', clientId)
      .execute();
  }

  /** The plan of every client (null: unlimited). */
  clientPlans() {
    return this.db.selectFrom('clients').select(['id as client_id', 'plan_id']).orderBy('id').execute();
  }

  client(clientId: number) {
    return this.db
      .selectFrom('clients')
      .select(['id', 'name', 'plan_id', 'timezone'])
      .where('id', '=', clientId)
      .executeTakeFirst();
  }

  private requestsQuery() {
    return this.db
      .selectFrom('plan_requests as r')
      .innerJoin('clients as c', 'c.id', 'r.client_id')
      .innerJoin('plans as p', 'p.id', 'r.plan_id')
      .leftJoin('plans as cp', 'cp.id', 'c.plan_id')
      .leftJoin('users as u', 'u.id', 'r.requested_by')
      .select(['r.id', 'r.client_id', 'c.name as client_name', 'r.plan_id', 'p.name as plan_name'])
      .select(['cp.name as current_plan_name', 'r.status', 'u.email as requested_by_email', 'r.created_at'])
      .select('r.decided_at');
  }

  requests(filter: { clientId?: number; status?: string }) {
    let q = this.requestsQuery();
    if (filter.clientId !== undefined) q = q.where('r.client_id', '=', filter.clientId);
    if (filter.status) q = q.where('r.status', '=', filter.status);
    return q.orderBy('r.id', 'desc').limit(200).execute();
  }

  request(id: number) {
    return this.requestsQuery().where('r.id', '=', id).executeTakeFirst();
  }

  /** The request row locked for the decision. */
  lockRequest(id: number) {
    return this.db
      .selectFrom('plan_requests')
      .select(['id', 'client_id', 'plan_id', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  insertRequest(clientId: number, planId: number, userId: number) {
    return this.db
      .insertInto('plan_requests')
      .values({ client_id: clientId, plan_id: planId, requested_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async decideRequest(id: number, status: 'approved' | 'declined', userId: number): Promise<void> {
    await this.db
      .updateTable('plan_requests')
      .set({ status, decided_by: userId, decided_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Rows still in flight (inFlightSql): counted in today's and this month's sends until their outcome is recorded. */
  private async inFlight(clientId: number, tz: string): Promise<{ day: string; month: string; n: number }> {
    const r = await sql<{ day: string; month: string; n: string | number }>`
      select to_char(now() at time zone ${tz}, 'YYYY-MM-DD') as day, to_char(now() at time zone ${tz}, 'YYYY-MM') as month,
        ${inFlightSql(clientId, tz)} as n`.execute(this.db);
    const row = r.rows[0]!;
    return { day: row.day, month: row.month, n: Number(row.n) };
  }

  /**
   * This month's sends by day (the client's days; the statistics' sent, plus today's rows in flight) and the
   * over-quota rows of the ledger by the day they were refused.
   */
  async daily(clientId: number, tz: string) {
    const sent = await sql<{ day: string; sends: string | number }>`
      select to_char(h.hour at time zone ${tz}, 'YYYY-MM-DD') as day, sum(h.sent) as sends
      from stats_hourly_client h
      where h.client_id = ${clientId} and ${thisMonthHoursSql(tz)}
      group by 1`.execute(this.db);
    const over = await sql<{ day: string; n: string | number }>`
      select to_char(quota_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as n
      from send_ledger
      where client_id = ${clientId} and status = 'over_quota' and quota_at >= ${monthStartSql(tz)}
      group by 1`.execute(this.db);
    const flight = await this.inFlight(clientId, tz);
    const days = new Map<string, { day: string; sends: number; over_quota: number }>();
    const at = (day: string) => days.get(day) ?? days.set(day, { day, sends: 0, over_quota: 0 }).get(day)!;
    for (const r of sent.rows) at(r.day).sends += Number(r.sends);
    for (const r of over.rows) at(r.day).over_quota += Number(r.n);
    if (flight.n > 0) at(flight.day).sends += flight.n;
    return [...days.values()]
      .filter((d) => d.sends > 0 || d.over_quota > 0)
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  }

  /** The last 12 calendar months (the client's), this one included, oldest first; sends as in `daily`. */
  async months(clientId: number, tz: string) {
    const from = sql`(date_trunc('month', now() at time zone ${tz}) - interval '11 months')`;
    const sent = await sql<{ month: string; sends: string | number }>`
      select to_char(h.hour at time zone ${tz}, 'YYYY-MM') as month, sum(h.sent) as sends
      from stats_hourly_client h
      where h.client_id = ${clientId} and h.hour >= (${from} at time zone ${tz}) - interval '1 day'
        and h.hour at time zone ${tz} >= ${from}
      group by 1`.execute(this.db);
    const over = await sql<{ month: string; n: string | number }>`
      select to_char(quota_at at time zone ${tz}, 'YYYY-MM') as month, count(*) as n
      from send_ledger
      where client_id = ${clientId} and status = 'over_quota' and quota_at >= (${from} at time zone ${tz})
      group by 1`.execute(this.db);
    const refused = await sql<{ month: string; n: string }>`
      select to_char(day, 'YYYY-MM') as month, sum(count) as n from quota_refusals
      where client_id = ${clientId} and kind = 'subscribers' and day >= cast(${from} as date)
      group by 1`.execute(this.db);
    const months = await sql<{ month: string }>`
      select to_char(${from} + make_interval(months => g), 'YYYY-MM') as month from generate_series(0, 11) as g`.execute(
      this.db,
    );
    const flight = await this.inFlight(clientId, tz);
    const s = new Map(sent.rows.map((r) => [r.month, Number(r.sends)]));
    const o = new Map(over.rows.map((r) => [r.month, Number(r.n)]));
    const f = new Map(refused.rows.map((r) => [r.month, Number(r.n)]));
    return months.rows.map(({ month }) => ({
      month,
      sends: (s.get(month) ?? 0) + (month === flight.month ? flight.n : 0),
      over_quota: o.get(month) ?? 0,
      refused_subscribers: f.get(month) ?? 0,
    }));
  }

  async currentMonth(tz: string): Promise<string> {
    const r = await sql<{ m: string }>`select to_char(now() at time zone ${tz}, 'YYYY-MM') as m`.execute(this.db);
    return r.rows[0]!.m;
  }
}
