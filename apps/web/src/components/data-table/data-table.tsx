import { Anchor, Box, Group, Skeleton, Table, Text } from '@mantine/core';
import { PAGE_SIZES_SMALL } from '@pushdeck/contracts';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { PanelError } from '../data-panel/panel-error';
import { DataTableFooter } from './data-table-footer';
import { DataTableHead } from './data-table-head';
import { DataTableRow } from './data-table-row';
import { DEFAULT_STICKY_WIDTH, stickyStyles } from './sticky';
import { TableScroller } from './table-scroller';
import type { DataTableChange, DataTableColumn, RowKey, SortState, TableSelection } from './types';

const CONTROL_WIDTH = 44;

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[];
  /** Rows in the whole list (server count), for the pages. */
  total: number;
  page: number;
  pageLength: number;
  pageSizes?: readonly number[];
  sort: SortState | null;
  /** Page, size or sort changed; a new size or sort goes back to page 1. */
  onChange: (change: DataTableChange) => void;
  /** A property of the row or a function giving its unique id. */
  rowKey: keyof T | ((row: T) => RowKey);
  loading?: boolean;
  loadingText?: ReactNode;
  /** With nothing to show; say what to do next ('No audiences yet. Create one with Create Audience.'). */
  emptyText?: ReactNode;
  /** The list's query failed: its message (or `errorText`) with a Retry button calling `onRetry` (its refetch). */
  error?: unknown;
  errorText?: string;
  onRetry?: () => unknown;
  /** Adds a show/hide details button to each row. */
  renderExpanded?: (row: T) => ReactNode;
  /** With onSelectionChange: a checkbox per row and one for the page. */
  selection?: TableSelection;
  onSelectionChange?: (selection: TableSelection) => void;
  /** Offers 'Select all N' (the whole list, every page) once the page is selected. */
  selectAllAcrossPages?: boolean;
  /** Accessible name of the table. */
  caption?: string;
}

/** A server-paged table: it shows what it is given and reports page, size and sort changes to its owner. */
export function DataTable<T>({
  columns,
  rows,
  total,
  page,
  pageLength,
  pageSizes = PAGE_SIZES_SMALL,
  sort,
  onChange,
  rowKey,
  loading = false,
  loadingText = 'Loading...',
  emptyText = 'No data',
  error,
  errorText = 'The list could not be loaded.',
  onRetry,
  renderExpanded,
  selection = { ids: [], all: false },
  onSelectionChange,
  selectAllAcrossPages = false,
  caption,
}: DataTableProps<T>) {
  const [expanded, setExpanded] = useState<ReadonlySet<RowKey>>(new Set());
  const idPrefix = useId();
  const expandable = Boolean(renderExpanded);
  const selectable = Boolean(onSelectionChange);
  // Scrolling sideways (a phone), the row keeps its name: the first column stays when no column says otherwise.
  const anySticky = columns.some((column) => column.sticky);
  const laidOut = anySticky
    ? columns
    : columns.map((column, i) => (i === 0 ? { ...column, sticky: true, fluid: true } : column));
  const control = { sticky: true, width: CONTROL_WIDTH };
  const styles = stickyStyles([...(expandable ? [control] : []), ...(selectable ? [control] : []), ...laidOut]);
  const colSpan = columns.length + (expandable ? 1 : 0) + (selectable ? 1 : 0);
  // The narrowest the table gets before it scrolls sideways: every column, the expand and select ones included.
  const minWidth = columns.reduce(
    (sum, column) => sum + (column.width ?? column.minWidth ?? DEFAULT_STICKY_WIDTH),
    CONTROL_WIDTH * ((expandable ? 1 : 0) + (selectable ? 1 : 0)),
  );

  const keyOf = (row: T): RowKey => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as RowKey));
  const pageIds = rows.map(keyOf);
  const isSelected = (id: RowKey) => selection.all || selection.ids.includes(id);
  const selectedOnPage = pageIds.filter(isSelected).length;
  const pageChecked = rows.length > 0 && selectedOnPage === rows.length;

  const toggleRow = (id: RowKey) => {
    const ids = selection.all ? pageIds : selection.ids;
    const next = isSelected(id) ? ids.filter((other) => other !== id) : [...ids, id];
    onSelectionChange?.({ ids: next, all: false });
  };
  const togglePage = () => {
    // Unchecking the page keeps what was picked on other pages.
    const ids = pageChecked
      ? selection.all
        ? []
        : selection.ids.filter((id) => !pageIds.includes(id))
      : [...new Set([...selection.ids, ...pageIds])];
    onSelectionChange?.({ ids, all: false });
  };
  const toggleExpanded = (id: RowKey) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const message = (text: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text component="div" ta="center" c="dimmed" py="md" role="status">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );

  // While loading, the text and grey rows up to a page (at most 5): the table keeps its height when the rows come.
  const placeholders = Array.from({ length: Math.max(0, Math.min(pageLength, 5) - 1) }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={`placeholder-${i}`} aria-hidden>
      <Table.Td colSpan={colSpan}>
        <Skeleton height={14} radius="sm" />
      </Table.Td>
    </Table.Tr>
  ));
  const failure = error != null && onRetry && (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <PanelError message={errorMessage(error, errorText)} onRetry={onRetry} retrying={loading} />
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Box>
      {selectable && selectAllAcrossPages && pageChecked && total > rows.length && (
        <Group gap="xs" mb="xs" role="status">
          <Text size="sm">
            {selection.all ? `All ${total} rows are selected.` : `All ${rows.length} rows on this page are selected.`}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onSelectionChange?.(selection.all ? { ids: [], all: false } : { ids: pageIds, all: true })}
          >
            {selection.all ? 'Clear selection' : `Select all ${total}`}
          </Anchor>
        </Group>
      )}
      <TableScroller minWidth={minWidth} label={caption ?? 'Table'}>
        <Table highlightOnHover aria-busy={loading} verticalSpacing="xs">
          {caption && <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption>}
          <DataTableHead
            columns={columns}
            styles={styles}
            expandable={expandable}
            selectable={selectable}
            pageChecked={pageChecked}
            pageIndeterminate={selectedOnPage > 0 && !pageChecked}
            onTogglePage={togglePage}
            sort={sort}
            onSort={(next) => onChange({ page: 1, pageLength, sort: next })}
          />
          <Table.Tbody>
            {failure ? (
              failure
            ) : loading ? (
              <>
                {message(loadingText)}
                {placeholders}
              </>
            ) : rows.length === 0 ? (
              message(emptyText)
            ) : (
              rows.map((row) => {
                const id = keyOf(row);
                return (
                  <DataTableRow
                    key={id}
                    row={row}
                    id={id}
                    columns={columns}
                    styles={styles}
                    colSpan={colSpan}
                    detailsId={`${idPrefix}-details-${id}`}
                    expansion={
                      renderExpanded && {
                        open: expanded.has(id),
                        onToggle: () => toggleExpanded(id),
                        render: renderExpanded,
                      }
                    }
                    selection={selectable ? { checked: isSelected(id), onToggle: () => toggleRow(id) } : undefined}
                  />
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </TableScroller>
      <DataTableFooter
        total={total}
        page={page}
        pageLength={pageLength}
        pageSizes={pageSizes}
        onPage={(next) => onChange({ page: next, pageLength, sort })}
        onPageLength={(next) => onChange({ page: 1, pageLength: next, sort })}
      />
    </Box>
  );
}
