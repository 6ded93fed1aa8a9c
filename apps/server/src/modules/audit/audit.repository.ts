import type { AuditEntry } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { likePattern, type Page, type ParsedListQuery, runPaginated } from '../../lib/query/index.ts';

export interface NewAuditEntry {
  actor_id: number | null;
  actor_email: string | null;
  impersonator_id: number | null;
  action: string;
  subject_type: string;
  subject_id: number | null;
  client_id: number | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

const COLUMNS = [
  'id',
  'actor_id',
  'actor_email',
  'impersonator_id',
  'action',
  'subject_type',
  'subject_id',
  'client_id',
  'before',
  'after',
  'ip',
  'created_at',
] as const;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** The audit trail: rows are only ever added (and listed); constructed on the caller's transaction to commit with it. */
export class AuditRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(e: NewAuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({ ...e, before: json(e.before), after: json(e.after) })
      .execute();
  }

  async list(
    parsed: ParsedListQuery & { pagination: { page: number; pageLength: number } },
    range: { from?: Date | undefined; to?: Date | undefined },
  ): Promise<Page<AuditEntry>> {
    let q = this.db.selectFrom('audit_log').select(COLUMNS);
    if (range.from) q = q.where('created_at', '>=', range.from);
    if (range.to) q = q.where('created_at', '<', range.to);
    if (parsed.search) {
      const pattern = likePattern(parsed.search);
      q = q.where((eb) => eb.or([eb('action', 'ilike', pattern), eb('actor_email', 'ilike', pattern)]));
    }
    const page = await runPaginated(this.db, q, parsed, { table: 'audit_log' });
    return {
      ...page,
      data: (page.data as unknown as (Omit<AuditEntry, 'created_at'> & { created_at: Date })[]).map((r) => ({
        ...r,
        created_at: new Date(r.created_at).toISOString(),
      })),
    };
  }
}
