import { ActionIcon, Button, Paper, Stack, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useListParams } from '@/components/data-table/use-list-params';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { startServerExport } from '@/lib/exports/server-export';
import { startV2Export } from '../api/stats-v2-api';
import { useClients, useFilterDomains } from '../api/use-pickers';
import { useServerPerformance } from '../api/use-stats-tables';
import { GroupByField } from '../components/group-by-field';
import { PrevNextPager } from '../components/prev-next-pager';
import { StatsBreadcrumbs } from '../components/stats-breadcrumbs';
import { StatsTable } from '../components/stats-table';
import { TableFiltersForm } from '../components/table-filters-form';
import { useTableFiltersDraft } from '../components/use-table-filters-draft';
import { SERVER_PERFORMANCE_HINTS } from '../lib/columns';
import { useSearchState } from '../lib/search-state';
import { defaultFilters, readFilters, writeFilters } from '../lib/table-filters';
import { STATS_TEXT } from '../lib/texts';
import { SP_COLUMNS, SP_GROUPS, SP_TRUNCS, serverPerformanceBody } from './server-performance-body';
import { dimensionCells, serverPerformanceEmptyText } from './server-performance-cells';

const GROUP_DEFAULT = SP_GROUPS.map((g) => g.value);

/** /server-performance: scheduling, sending and audience per website, client, date and type, page by page. */
export function ServerPerformancePage() {
  const { isModerator, isStaff } = useAuth();
  const [params, patch] = useSearchState();
  const list = useListParams({ pageLength: 50 });
  const applied = readFilters(params, ['day', 'hour'], GROUP_DEFAULT);
  const form = useTableFiltersDraft(
    () => applied ?? defaultFilters('server-performance', 'day', GROUP_DEFAULT),
    (f) => patch(writeFilters(f)),
  );
  // staff see every client's rows: the list names them (the client filter itself is the moderator's)
  const clients = useClients(isModerator || isStaff);
  const domains = useFilterDomains(isModerator, form.draft.clients);
  const body = applied ? serverPerformanceBody(applied, isModerator, list.sort) : null;
  const result = useServerPerformance(
    body,
    { page: list.page, pageLength: list.pageLength, paginate: true },
    isModerator,
  );
  const rows = result.data?.data ?? [];
  const columns = SP_COLUMNS;

  // every matching row (all pages), written by the server's export job; the file opens when ready
  const exportCsv = () => {
    if (!body || rows.length === 0) return void notifyFailure(STATS_TEXT.noExportData);
    void startServerExport(() => startV2Export('getServerPerformancePage', body, { allClients: isModerator }));
  };
  const getData = () =>
    form.submit({
      clients: isModerator,
      domains: true,
      groups: true,
      domainCount: domains.loading ? undefined : domains.data?.length,
    });

  return (
    <Stack gap="md">
      <StatsBreadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Dashboard', to: '/dashboard' }, { label: 'Server Performance' }]}
      />
      <Title order={1} size="h2">
        Server Performance
      </Title>
      <Paper withBorder p="md" radius="md">
        <TableFiltersForm
          value={form.draft}
          onChange={form.setDraft}
          errors={form.errors}
          truncOptions={SP_TRUNCS}
          clients={isModerator ? { options: clients.data, loading: clients.isPending } : undefined}
          domains={{ options: domains.data, loading: domains.loading, showIds: isModerator }}
          groupField={
            <GroupByField
              label="Group By"
              options={SP_GROUPS}
              value={form.draft.groups}
              onChange={(groups) => form.setDraft({ ...form.draft, groups })}
              error={form.errors.groups}
            />
          }
          actions={
            <>
              <Button onClick={getData}>Get Data</Button>
              <Tooltip label="Export CSV">
                <ActionIcon variant="light" size="lg" aria-label="Export" onClick={exportCsv}>
                  <IconDownload size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          }
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <StatsTable
          caption="Server performance"
          columns={columns}
          rows={rows}
          loading={body !== null && result.isPending}
          pageLength={list.pageLength}
          emptyText={serverPerformanceEmptyText(applied, list.page)}
          errorText={result.isError ? errorMessage(result.error, 'Error!') : undefined}
          onRetry={() => result.refetch()}
          retrying={result.isFetching}
          renderCell={dimensionCells(domains.data, clients.data)}
          hints={SERVER_PERFORMANCE_HINTS}
          sort={list.sort}
          onSort={(sort) =>
            rows.length === 0 ? notifyFailure(STATS_TEXT.sortInvalid) : list.setParams({ sort, page: 1 })
          }
        />
        <PrevNextPager
          page={list.page}
          pageLength={list.pageLength}
          rowCount={rows.length}
          disabled={!applied || result.isPending}
          onPage={(page) => list.setParams({ page })}
          onPageLength={(pageLength) => list.setParams({ pageLength, page: 1 })}
        />
      </Paper>
    </Stack>
  );
}
