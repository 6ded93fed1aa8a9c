import type { StatCounterName } from '@pushdeck/contracts';

/** `refused`: the endpoint policy refused the stored endpoint at send time; no request was made. */
export type SendOutcome = 'sent' | 'gone' | 'too_large' | 'error_401' | 'error_403' | 'error_x' | 'dead' | 'refused';

/** Ledger status and rollup counters for each outcome of one message. */
export function countersFor(
  outcome: SendOutcome,
  status: number | undefined,
): Partial<Record<StatCounterName, number>> {
  switch (outcome) {
    case 'sent':
      return { sent: 1 };
    case 'gone':
      return status === 404 ? { deactivated: 1, error_404: 1 } : { deactivated: 1 };
    case 'refused':
      return { deactivated: 1 };
    case 'too_large':
      return { error_413: 1 };
    case 'error_401':
      return { error_401: 1 };
    case 'error_403':
      return { error_403: 1 };
    case 'dead':
      return status === 429 ? { error_429: 1 } : { error_x: 1 };
    default:
      return { error_x: 1 };
  }
}
