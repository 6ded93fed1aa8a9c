import { ActionIcon, Group, Pagination, Paper, Title, Tooltip } from '@mantine/core';
import type { StatsTableResponse } from '@pushdeck/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { startServerExport } from '@/lib/exports/server-export';
import { startV2Export, TOP_TABLES, type TopStatsRequest, type TopTable } from '../api/stats-v2-api';
import { TOP_PAGE_LENGTH } from '../api/use-stats-tables';
import { StatsTable } from '../components/stats-table';
import { STATS_TEXT } from '../lib/texts';

export interface TopTableCardProps {
  title: string;
  table: TopTable;
  body: TopStatsRequest;
  columns: string[];
  titles: Record<string, string>;
  result: {
    data: StatsTableResponse | undefined;
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  page: number;
  onPage: (page: number) => void;
  allClients: boolean;
}

/** One top table of the Performance report: 5 rows a page and a CSV export of every matching row. */
export function TopTableCard({
  title,
  table,
  body,
  columns,
  titles,
  result,
  page,
  onPage,
  allClients,
}: TopTableCardProps) {
  const [exporting, setExporting] = useState(false);
  const total = result.data?.meta.total ?? 0;
  // every matching row, written by the server's export job; the file opens when ready
  const exportCsv = async () => {
    if (result.data && total === 0) return void notifyFailure(STATS_TEXT.noExportData);
    setExporting(true);
    await startServerExport(() => startV2Export(TOP_TABLES[table], body, { allClients }));
    setExporting(false);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Tooltip label="Export CSV">
          <ActionIcon variant="light" aria-label={`Export ${title}`} onClick={exportCsv} loading={exporting}>
            <IconDownload size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <StatsTable
        caption={title}
        columns={columns}
        titles={titles}
        rows={result.data?.data ?? []}
        loading={result.isPending}
        pageLength={TOP_PAGE_LENGTH}
        emptyText="No data for this period."
        errorText={result.error ? errorMessage(result.error, STATS_TEXT.topFailed) : undefined}
        onRetry={() => result.refetch()}
        retrying={result.isFetching}
      />
      {total > TOP_PAGE_LENGTH && (
        <Group justify="flex-end" mt="xs">
          <Pagination
            size="sm"
            total={Math.ceil(total / TOP_PAGE_LENGTH)}
            value={page}
            onChange={onPage}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(c) => ({
              'aria-label': c === 'next' ? 'Next page' : c === 'previous' ? 'Previous page' : c,
            })}
          />
        </Group>
      )}
    </Paper>
  );
}
