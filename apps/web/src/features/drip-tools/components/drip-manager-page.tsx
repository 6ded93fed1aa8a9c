import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { IconDownload, IconFileDownload, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn, TableSelection } from '@/components/data-table/types';
import { formatOrderBy, useListParams } from '@/components/data-table/use-list-params';
import { dripStatsColumns, useDripStatsAllowed } from '@/components/drip-stats/drip-stats-columns';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import type { ManagedDrip, ManagedType } from '../api/drip-tools-api';
import { useManagedPage, useRefreshManaged, useSetupDomains } from '../api/use-drip-tools';
import { statusLabel, typeLabel } from '../lib/message-labels';
import { DripManagerFilters } from './drip-manager-filters';
import { useManagerActions } from './use-manager-actions';
import { useManagerFilters } from './use-manager-filters';

const PAGE_SIZES = [10, 25, 50] as const;
const NO_SELECTION: TableSelection = { ids: [], all: false };

/** What an expanded row shows: the recurring or welcome editor of the drips feature, composed in app/. */
export interface InlineEditorProps {
  type: ManagedType;
  domainId: number;
  drip: ManagedDrip;
  domainUrl: string | undefined;
  /** Call after a save: the table reloads. */
  onSaved: () => void;
}

export interface DripManagerPageProps {
  renderEditor: (props: InlineEditorProps) => ReactNode;
}

/** /drip-tools: every recurring or welcome drip of the client's websites, filtered, paged, edited inline (part 1 §2). */
export function DripManagerPage({ renderEditor }: DripManagerPageProps) {
  const { filters, setFilters } = useManagerFilters();
  const list = useListParams({ sort: { field: 'created_at', dir: 'desc' } });
  const orderBy = formatOrderBy(list.sort) ?? 'created_at:desc';
  const withStats = useDripStatsAllowed();
  // The route lets in drip instrument users, who all may write; the page follows the one rule anyway (ACTIONS), so a
  // read-only account given this screen sees the drips and their figures, not a control the server would refuse.
  const canWrite = useCan('drips.write');
  const canExport = useCan('files.read');
  const page = useManagedPage(filters, { page: list.page, pageLength: list.pageLength, orderBy, withStats });
  const domains = useSetupDomains();
  const refresh = useRefreshManaged();
  const filterKey = JSON.stringify(filters);
  const [picked, setPicked] = useState({ key: filterKey, selection: NO_SELECTION });
  // Changing a filter resets the selection (spec part 1 §4).
  const selection = picked.key === filterKey ? picked.selection : NO_SELECTION;
  const setSelection = (next: TableSelection) => setPicked({ key: filterKey, selection: next });
  const rows = page.data?.rows ?? [];
  const total = page.data?.total;
  const urlOf = (id: number | undefined) => domains.data?.find((d) => d.id === id)?.url;

  const actions = useManagerActions({
    filters,
    orderBy,
    rows,
    total,
    selection,
    afterDelete: (removed) => {
      setSelection(NO_SELECTION);
      // Deleting what fills the page reloads the previous one (spec part 1 §4).
      if (list.page > 1 && removed >= rows.length) list.setParams({ page: list.page - 1 });
      void refresh();
    },
  });

  const columns: DataTableColumn<ManagedDrip>[] = [
    { key: 'domain_id', title: 'Domain Id', sortable: true, width: 100 },
    { key: 'id', title: 'Message Id', sortable: true, width: 110 },
    {
      key: 'title',
      title: 'Title',
      sortable: true,
      minWidth: 220,
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.title}
        </Text>
      ),
    },
    { key: 'created_at', title: 'Created at', sortable: true, render: (row) => formatDate(row.created_at ?? null) },
    { key: 'type', title: 'Type', render: (row) => typeLabel(row.type), width: 100 },
    ...(withStats ? dripStatsColumns<ManagedDrip>() : []),
    {
      key: 'is_active',
      title: 'Status',
      sortable: true,
      width: 100,
      render: (row) => (
        <Badge color={row.is_active === 1 ? 'teal' : 'gray'} variant="light">
          {statusLabel(row.is_active)}
        </Badge>
      ),
    },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: 'Actions',
      width: 90,
      render: (row) => (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${row.title ?? ''}`}
            onClick={() => void actions.deleteOne(row)}
            disabled={actions.busy === 'delete'}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    });

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Dashboard', to: '/dashboard' }, { label: 'Drip Manager' }]}
      />
      <Title order={1} size="h3">
        Drip Manager
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <DripManagerFilters
              filters={filters}
              onChange={setFilters}
              domains={domains.data}
              domainsLoading={domains.isPending}
            />
            <Group gap="xs">
              {canExport && (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconDownload size={16} aria-hidden />}
                    onClick={() => void actions.downloadTable()}
                    loading={actions.busy === 'csv'}
                  >
                    Download table
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconFileDownload size={16} aria-hidden />}
                    onClick={() => void actions.downloadAll()}
                    loading={actions.busy === 'all'}
                  >
                    Download all
                  </Button>
                </>
              )}
              {canWrite && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => void actions.deleteSelected()}
                  disabled={actions.selectedCount === 0}
                  loading={actions.busy === 'delete'}
                >
                  Delete selected ({actions.selectedCount})
                </Button>
              )}
            </Group>
          </Group>
          {page.isError && (
            <PanelError
              title={MSG.error}
              message={errorMessage(page.error, MSG.error)}
              onRetry={() => page.refetch()}
              retrying={page.isFetching}
            />
          )}
          <DataTable
            caption="Messages"
            columns={columns}
            rows={rows}
            total={total ?? 0}
            page={list.page}
            pageLength={list.pageLength}
            pageSizes={PAGE_SIZES}
            sort={list.sort}
            onChange={list.onTableChange}
            rowKey={(row) => row.id ?? 0}
            loading={page.isPending || (page.isFetching && page.isPlaceholderData)}
            loadingText="Loading Recurring Notifications ..."
            emptyText={`No ${typeLabel(filters.type).toLowerCase()} drips found.`}
            selection={canWrite ? selection : undefined}
            onSelectionChange={canWrite ? setSelection : undefined}
            selectAllAcrossPages={canWrite}
            renderExpanded={
              canWrite
                ? (row) =>
                    renderEditor({
                      type: filters.type,
                      domainId: row.domain_id!,
                      drip: row,
                      domainUrl: urlOf(row.domain_id),
                      onSaved: () => void refresh(),
                    })
                : undefined
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
