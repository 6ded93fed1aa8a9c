import { ActionIcon, Button, Checkbox, MultiSelect, Stack, Tooltip } from '@mantine/core';
import { IconColumns, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { DataTableChange } from '@/components/data-table/types';
import { formatOrderBy, useListParams } from '@/components/data-table/use-list-params';
import { notifyFailure } from '@/components/feedback/notify';
import { startServerExport } from '@/lib/exports/server-export';
import { startV2Export } from '../api/stats-v2-api';
import { useClients, useFilterDomains } from '../api/use-pickers';
import { useDataExplorer } from '../api/use-stats-tables';
import { TableFiltersForm } from '../components/table-filters-form';
import { useTableFiltersDraft } from '../components/use-table-filters-draft';
import { useSearchState } from '../lib/search-state';
import { defaultFilters, readFilters, writeFilters } from '../lib/table-filters';
import { STATS_TEXT } from '../lib/texts';
import { ColumnSettingsDialog } from './column-settings-dialog';
import {
  DEFAULT_GROUPS,
  EXPLORER_GROUPS,
  EXPLORER_TRUNCS,
  explorerBody,
  MODER_GROUPS,
  readColumns,
  requestGroups,
  writeColumns,
} from './explorer-params';
import { ExplorerTable } from './explorer-table';

export interface DataExplorerProps {
  /** Moderators choose clients and may group by client. */
  moder: boolean;
  /** A website's own Data Explorer (DataExplorerWithDashboard): no website or client filters. */
  domainId?: number;
}

/** Filters, Group By, column settings, With Totals, Get Data and export over the Data Explorer table. */
export function DataExplorer({ moder, domainId }: DataExplorerProps) {
  const domainMode = domainId !== undefined;
  const staffFilters = moder && !domainMode;
  const [params, patch] = useSearchState();
  const list = useListParams({ pageLength: 50 });
  // Moderators see the Client column by default.
  const defaultGroups = staffFilters ? MODER_GROUPS : DEFAULT_GROUPS;
  const applied = readFilters(params, ['day', 'month', 'year'], defaultGroups);
  const cols = readColumns(params);
  const withTotals = params.get('totals') === '1';
  const [draftCols, setDraftCols] = useState(cols);
  const [dialog, setDialog] = useState(false);
  const form = useTableFiltersDraft(
    () => applied ?? defaultFilters('data-explorer', 'day', defaultGroups),
    (f) => patch({ ...writeFilters(f), ...writeColumns(draftCols) }),
  );
  const clients = useClients(staffFilters);
  const domains = useFilterDomains(moder, form.draft.clients);
  const body = applied ? explorerBody(applied, cols, list.sort, { moder, domainId }) : null;
  const paging = { page: list.page, pageLength: list.pageLength, paginate: true };
  const result = useDataExplorer(body, paging, staffFilters);
  const rows = result.data?.data ?? [];
  const dims = applied ? requestGroups(applied.groups) : [];
  const totals = withTotals && result.data ? result.data.meta.totals : null;

  const onTableChange = (change: DataTableChange) => {
    const sorting = formatOrderBy(change.sort) !== formatOrderBy(list.sort);
    if (sorting && rows.length === 0) return void notifyFailure(STATS_TEXT.sortInvalid);
    list.onTableChange(change);
  };
  const getData = () =>
    form.submit({
      clients: staffFilters,
      domains: !domainMode,
      groups: true,
      domainCount: domains.loading ? undefined : domains.data?.length,
    });
  const saveColumns = (next: string[]) => {
    setDraftCols(next);
    // Table options re-apply at once, except in a website's own dashboard (there with the next Get Data).
    if (!domainMode && applied) patch(writeColumns(next));
  };
  // every matching row (all pages), written by the server's export job; the file opens when ready
  const exportCsv = () => {
    if (!body || rows.length === 0) return void notifyFailure(STATS_TEXT.noExportData);
    void startServerExport(() => startV2Export('getDataExplorer', body, { allClients: staffFilters, withTotals }));
  };
  const groupOptions = EXPLORER_GROUPS.filter((g) => g.value !== 'client' || staffFilters);
  const domainIdOf = (websiteId: string) => domainId ?? domains.data?.find((d) => d.website_id === websiteId)?.id;

  return (
    <Stack gap="md">
      <TableFiltersForm
        value={form.draft}
        onChange={form.setDraft}
        errors={form.errors}
        truncOptions={EXPLORER_TRUNCS}
        clients={staffFilters ? { options: clients.data, loading: clients.isPending } : undefined}
        domains={domainMode ? undefined : { options: domains.data, loading: domains.loading, showIds: moder }}
        groupField={
          <MultiSelect
            label="Group By"
            data={groupOptions}
            value={form.draft.groups}
            onChange={(groups) => form.setDraft({ ...form.draft, groups })}
            error={form.errors.groups}
            required
            w={{ base: '100%', sm: 300 }}
          />
        }
        actions={
          <>
            <Button onClick={getData}>Get Data</Button>
            <Button
              variant="default"
              leftSection={<IconColumns size={16} aria-hidden />}
              onClick={() => setDialog(true)}
            >
              Column settings
            </Button>
            <Checkbox
              label="With Totals"
              checked={withTotals}
              onChange={(e) => patch({ totals: e.currentTarget.checked ? '1' : null })}
            />
            <Tooltip label="Export CSV">
              <ActionIcon variant="light" size="lg" aria-label="Export" onClick={exportCsv}>
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        }
      />
      <ColumnSettingsDialog opened={dialog} value={draftCols} onClose={() => setDialog(false)} onSave={saveColumns} />
      <ExplorerTable
        dims={dims}
        values={cols}
        rows={rows}
        totals={totals}
        total={result.data?.meta.total ?? 0}
        page={list.page}
        pageLength={list.pageLength}
        sort={list.sort}
        loading={body !== null && result.isPending}
        emptyText={applied ? 'No data for this period.' : 'Choose the filters and press Get Data.'}
        error={result.error}
        errorText="Error!"
        onRetry={() => result.refetch()}
        onChange={onTableChange}
        domainIdOf={domainIdOf}
      />
    </Stack>
  );
}
