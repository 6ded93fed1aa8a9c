import type { Action } from '@pushdeck/contracts';
import type { ReactNode } from 'react';
import { useCan } from '@/lib/auth';

export interface IfAllowedProps {
  /** The call the wrapped control leads to (packages/contracts ACTIONS). */
  action: Action;
  children: ReactNode;
  /** Shown instead when the user may not (default: nothing). */
  fallback?: ReactNode;
}

/** Renders a write control only for a user whose permissions allow the call behind it. */
export function IfAllowed({ action, children, fallback = null }: IfAllowedProps) {
  return <>{useCan(action) ? children : fallback}</>;
}
