import { COPY_LIMITS, chunked } from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB, DripRow, ScheduleRow } from '../../db/schema.ts';
import { nextDispDate, TIMED_TYPES } from '../delivery/schedule-rule.ts';

/** A source recurring drip with its first schedule and that schedule's audiences (segment ids). */
export interface SourceDrip {
  drip: DripRow;
  schedule: ScheduleRow | undefined;
  audiences: number[];
}

/** One drip to write on a target: its fields, its schedule (copied) and its audiences (the target's ids). */
export interface CopyItem {
  source: SourceDrip;
  groupId: number | null;
  audiences: number[];
  /** The copy's own schedule on or off (a migration's copies are sent by the spam schedule only). */
  scheduleActive?: 0 | 1;
}

/**
 * Lets the event loop run between batches: on the embedded database every statement runs synchronously in this
 * process, so a long copy would otherwise hold back every other request until it ends.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const isTimed = (type: string) => (TIMED_TYPES as readonly string[]).includes(type);

/**
 * What the copy tools read and write. Reads of the source are by ids already checked to be in scope; writes run on
 * the transaction of one target website (the service constructs this on it), in multi-row statements of 500.
 */
export class CopyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Live websites of a client among `ids`, with their client. */
  websitesOf(clientId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('domains')
      .select(['id', 'client_id', 'url'])
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .where('id', 'in', [...ids])
      .execute();
  }

  clientExists(id: number) {
    return this.db.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst();
  }

  /** Live recurring drip ids of a website, newest first (`*`), or those of `ids` that are. */
  async recurringIds(domainId: number, ids?: readonly number[]): Promise<number[]> {
    const out: number[] = [];
    for (const part of ids ? chunked(ids, 5000) : [undefined]) {
      let q = this.db
        .selectFrom('drips')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('type', '=', 'recurring')
        .where('deleted_at', 'is', null);
      if (part) q = q.where('id', 'in', part);
      out.push(...(await q.orderBy('id', 'desc').execute()).map((r) => r.id));
    }
    return out;
  }

  /**
   * The drips of `ids` whose first schedule sends to no audience (or that have no schedule), in the order of `ids`:
   * a copy of them would break the rule that a recurring drip has an audience.
   */
  async withoutAudience(ids: readonly number[]): Promise<{ id: number; title: string }[]> {
    const found = new Map<number, { id: number; title: string }>();
    for (const part of chunked(ids, 5000)) {
      const rows = await this.db
        .selectFrom('drips as d')
        .select(['d.id', 'd.title'])
        .where('d.id', 'in', part)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('schedule_audiences as sa')
                .select('sa.segment_id')
                .where('sa.schedule_id', '=', (eb) =>
                  eb
                    .selectFrom('schedules as s')
                    .select((e) => e.fn.min('s.id').as('first'))
                    .whereRef('s.drip_id', '=', 'd.id'),
                ),
            ),
          ),
        )
        .execute();
      for (const r of rows) found.set(r.id, r);
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The drips of `ids` with their first schedule and its audiences, in the order of `ids`. */
  async sources(ids: readonly number[]): Promise<SourceDrip[]> {
    const out: SourceDrip[] = [];
    for (const part of chunked(ids, COPY_LIMITS.chunk)) {
      const drips = await this.db
        .selectFrom('drips')
        .selectAll()
        .where('id', 'in', part)
        .where('deleted_at', 'is', null)
        .execute();
      const schedules = await this.db
        .selectFrom('schedules')
        .selectAll()
        .where('drip_id', 'in', part)
        .orderBy('id')
        .execute();
      const first = new Map<number, ScheduleRow>();
      for (const s of schedules) if (s.drip_id !== null && !first.has(s.drip_id)) first.set(s.drip_id, s);
      const sids = [...first.values()].map((s) => s.id);
      const links =
        sids.length === 0
          ? []
          : await this.db
              .selectFrom('schedule_audiences')
              .select(['schedule_id', 'segment_id'])
              .where('schedule_id', 'in', sids)
              .execute();
      const bySchedule = new Map<number, number[]>();
      for (const l of links) bySchedule.set(l.schedule_id, [...(bySchedule.get(l.schedule_id) ?? []), l.segment_id]);
      const byId = new Map(drips.map((d) => [d.id, d]));
      for (const id of part) {
        const drip = byId.get(id);
        if (!drip) continue;
        const schedule = first.get(id);
        out.push({ drip, schedule, audiences: schedule ? (bySchedule.get(schedule.id) ?? []) : [] });
      }
      await yieldToEventLoop();
    }
    return out;
  }

  segments(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('segments')
      .select(['id', 'name', 'type', 'query'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** A website's segments of these names (the remapping compares type and query). */
  segmentsNamed(domainId: number, names: readonly string[]) {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('segments')
      .select(['id', 'name', 'type', 'query'])
      .where('domain_id', '=', domainId)
      .where('name', 'in', [...names])
      .orderBy('id')
      .execute();
  }

  async insertSegment(site: { id: number; client_id: number }, a: { name: string; type: string; query: unknown }) {
    const row = await this.db
      .insertInto('segments')
      .values({
        domain_id: site.id,
        client_id: site.client_id,
        name: a.name,
        type: a.type as 'audience' | 'segment',
        query: JSON.stringify(a.query),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Which of these source drips already have a live copy on the website (source id → copy id). */
  async existingCopies(domainId: number, sourceIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const part of chunked(sourceIds, 5000)) {
      const rows = await this.db
        .selectFrom('drip_copies as c')
        .innerJoin('drips as d', 'd.id', 'c.target_drip_id')
        .select(['c.source_drip_id', 'c.target_drip_id'])
        .where('c.target_domain_id', '=', domainId)
        .where('d.deleted_at', 'is', null)
        .where('c.source_drip_id', 'in', part)
        .execute();
      for (const r of rows) if (!out.has(r.source_drip_id)) out.set(r.source_drip_id, r.target_drip_id);
    }
    return out;
  }

  /** The groups of these drips (ids), live ones only. */
  async groupsOf(dripIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const part of chunked(dripIds, 5000)) {
      const rows = await this.db
        .selectFrom('drips')
        .select(['id', 'group_id'])
        .where('id', 'in', part)
        .where('group_id', 'is not', null)
        .execute();
      for (const r of rows) out.set(r.id, r.group_id!);
    }
    return out;
  }

  groups(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('drip_groups')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The live drips of a group. */
  async dripsOfGroup(groupId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('drips')
      .select('id')
      .where('group_id', '=', groupId)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  }

  async insertGroup(site: { id: number; client_id: number }, name: string | null, isActive: 0 | 1) {
    const row = await this.db
      .insertInto('drip_groups')
      .values({ domain_id: site.id, client_id: site.client_id, name, is_active: isActive })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Holds the target website's audience lock (the one audience saves and Drip Setup take) until the transaction ends. */
  async lockWebsite(lockKey: number, domainId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${lockKey}, ${domainId})`.execute(this.db);
  }

  async nextDripNumber(domainId: number): Promise<number> {
    const row = await this.db
      .selectFrom('drips')
      .select((eb) => eb.fn.max('drip_number').as('n'))
      .where('domain_id', '=', domainId)
      .where('type', '=', 'recurring')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  /**
   * Writes the copies on one website (drips, their schedules planned, audiences, where they came from) in multi-row
   * statements; returns the new drip ids in the order of `items`.
   */
  async writeCopies(
    site: { id: number; client_id: number },
    items: readonly CopyItem[],
    customization: (c: unknown) => Record<string, unknown>,
  ): Promise<number[]> {
    const ids: number[] = [];
    let number = await this.nextDripNumber(site.id);
    const now = new Date();
    for (const part of chunked(items, COPY_LIMITS.chunk)) {
      const drips = await this.db
        .insertInto('drips')
        .values(
          part.map(({ source: { drip }, groupId }) => ({
            domain_id: site.id,
            client_id: site.client_id,
            group_id: groupId,
            drip_number: number++,
            type: 'recurring' as const,
            title: drip.title,
            body: drip.body,
            url: drip.url,
            icon: drip.icon,
            event: null,
            customization: JSON.stringify(customization(drip.customization)),
            meta: JSON.stringify(drip.meta ?? {}),
            is_active: drip.is_active,
            external: 0 as const,
          })),
        )
        .returning('id')
        .execute();
      const newIds = drips.map((d) => d.id);
      ids.push(...newIds);
      const withSchedule = part
        .map((item, i) => ({ item, dripId: newIds[i]! }))
        .filter((x) => x.item.source.schedule !== undefined);
      if (withSchedule.length > 0) {
        const schedules = await this.db
          .insertInto('schedules')
          .values(
            withSchedule.map(({ item, dripId }) => {
              const s = item.source.schedule!;
              const isActive = Math.min(item.scheduleActive ?? 1, s.is_active, item.source.drip.is_active) as 0 | 1;
              const values = {
                domain_id: site.id,
                client_id: site.client_id,
                drip_id: dripId,
                group_id: null,
                name: s.name,
                type: s.type,
                frequency: s.frequency,
                time: s.time,
                timezone: s.timezone,
                date_start: s.date_start,
                date_end: s.date_end,
                days_of_week: s.days_of_week,
                after_days: s.after_days,
                after_hours: s.after_hours,
                after_mins: s.after_mins,
                from_when: s.from_when,
                choose_time: s.choose_time == null ? null : JSON.stringify(s.choose_time),
                is_active: isActive,
              };
              const next = isTimed(s.type) ? safeNext(s, now) : null;
              return { ...values, next_disp_date: next };
            }),
          )
          .returning('id')
          .execute();
        const links = withSchedule.flatMap(({ item }, i) =>
          item.audiences.map((segment_id) => ({ schedule_id: schedules[i]!.id, segment_id })),
        );
        if (links.length > 0) await this.db.insertInto('schedule_audiences').values(links).execute();
      }
      await this.db
        .insertInto('drip_copies')
        .values(
          part.map((item, i) => ({
            target_drip_id: newIds[i]!,
            source_drip_id: item.source.drip.id,
            target_domain_id: site.id,
          })),
        )
        .execute();
      await yieldToEventLoop();
    }
    return ids;
  }

  async recountGroups(groupIds: readonly number[]): Promise<void> {
    const ids = [...new Set(groupIds)];
    if (ids.length === 0) return;
    await this.db
      .updateTable('drip_groups')
      .set({
        drips_count: sql<number>`(select count(*) from drips d where d.group_id = drip_groups.id and d.deleted_at is null)`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', 'in', ids)
      .execute();
  }
}

function safeNext(s: ScheduleRow, now: Date): Date | null {
  try {
    return nextDispDate(s, now);
  } catch {
    return null;
  }
}
