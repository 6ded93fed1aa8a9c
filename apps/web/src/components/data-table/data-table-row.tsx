import { ActionIcon, Checkbox, Table } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import type { DataTableColumn, RowKey } from './types';

export interface DataTableRowProps<T> {
  row: T;
  id: RowKey;
  columns: DataTableColumn<T>[];
  /** One style per rendered column, control columns (expand, select) first. */
  styles: CSSProperties[];
  colSpan: number;
  detailsId: string;
  /** Set when rows expand: whether this one is open, and the details to show. */
  expansion?: { open: boolean; onToggle: () => void; render: (row: T) => ReactNode };
  /** Set when rows are selectable. */
  selection?: { checked: boolean; onToggle: () => void };
}

function cellValue<T>(row: T, column: DataTableColumn<T>): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  return typeof value === 'string' || typeof value === 'number' ? value : String(value);
}

/** One table row, plus its details row when expanded. */
export function DataTableRow<T>({
  row,
  id,
  columns,
  styles,
  colSpan,
  detailsId,
  expansion,
  selection,
}: DataTableRowProps<T>) {
  const offset = (expansion ? 1 : 0) + (selection ? 1 : 0);
  return (
    <>
      <Table.Tr data-selected={selection?.checked || undefined}>
        {expansion && (
          <Table.Td style={styles[0]}>
            <ActionIcon
              variant="subtle"
              aria-label={expansion.open ? 'Hide details' : 'Show details'}
              aria-expanded={expansion.open}
              aria-controls={expansion.open ? detailsId : undefined}
              onClick={expansion.onToggle}
            >
              {expansion.open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            </ActionIcon>
          </Table.Td>
        )}
        {selection && (
          <Table.Td style={styles[expansion ? 1 : 0]}>
            <Checkbox aria-label={`Select row ${id}`} checked={selection.checked} onChange={selection.onToggle} />
          </Table.Td>
        )}
        {columns.map((column, index) => (
          <Table.Td
            key={column.key}
            style={{
              ...styles[index + offset],
              textAlign: column.align,
              whiteSpace: column.nowrap ? 'nowrap' : undefined,
            }}
          >
            {cellValue(row, column)}
          </Table.Td>
        ))}
      </Table.Tr>
      {expansion?.open && (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={colSpan}>{expansion.render(row)}</Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
