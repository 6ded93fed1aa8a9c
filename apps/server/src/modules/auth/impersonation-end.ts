import { ACTIONS, hasAnyPermission } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import { SessionsRepository } from './sessions.repository.ts';
import type { LoadedUser } from './users.repository.ts';

/** Why an impersonation session was ended without its moderator going back (the audit row's `after.reason`). */
export type ImpersonationEndReason = 'impersonator_deleted' | 'impersonator_deactivated' | 'impersonator_demoted';

/**
 * Whether a staff account may hold an impersonation session: what 'Log in as' requires (the loginToUser route's
 * permission, ACTIONS['clients.manage']) on an active account of an active client (or none). Null when it may;
 * else why not.
 */
export function impersonatorLost(staff: LoadedUser | undefined): ImpersonationEndReason | null {
  if (!staff) return 'impersonator_deleted';
  if (!staff.isActive || !staff.clientActive) return 'impersonator_deactivated';
  if (!hasAnyPermission(staff.permissions, ACTIONS['clients.manage'])) return 'impersonator_demoted';
  return null;
}

/**
 * Ends, on the caller's transaction, every impersonation session `staffId` opened, and records one
 * `impersonation.end` row for each with the reason (the staff account is being deleted, switched off or loses what
 * 'Log in as' requires). Returns the ended session ids.
 */
export async function endImpersonationsBy(
  trx: Kysely<DB>,
  audit: AuditService,
  origin: AuditOrigin,
  staffId: number,
  reason: ImpersonationEndReason,
): Promise<string[]> {
  const ended = await new SessionsRepository(trx).deleteImpersonationsBy(staffId);
  for (const s of ended) {
    await audit.record(trx, origin, {
      action: 'impersonation.end',
      subjectType: 'user',
      subjectId: s.user_id,
      clientId: s.client_id,
      before: { user_id: s.user_id, email: s.email, impersonator_id: staffId },
      after: { reason },
    });
  }
  return ended.map((s) => s.id);
}
