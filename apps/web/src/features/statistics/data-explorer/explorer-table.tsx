import { Anchor, Text } from '@mantine/core';
import { PAGE_SIZES_LARGE, type StatsTableRow } from '@pushdeck/contracts';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableChange, DataTableColumn, SortState } from '@/components/data-table/types';
import { columnTitle, formatCell } from '../lib/columns';

export const TOTALS_MARK = '__totals';

export interface ExplorerTableProps {
  dims: string[];
  values: string[];
  rows: StatsTableRow[];
  totals: StatsTableRow | null;
  total: number;
  page: number;
  pageLength: number;
  sort: SortState | null;
  loading: boolean;
  emptyText: string;
  /** The query failed: its message (`errorText`) with a Retry calling `onRetry`. */
  error?: unknown;
  errorText?: string;
  onRetry?: () => unknown;
  onChange: (change: DataTableChange) => void;
  /** The website's id for a website_id, to open its dashboard. */
  domainIdOf: (websiteId: string) => number | undefined;
}

/** The Data Explorer's rows (a 'Totals' row last with With Totals); a domain cell opens its dashboard in a new tab. */
export function ExplorerTable(p: ExplorerTableProps) {
  const domainCell = (row: StatsTableRow) => {
    const websiteId = String(row.website_id ?? '');
    const id = p.domainIdOf(websiteId);
    const label = typeof row.url === 'string' && row.url ? row.url : websiteId;
    if (!id) return label;
    return (
      <Anchor href={`/dashboard/${id}`} target="_blank" rel="noopener noreferrer" title={websiteId}>
        {label}
      </Anchor>
    );
  };
  const columns: DataTableColumn<StatsTableRow>[] = [...p.dims, ...p.values].map((key, index) => ({
    key,
    title: columnTitle(key),
    sortable: true,
    // Dates ('2026-11-19' breaks at its hyphens), numbers and percents read on one line; the table scrolls.
    nowrap: true,
    render: (row) => {
      if (row[TOTALS_MARK]) {
        return index === 0 ? <Text fw={700}>Totals</Text> : <Text fw={700}>{formatCell(key, row[key])}</Text>;
      }
      return key === 'website_id' ? domainCell(row) : formatCell(key, row[key]);
    },
  }));
  const shown = p.totals && p.rows.length > 0 ? [...p.rows, { ...p.totals, [TOTALS_MARK]: 1 }] : p.rows;
  return (
    <DataTable
      caption="Data Explorer"
      columns={columns}
      rows={shown}
      total={p.total}
      page={p.page}
      pageLength={p.pageLength}
      pageSizes={PAGE_SIZES_LARGE}
      sort={p.sort}
      onChange={p.onChange}
      rowKey={(row) => (row[TOTALS_MARK] ? TOTALS_MARK : p.dims.map((d) => String(row[d])).join('|'))}
      loading={p.loading}
      emptyText={p.emptyText}
      error={p.error}
      errorText={p.errorText}
      onRetry={p.onRetry}
    />
  );
}
