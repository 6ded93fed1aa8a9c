import { AUDIT_ACTIONS, type AuditAction } from '@pushdeck/contracts';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The Audit screen's filters as the URL holds them (DESIGN rule 4): `actor`, `action`, `from`, `to` (YYYY-MM-DD). */
export interface AuditFilters {
  actor: string;
  action: AuditAction | '';
  from: string | null;
  to: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (dayjs rolls 2026-13-45 over, so the day must read back the same). */
const day = (value: string | null) =>
  value && DAY.test(value) && dayjs(value).format('YYYY-MM-DD') === value ? value : null;
const isAction = (value: string | null): value is AuditAction =>
  value !== null && (AUDIT_ACTIONS as readonly string[]).includes(value);

/** Reads the filters from search params; a malformed value reads as no filter. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  return {
    actor: params.get('actor')?.trim() ?? '',
    action: isAction(action) ? action : '',
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** The days as the API's times: from the first day's local midnight up to (not including) the midnight after the last. */
export function filterTimes(filters: Pick<AuditFilters, 'from' | 'to'>): { from: string | null; to: string | null } {
  return {
    from: filters.from ? dayjs(filters.from).startOf('day').toISOString() : null,
    to: filters.to ? dayjs(filters.to).add(1, 'day').startOf('day').toISOString() : null,
  };
}

/** The filters in force and a setter that writes a patch to the URL and goes back to page 1. */
export function useAuditFilters(): [AuditFilters, (patch: Partial<AuditFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const update = useCallback(
    (patch: Partial<AuditFilters>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(patch)) {
            const text = typeof value === 'string' ? value.trim() : '';
            if (text) next.set(name, text);
            else next.delete(name);
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [filters, update];
}
