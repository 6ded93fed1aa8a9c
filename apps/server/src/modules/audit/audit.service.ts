import type { AuditAction, AuditEntry } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/errors.ts';
import { type Page, parseListQuery } from '../../lib/query/index.ts';
import { AuditRepository } from './audit.repository.ts';
import { AUDIT_DEFAULT_PAGE_LENGTH, AUDIT_LIST_SPEC } from './audit-list-spec.ts';

/** Who made a change and from where: the actor of the request and its IP. */
export interface AuditOrigin {
  actor: Actor;
  ip: string | null;
}

export interface AuditChange {
  action: AuditAction;
  subjectType:
    | 'client'
    | 'user'
    | 'role'
    | 'permission'
    | 'cluster'
    | 'db_sub'
    | 'connection'
    | 'plan'
    | 'plan_request'
    | 'api_key';
  subjectId: number | null;
  clientId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Keys never written to the trail, at any depth: passwords, their confirmations, secrets, tokens, keys. */
const SECRET_KEY = /pass|secret|token|private|api_?key|credential|auth_key|images_storage/i;

/** A copy of `value` without any secret-looking key (the audit trail never holds a password or a secret). */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_KEY.test(k)) out[k] = redact(v);
    return out;
  }
  return value;
}

function toDate(raw: unknown, field: string): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const d = typeof raw === 'string' ? new Date(raw) : new Date(Number.NaN);
  if (Number.isNaN(d.getTime())) throw new ValidationError({ [field]: [`${field} must be a date and time.`] });
  return d;
}

/**
 * The administration audit trail (docs/security.md "Administration"): every management service writes one row per
 * change with `record`, on the transaction of the change, so a refused or failed change leaves no row and a change
 * never goes unrecorded.
 */
export class AuditService {
  constructor(private readonly db: Kysely<DB>) {}

  /** Records a change; pass the transaction the change runs in. */
  async record(on: Kysely<DB>, origin: AuditOrigin, change: AuditChange): Promise<void> {
    const { user, impersonatorId } = origin.actor;
    await this.recordAs(on, { id: user.id, email: user.email, impersonatorId, ip: origin.ip }, change);
  }

  /**
   * Records a change in the name of who asked for it, as stored when they asked: for a job that finishes a change
   * after its request (a client's deletion).
   */
  async recordAs(
    on: Kysely<DB>,
    who: { id: number | null; email: string | null; impersonatorId: number | null; ip: string | null },
    change: AuditChange,
  ): Promise<void> {
    await new AuditRepository(on).insert({
      actor_id: who.id,
      actor_email: who.email,
      impersonator_id: who.impersonatorId,
      action: change.action,
      subject_type: change.subjectType,
      subject_id: change.subjectId,
      client_id: change.clientId ?? null,
      before: change.before === undefined ? null : redact(change.before),
      after: change.after === undefined ? null : redact(change.after),
      ip: who.ip,
    });
  }

  /** One page of the trail, newest first (AUDIT_LIST_SPEC). */
  async list(rawQuery: Record<string, unknown>): Promise<Page<AuditEntry>> {
    // always paged: 50 rows unless pageLength says otherwise
    const parsed = parseListQuery(
      { pageLength: String(AUDIT_DEFAULT_PAGE_LENGTH), ...rawQuery, paginate: 'true' },
      AUDIT_LIST_SPEC,
    );
    const from = toDate(parsed.extra.from, 'from');
    const to = toDate(parsed.extra.to, 'to');
    const pagination = parsed.pagination ?? { page: 1, pageLength: AUDIT_DEFAULT_PAGE_LENGTH };
    return new AuditRepository(this.db).list({ ...parsed, pagination }, { from, to });
  }
}
