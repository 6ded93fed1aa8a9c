import type { DataTableChange } from '@/components/data-table/types';

/** One page of a list held whole in the browser (roles and permissions are few). */
export function pageOf<T>(rows: readonly T[], page: number, pageLength: number): T[] {
  const pages = Math.max(1, Math.ceil(rows.length / pageLength));
  const current = Math.min(page, pages);
  return rows.slice((current - 1) * pageLength, current * pageLength);
}

export interface LocalPaging {
  page: number;
  pageLength: number;
}

/** A table change applied to local paging (a new size goes back to page 1). */
export function nextPaging(previous: LocalPaging, change: DataTableChange): LocalPaging {
  return change.pageLength !== previous.pageLength
    ? { page: 1, pageLength: change.pageLength }
    : { page: change.page, pageLength: change.pageLength };
}
