import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '@/components/data-table/use-list-params';
import type { UserFilters } from '../api/users-api';

export type FilterName = 'client_id' | 'role' | 'is_active';

const id = (value: string | null) => (value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null);
const flag = (value: string | null) => (value === '0' || value === '1' ? (Number(value) as 0 | 1) : null);

/** Users Management's list state in the URL: page, pageLength, search, client_id, role and is_active. */
export function useUserFilters() {
  const list = useListParams({ pageLength: 25 });
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: UserFilters = {
    search: list.search,
    client_id: id(searchParams.get('client_id')),
    role: searchParams.get('role') || null,
    is_active: flag(searchParams.get('is_active')),
    page: list.page,
    pageLength: list.pageLength,
  };

  /** Sets (or, with null, removes) one filter and goes back to page 1. */
  const setFilter = useCallback(
    (name: FilterName, value: string | null) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { filters, list, setFilter };
}
