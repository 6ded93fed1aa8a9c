import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { familySql, type StatsScope, scopeSql } from './stats-sql.ts';
import type { LocalRange } from './time-range.ts';

export interface LogQuery {
  scope: StatsScope;
  range: LocalRange;
  rawTypes: readonly string[] | null;
  limit: number;
  offset: number;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

/** Occurrences in scope whose due instant falls on a local date of the range (and of the given raw types). */
function occurrenceFilter(q: LogQuery) {
  const local = sql`(o.due_at at time zone ${q.range.tz})`;
  return sql`o.due_at >= ${q.range.lo} and o.due_at < ${q.range.hi}
    and ${local} >= ${q.range.from}::timestamp and ${local} < ${q.range.toExclusive}::timestamp
    and ${scopeSql(q.scope, 'o')}
    and ${q.rawTypes === null ? sql`true` : q.rawTypes.length ? sql`o.type in (${sql.join([...q.rawTypes])})` : sql`false`}`;
}

/** Drip details for the best-drip and top-push answers, and the send and scheduler logs. */
export class DripStatsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  drips(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('drips')
      .innerJoin('domains', 'domains.id', 'drips.domain_id')
      .select([
        'drips.id',
        'drips.domain_id',
        'domains.website_id',
        'drips.type',
        'drips.title',
        'drips.body',
        'drips.icon',
        'drips.customization',
        'drips.deleted_at',
      ])
      .where('drips.id', 'in', [...ids])
      .execute();
  }

  /** One row per occurrence that sent anything: its ledger counted (targeted, sent, delivered, clicked). */
  async logSent(q: LogQuery) {
    const { rows } = await sql<Record<string, unknown>>`
      select o.id as occurrence_id, o.drip_id, d.website_id, ${familySql(sql`o.type`)} as type, o.due_at, o.finished_at,
        o.status, l.targeted, l.sent, l.delivered, l.clicked
      from occurrences o
      join domains d on d.id = o.domain_id
      cross join lateral (
        select count(*)::float8 as targeted, count(sl.sent_at)::float8 as sent,
          count(sl.delivered_at)::float8 as delivered, count(sl.clicked_at)::float8 as clicked
        from send_ledger sl where sl.occurrence_id = o.id
      ) l
      where ${occurrenceFilter(q)} and l.targeted > 0
      order by o.due_at desc, o.id desc limit ${q.limit} offset ${q.offset}`.execute(this.db);
    return rows.map((r) => ({
      occurrence_id: Number(r.occurrence_id),
      drip_id: Number(r.drip_id),
      website_id: String(r.website_id),
      type: String(r.type),
      due_at: iso(r.due_at)!,
      finished_at: iso(r.finished_at),
      status: String(r.status),
      targeted: Number(r.targeted),
      sent: Number(r.sent),
      delivered: Number(r.delivered),
      clicked: Number(r.clicked),
    }));
  }

  /** One row per scheduler occurrence (a firing of a schedule, a trigger event or an instant send). */
  async logCron(q: LogQuery) {
    const { rows } = await sql<Record<string, unknown>>`
      select o.id as occurrence_id, o.schedule_id, o.drip_id, d.website_id, ${familySql(sql`o.type`)} as type,
        o.due_at, o.status, o.batches, o.created_at, o.finished_at
      from occurrences o join domains d on d.id = o.domain_id
      where ${occurrenceFilter(q)}
      order by o.due_at desc, o.id desc limit ${q.limit} offset ${q.offset}`.execute(this.db);
    return rows.map((r) => ({
      occurrence_id: Number(r.occurrence_id),
      schedule_id: r.schedule_id === null ? null : Number(r.schedule_id),
      drip_id: Number(r.drip_id),
      website_id: String(r.website_id),
      type: String(r.type),
      due_at: iso(r.due_at)!,
      status: String(r.status),
      batches: Number(r.batches),
      created_at: iso(r.created_at)!,
      finished_at: iso(r.finished_at),
    }));
  }
}
