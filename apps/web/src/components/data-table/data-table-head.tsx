import { Checkbox, Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { DataTableColumn, SortState } from './types';

export interface DataTableHeadProps<T> {
  columns: DataTableColumn<T>[];
  /** One style per rendered column, control columns (expand, select) first. */
  styles: CSSProperties[];
  expandable: boolean;
  selectable: boolean;
  pageChecked: boolean;
  pageIndeterminate: boolean;
  onTogglePage: () => void;
  sort: SortState | null;
  onSort: (sort: SortState) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The next sort after a click on `field`: a new column starts ascending, the sorted one flips asc ↔ desc. */
export function nextSort(sort: SortState | null, field: string): SortState {
  if (sort?.field === field) return { field, dir: sort.dir === 'asc' ? 'desc' : 'asc' };
  return { field, dir: 'asc' };
}

export function DataTableHead<T>({
  columns,
  styles,
  expandable,
  selectable,
  pageChecked,
  pageIndeterminate,
  onTogglePage,
  sort,
  onSort,
}: DataTableHeadProps<T>) {
  const offset = (expandable ? 1 : 0) + (selectable ? 1 : 0);
  return (
    <Table.Thead>
      <Table.Tr>
        {expandable && (
          <Table.Th style={styles[0]}>
            <VisuallyHidden>Details</VisuallyHidden>
          </Table.Th>
        )}
        {selectable && (
          <Table.Th style={styles[expandable ? 1 : 0]}>
            <Checkbox
              aria-label="Select all rows on this page"
              checked={pageChecked}
              indeterminate={pageIndeterminate}
              onChange={onTogglePage}
            />
          </Table.Th>
        )}
        {columns.map((column, index) => {
          const style = { ...styles[index + offset], textAlign: column.align };
          if (!column.sortable) {
            return (
              <Table.Th key={column.key} style={style}>
                {column.title}
              </Table.Th>
            );
          }
          const dir = sort?.field === column.key ? sort.dir : null;
          const Icon = dir === 'asc' ? IconChevronUp : dir === 'desc' ? IconChevronDown : IconSelector;
          return (
            <Table.Th key={column.key} style={style} aria-sort={dir ? ARIA_SORT[dir] : 'none'}>
              <UnstyledButton onClick={() => onSort(nextSort(sort, column.key))} fw={700} fz="inherit">
                <Group gap={4} wrap="nowrap">
                  {column.title}
                  <Icon size={14} aria-hidden />
                </Group>
              </UnstyledButton>
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
