import { LIMITS } from '@pushdeck/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DataTableChange, SortState } from './types';

export interface ListParams {
  page: number;
  pageLength: number;
  sort: SortState | null;
  search: string;
}

export interface UseListParamsResult extends ListParams {
  /** Writes the given values to the URL (a value equal to its default is removed); other params stay. */
  setParams: (patch: Partial<ListParams>) => void;
  /** Hand to DataTable's onChange. */
  onTableChange: (change: DataTableChange) => void;
  /** A new search goes back to page 1 and replaces the history entry (typing makes no back-button trail). */
  setSearch: (search: string) => void;
}

const ORDER_BY = /^([A-Za-z0-9_.]+):(asc|desc)$/;

/** 'field:dir' (the API's order_by form) → SortState; anything else → null. */
export function parseOrderBy(value: string | null): SortState | null {
  const match = value ? ORDER_BY.exec(value) : null;
  return match ? { field: match[1]!, dir: match[2] as SortState['dir'] } : null;
}

export function formatOrderBy(sort: SortState | null): string | null {
  return sort ? `${sort.field}:${sort.dir}` : null;
}

function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/**
 * List state kept in the URL search params (DESIGN rule 4): `page`, `pageLength`, `order_by=field:dir`
 * and `search`. Missing or malformed values read as the defaults.
 */
export function useListParams(defaults: Partial<ListParams> = {}): UseListParamsResult {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultPage = defaults.page ?? 1;
  const defaultPageLength = defaults.pageLength ?? LIMITS.listPageSize;
  const defaultOrderBy = formatOrderBy(defaults.sort ?? null);
  const defaultSearch = defaults.search ?? '';
  // Primitive dependencies: callers may pass a fresh defaults object on every render.
  const base = useMemo<ListParams>(
    () => ({
      page: defaultPage,
      pageLength: defaultPageLength,
      sort: parseOrderBy(defaultOrderBy),
      search: defaultSearch,
    }),
    [defaultPage, defaultPageLength, defaultOrderBy, defaultSearch],
  );

  const page = positiveInt(searchParams.get('page'), Number.MAX_SAFE_INTEGER) ?? base.page;
  const pageLength = positiveInt(searchParams.get('pageLength'), LIMITS.maxPageLength) ?? base.pageLength;
  const orderBy = searchParams.get('order_by');
  // Same object while the URL value stays, so it can sit in query keys and effect dependencies.
  const sort = useMemo(() => parseOrderBy(orderBy) ?? base.sort, [orderBy, base.sort]);
  const search = searchParams.get('search') ?? base.search;

  const write = useCallback(
    (patch: Partial<ListParams>, replace: boolean) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const put = (name: string, value: string | null, fallback: string | null) => {
            if (value === null || value === '' || value === fallback) next.delete(name);
            else next.set(name, value);
          };
          if (patch.page !== undefined) put('page', String(patch.page), String(base.page));
          if (patch.pageLength !== undefined) put('pageLength', String(patch.pageLength), String(base.pageLength));
          if (patch.sort !== undefined) put('order_by', formatOrderBy(patch.sort), formatOrderBy(base.sort));
          if (patch.search !== undefined) put('search', patch.search, base.search);
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, base],
  );

  const setParams = useCallback((patch: Partial<ListParams>) => write(patch, false), [write]);
  const onTableChange = useCallback((change: DataTableChange) => write(change, false), [write]);
  const setSearch = useCallback((value: string) => write({ search: value, page: 1 }, true), [write]);

  return { page, pageLength, sort, search, setParams, onTableChange, setSearch };
}
