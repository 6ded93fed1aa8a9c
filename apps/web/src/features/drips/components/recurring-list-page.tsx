import { Alert, Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatOrderBy, useListParams } from '@/components/data-table/use-list-params';
import { confirmAction } from '@/components/dialogs/confirm';
import { dripStatsColumns, useDripStatsAllowed } from '@/components/drip-stats/drip-stats-columns';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { SearchInput } from '@/components/search-input/search-input';
import type { QueryParams } from '@/lib/api';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { attachToGroup, type DripRow, deleteDrip, toggleGroup } from '../api/drips-api';
import { useDripPage, useDripsMutation, useGroups } from '../api/use-drips';
import { dripPaths, routeId } from '../lib/route';
import { DripPageHeader } from './drip-page-header';
import { GroupsPanel, groupName } from './groups-panel';
import { RecurringRowActions } from './recurring-row-actions';

export type RecurringView = 'regular' | 'group' | 'tails' | 'drafts';

const TITLES: Record<RecurringView, string> = {
  regular: 'Recurring Drips',
  group: 'Recurring Group',
  tails: 'Recurring Tails',
  drafts: 'Drafts',
};

/** The list's filters per view: regular = active, ungrouped, recurring; a group's drips; tails; drafts (inactive). */
function viewFilter(view: RecurringView, groupId: number | undefined): QueryParams {
  switch (view) {
    case 'regular':
      return { 'whereRelation[schedules][type]': 'recurring', 'where[is_active]': 1, 'where[group_id]': 'null' };
    case 'group':
      return { 'where[group_id]': groupId };
    case 'tails':
      return { 'whereRelation[schedules][type]': 'tail-recurring' };
    case 'drafts':
      return { 'where[is_active]': 0 };
  }
}

function scheduleText(row: DripRow): string {
  const s = row.schedules?.[0];
  if (!s) return '—';
  return [s.type === 'tail-recurring' ? 'tail' : '', s.frequency ?? '', s.time?.slice(0, 5) ?? '', s.timezone]
    .filter(Boolean)
    .join(' · ');
}

/** recurring, recurring/:group_id, recurring/tails and recurring/drafts: a paged list of the website's recurring drips. */
export function RecurringListPage({
  view,
  statsSlot,
}: {
  view: RecurringView;
  /** A drip's own chart (composed in app/): shown in a row's details to who reads only (writers have it in the editor). */
  statsSlot?: (domainId: number, dripId: number) => ReactNode;
}) {
  const params = useParams();
  const domainId = routeId(params.id);
  const groupId = view === 'group' ? routeId(params.group_id) : undefined;
  const list = useListParams({ sort: { field: 'id', dir: 'desc' } });
  const withStats = useDripStatsAllowed();
  const query: QueryParams = {
    'where[domain_id]': domainId,
    ...viewFilter(view, groupId),
    'with[schedules.audiences]': '*',
    ...(withStats ? { 'with[stats]': '*' } : {}),
    order_by: formatOrderBy(list.sort),
    page: list.page,
    pageLength: list.pageLength,
    ...(list.search ? { search: list.search } : {}),
  };
  const page = useDripPage('recurring', query, domainId !== undefined && (view !== 'group' || groupId !== undefined));
  const groups = useGroups(domainId);
  const group = groups.data?.find((g) => g.id === groupId);
  const done = {
    onSuccess: () => notifySuccess(MSG.successfully),
    onError: (e: unknown) => notifyFailure(errorMessage(e, MSG.error)),
  };
  const attach = useDripsMutation((a: { groupId: number; dripId: number; action: 'attach' | 'detach' }) =>
    attachToGroup(a.groupId, [a.dripId], a.action),
  );
  const remove = useDripsMutation((row: DripRow) => deleteDrip('recurring', row.group_id ?? null, row.id!));
  const toggle = useDripsMutation((a: { id: number; on: boolean }) => toggleGroup(a.id, a.on ? 1 : 0));
  const canWrite = useCan('drips.write');

  if (domainId === undefined || (view === 'group' && groupId === undefined)) {
    return <Alert color="yellow">Not found.</Alert>;
  }
  const onDelete = async (row: DripRow) => {
    if (await confirmAction({ text: 'You will delete this recurring drip.', confirmLabel: 'Delete', danger: true }))
      remove.mutate(row, done);
  };

  const columns: DataTableColumn<DripRow>[] = [
    { key: 'id', title: 'Id', sortable: true, width: 70 },
    {
      key: 'title',
      title: 'Notification',
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.body}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'audiences',
      title: 'Audience',
      render: (row) => (row.schedules?.[0]?.audiences ?? []).map((a) => a.name).join(', ') || '—',
    },
    { key: 'schedule', title: 'Schedule', render: scheduleText },
    ...(withStats ? dripStatsColumns<DripRow>() : []),
    {
      key: 'is_active',
      title: 'Status',
      sortable: true,
      render: (row) => (
        <Badge color={row.is_active === 1 ? 'teal' : 'gray'} variant="light">
          {row.is_active === 1 ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    { key: 'created_at', title: 'Created at', sortable: true, render: (row) => formatDate(row.created_at) },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (row) => (
        <RecurringRowActions
          domainId={domainId}
          row={row}
          groups={groups.data ?? []}
          onAttach={(id) => attach.mutate({ groupId: id, dripId: row.id!, action: 'attach' }, done)}
          onDetach={() => attach.mutate({ groupId: row.group_id!, dripId: row.id!, action: 'detach' }, done)}
          onDelete={() => onDelete(row)}
        />
      ),
    });

  const title = view === 'group' && group ? `Group ${groupName(group)}` : TITLES[view];
  return (
    <Stack gap="md" maw={1200}>
      <DripPageHeader
        domainId={domainId}
        title={title}
        trail={view === 'regular' ? [] : [{ label: 'Recurring Drips', to: dripPaths.regular(domainId) }]}
        actions={
          canWrite && (
            <Button component={Link} to={dripPaths.send(domainId)} leftSection={<IconPlus size={16} aria-hidden />}>
              Create Recurring Drip
            </Button>
          )
        }
      />
      {view === 'group' && group && canWrite && (
        <Switch
          label="Group active"
          checked={group.is_active === 1}
          disabled={toggle.isPending}
          onChange={(e) => toggle.mutate({ id: group.id, on: e.currentTarget.checked }, done)}
        />
      )}
      {view === 'regular' && <GroupsPanel domainId={domainId} />}
      <Group>
        <SearchInput
          value={list.search}
          onSearch={(text) => list.setSearch(text.trim())}
          placeholder="Search by title or message"
          w={320}
        />
      </Group>
      {page.isError && (
        <PanelError
          title={MSG.error}
          message={errorMessage(page.error, 'The recurring drips could not be loaded.')}
          onRetry={() => page.refetch()}
          retrying={page.isFetching}
        />
      )}
      <DataTable
        caption={title}
        columns={columns}
        rows={page.data?.rows ?? []}
        total={page.data?.total ?? 0}
        page={list.page}
        pageLength={list.pageLength}
        sort={list.sort}
        onChange={list.onTableChange}
        rowKey="id"
        loading={page.isPending || page.isFetching}
        loadingText="Loading Recurring Notifications ..."
        emptyText={
          <EmptyState
            title={view === 'drafts' ? 'No drafts.' : 'No Recurring Notification created.'}
            hint={canWrite ? 'Start one with Create Recurring Drip.' : undefined}
          />
        }
        renderExpanded={statsSlot && withStats && !canWrite ? (row) => statsSlot(domainId, row.id!) : undefined}
      />
    </Stack>
  );
}
