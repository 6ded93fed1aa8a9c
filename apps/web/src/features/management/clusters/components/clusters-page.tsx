import { ActionIcon, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Cluster, ConnectionCheck, DbSub } from '@pushdeck/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage } from '@/lib/api';
import { useClusters, useDeleteCluster } from '../api/use-clusters';
import { CLUSTER_TEXTS } from '../lib/cluster-texts';
import { DefaultBadge, InfraActiveSwitch } from './cluster-active-switch';
import { ClusterDialog } from './cluster-dialog';
import { CopyValue } from './copy-value';
import { DbSubDialog } from './db-sub-dialog';
import { DbSubsTable } from './db-subs-table';
import { TestCell } from './test-cell';

const PAGE_SIZES = [10, 25, 50] as const;

/** Dev Settings > Clusters (spec part 2 §2): clusters with expandable db subs, create, edit, test, activeness. */
export function ClustersPage() {
  const clusters = useClusters();
  const remove = useDeleteCluster();
  const [page, setPage] = useState(1);
  const [pageLength, setPageLength] = useState<number>(25);
  const [editing, setEditing] = useState<Cluster | null>(null);
  const [creating, setCreating] = useState(false);
  const [subFor, setSubFor] = useState<{ clusterId: number; sub: DbSub | null } | null>(null);
  const [checks, setChecks] = useState<Record<string, ConnectionCheck>>({});
  const checked = (key: string, check: ConnectionCheck) => setChecks((all) => ({ ...all, [key]: check }));

  const del = async (cluster: Cluster) => {
    const text = `Cluster ${cluster.cluster_name} and its ${cluster.db_subs.length} db sub(s) will be deleted; its clients keep no cluster.`;
    if (!(await confirmAction({ text, confirmLabel: 'Delete', danger: true }))) return;
    remove.mutate(cluster.id, {
      onSuccess: () => notifySuccess(CLUSTER_TEXTS.deleted),
      onError: (e) => notifyFailure(errorMessage(e, CLUSTER_TEXTS.syncFailed)),
    });
  };

  const columns: DataTableColumn<Cluster>[] = [
    { key: 'id', title: 'ID', width: 70, nowrap: true },
    { key: 'cluster_name', title: 'Name', minWidth: 160 },
    {
      key: 'cluster_uid',
      title: 'Cluster UID',
      minWidth: 200,
      render: (c) => <CopyValue label={`UID of ${c.cluster_name}`} value={c.cluster_uid} />,
    },
    {
      key: 'db_entities_master',
      title: 'Master',
      minWidth: 220,
      render: (c) => (
        <CopyValue
          label={`master of ${c.cluster_name}`}
          value={`${c.db_entities_master.host}:${c.db_entities_master.port}/${c.db_entities_master.database}`}
        />
      ),
    },
    { key: 'default', title: 'Default', width: 90, render: (c) => <DefaultBadge value={c.default} /> },
    {
      key: 'clients',
      title: 'Clients',
      minWidth: 140,
      render: (c) => <Text size="sm">{c.clients.length === 0 ? '—' : c.clients.map((x) => x.name).join(', ')}</Text>,
    },
    {
      key: 'check',
      title: 'Connection',
      minWidth: 200,
      render: (c) => (
        <TestCell
          label={c.cluster_name}
          config={c.db_entities_master}
          target={{ cluster_id: c.id }}
          check={checks[`cluster:${c.id}`]}
          onChecked={(check) => checked(`cluster:${c.id}`, check)}
        />
      ),
    },
    {
      key: 'is_active',
      title: 'Active',
      width: 110,
      render: (c) => <InfraActiveSwitch kind="cluster" id={c.id} name={c.cluster_name} active={c.is_active === 1} />,
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 100,
      render: (c) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit cluster ${c.cluster_name}`} onClick={() => setEditing(c)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete cluster ${c.cluster_name}`}
              onClick={() => void del(c)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const rows = clusters.data ?? [];
  const shown = rows.slice((page - 1) * pageLength, page * pageLength);
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Dev Settings' }, { label: 'Clusters' }]} />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Clusters Management
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          Create cluster
        </Button>
      </Group>
      {clusters.isError && (
        <PanelError
          message={errorMessage(clusters.error, 'Error!')}
          onRetry={() => clusters.refetch()}
          retrying={clusters.isFetching}
        />
      )}
      <DataTable
        caption="Clusters"
        columns={columns}
        rows={shown}
        total={rows.length}
        page={page}
        pageLength={pageLength}
        pageSizes={PAGE_SIZES}
        sort={null}
        onChange={(change) => {
          setPage(change.page);
          setPageLength(change.pageLength);
        }}
        rowKey="id"
        loading={clusters.isPending}
        loadingText="Loading clusters…"
        emptyText={clusters.isError ? 'The clusters could not be loaded.' : 'No clusters yet.'}
        renderExpanded={(cluster) => (
          <DbSubsTable
            cluster={cluster}
            checks={checks}
            onChecked={checked}
            onAdd={(c) => setSubFor({ clusterId: c.id, sub: null })}
            onEdit={(sub) => setSubFor({ clusterId: sub.cluster_id, sub })}
          />
        )}
      />
      <ClusterDialog
        opened={creating || editing !== null}
        cluster={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onChecked={(id, check) => checked(`cluster:${id}`, check)}
      />
      <DbSubDialog
        clusterId={subFor?.clusterId ?? null}
        sub={subFor?.sub ?? null}
        onClose={() => setSubFor(null)}
        onChecked={(id, check) => checked(`sub:${id}`, check)}
      />
    </Stack>
  );
}
