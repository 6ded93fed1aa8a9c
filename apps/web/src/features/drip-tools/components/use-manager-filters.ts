import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ManagedType, ManagerFilters } from '../api/drip-tools-api';

const positive = (v: string | null) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * Drip Manager's filters in the URL (DESIGN rule 4): `type` (recurring by default), `status` (1/0) and `domain`.
 * A new domain or status goes back to page 1; a new type to page 1 with 10 per page (spec part 1 §4).
 */
export function useManagerFilters() {
  const [params, setParams] = useSearchParams();
  const type: ManagedType = params.get('type') === 'welcome' ? 'welcome' : 'recurring';
  const rawStatus = params.get('status');
  const status = rawStatus === '1' ? 1 : rawStatus === '0' ? 0 : null;
  const domainId = positive(params.get('domain'));
  const filters = useMemo<ManagerFilters>(() => ({ type, status, domainId }), [type, status, domainId]);

  const setFilters = useCallback(
    (patch: Partial<ManagerFilters>) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        const put = (name: string, value: string | null) =>
          value === null ? next.delete(name) : next.set(name, value);
        if (patch.type !== undefined) {
          put('type', patch.type === 'recurring' ? null : patch.type);
          next.delete('pageLength');
        }
        if (patch.status !== undefined) put('status', patch.status === null ? null : String(patch.status));
        if (patch.domainId !== undefined) put('domain', patch.domainId === null ? null : String(patch.domainId));
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  return { filters, setFilters };
}
