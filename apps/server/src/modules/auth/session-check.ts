import { type ImpersonationEndReason, impersonatorLost } from './impersonation-end.ts';
import type { LiveSession } from './sessions.repository.ts';
import type { LoadedUser } from './users.repository.ts';

/** What a live session lets its bearer do, from the session and who stands behind it (loaded in one statement). */
export type SessionVerdict =
  /** a session without a user (a guest's, for its CSRF token) */
  | { kind: 'guest' }
  | { kind: 'signed-in'; user: LoadedUser }
  /** its user is gone or switched off, or their client is: the session is deleted */
  | { kind: 'user-refused' }
  /** an impersonation whose staff account may no longer 'Log in as': ended and audited */
  | { kind: 'impersonator-lost'; user: LoadedUser; reason: ImpersonationEndReason };

export function judgeSession(found: LiveSession): SessionVerdict {
  const { session, user } = found;
  if (session.user_id === null) return { kind: 'guest' };
  if (!user?.isActive || !user.clientActive) return { kind: 'user-refused' };
  const reason = session.impersonator_id === null ? null : impersonatorLost(found.impersonator);
  if (reason) return { kind: 'impersonator-lost', user, reason };
  return { kind: 'signed-in', user };
}
