import { Skeleton, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { StatsTableRow } from '@pushdeck/contracts';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { TableScroller } from '@/components/data-table/table-scroller';
import type { SortState } from '@/components/data-table/types';
import { DeferredTooltip } from '@/components/deferred/deferred-tooltip';
import { columnTitle, formatCell } from '../lib/columns';

export interface StatsTableProps {
  caption: string;
  columns: string[];
  rows: StatsTableRow[];
  loading: boolean;
  /** Rows a page shows: while loading, grey rows up to it (at most 5) keep the table's height. */
  pageLength?: number;
  emptyText: ReactNode;
  /** The query failed: `errorText` with a Retry button calling `onRetry` (its refetch). */
  errorText?: string;
  onRetry?: () => unknown;
  retrying?: boolean;
  sort?: SortState | null;
  /** Makes every column sortable. */
  onSort?: (sort: SortState) => void;
  renderCell?: (key: string, row: StatsTableRow) => ReactNode;
  /** Column titles that differ from the usual ones. */
  titles?: Record<string, string>;
  /** What a column counts: a tooltip on its header (hover or keyboard focus), read out with the header. */
  hints?: Record<string, string>;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A plain statistics table over the server's rows (percent columns with '%'). */
export function StatsTable({
  caption,
  columns,
  rows,
  loading,
  pageLength = 5,
  emptyText,
  errorText,
  onRetry,
  retrying,
  sort,
  onSort,
  renderCell,
  titles,
  hints,
}: StatsTableProps) {
  const title = (key: string) => titles?.[key] ?? columnTitle(key);
  const hinted = (key: string, content: ReactNode) => {
    const hint = hints?.[key];
    if (!hint) return content;
    return (
      <DeferredTooltip label={hint} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
        {content}
      </DeferredTooltip>
    );
  };
  const described = (key: string) => (hints?.[key] ? <VisuallyHidden>{` (${hints[key]})`}</VisuallyHidden> : null);
  const header = (key: string) => {
    if (!onSort)
      return (
        <Table.Th key={key}>
          {hinted(key, <span>{title(key)}</span>)}
          {described(key)}
        </Table.Th>
      );
    const dir = sort?.field === key ? sort.dir : null;
    const Icon = dir === 'asc' ? IconChevronUp : dir === 'desc' ? IconChevronDown : IconSelector;
    return (
      <Table.Th key={key} aria-sort={dir ? ARIA_SORT[dir] : 'none'}>
        {hinted(
          key,
          <UnstyledButton
            fw={700}
            fz="inherit"
            onClick={() => onSort({ field: key, dir: dir === 'asc' ? 'desc' : 'asc' })}
            style={{ display: 'inline-flex', gap: 4, alignItems: 'center', whiteSpace: 'nowrap' }}
          >
            {title(key)}
            <Icon size={14} aria-hidden />
          </UnstyledButton>,
        )}
        {described(key)}
      </Table.Th>
    );
  };
  const message = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={columns.length}>{content}</Table.Td>
    </Table.Tr>
  );
  const placeholders = Array.from({ length: Math.max(0, Math.min(pageLength, 5) - 1) }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={`placeholder-${i}`} aria-hidden>
      <Table.Td colSpan={columns.length}>
        <Skeleton height={14} radius="sm" />
      </Table.Td>
    </Table.Tr>
  ));
  const status = (text: ReactNode) => (
    <Text ta="center" c="dimmed" py="md" role="status">
      {text}
    </Text>
  );
  return (
    <TableScroller minWidth={Math.max(600, columns.length * 110)} label={caption}>
      <Table striped highlightOnHover aria-busy={loading} fz="sm">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>{columns.map(header)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errorText !== undefined && onRetry ? (
            message(<PanelError message={errorText} onRetry={onRetry} retrying={retrying} />)
          ) : loading ? (
            <>
              {message(status('Loading...'))}
              {placeholders}
            </>
          ) : rows.length === 0 ? (
            message(status(emptyText))
          ) : (
            rows.map((row) => (
              // Grouped rows have no id of their own; their values (dimensions first) make the key.
              <Table.Tr key={columns.map((c) => row[c]).join('|')}>
                {columns.map((c) => (
                  <Table.Td key={c} style={{ whiteSpace: 'nowrap' }}>
                    {renderCell?.(c, row) ?? formatCell(c, row[c])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
}
