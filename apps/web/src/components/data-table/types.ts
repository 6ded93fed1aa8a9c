import type { CSSProperties, ReactNode } from 'react';

export type RowKey = string | number;
export type SortDir = 'asc' | 'desc';

export interface SortState {
  field: string;
  dir: SortDir;
}

export interface DataTableColumn<T> {
  /** Field name: the sort field sent to the server and, without `render`, the row property shown. */
  key: string;
  title: ReactNode;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  /** Keeps the column in place while the table scrolls sideways; use on leading columns, with a width. */
  sticky?: boolean;
  /** Width in px. */
  width?: number;
  /** Narrowest the column may get, in px, when it has no fixed width (it grows with the table). */
  minWidth?: number;
  /** Keeps each cell's text on one line (dates, ids, numbers); the table scrolls sideways instead. */
  nowrap?: boolean;
  align?: CSSProperties['textAlign'];
}

/** What the table asks its owner to load; the owner keeps it in the URL (see useListParams). */
export interface DataTableChange {
  page: number;
  pageLength: number;
  sort: SortState | null;
}

/** Selected rows: ids on the current page, or every row of the list across pages when `all` is set. */
export interface TableSelection {
  ids: RowKey[];
  all: boolean;
}
