import { ActionIcon, Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { MSG, type Schedule } from '@pushdeck/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatOrderBy, useListParams } from '@/components/data-table/use-list-params';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { deleteSpam } from '../api/drips-api';
import { useDripsMutation, useSpamPage } from '../api/use-drips';
import { dripPaths, routeId } from '../lib/route';
import { daysText } from '../lib/spam-form';
import { DripPageHeader } from './drip-page-header';
import { SpamFormDialog } from './spam-form-dialog';

/** /dashboard/:id/recurring/spam (Recurring Spam): the website's spam schedules, create, edit and delete. */
export function SpamSchedulesPage() {
  const domainId = routeId(useParams().id);
  const list = useListParams({ sort: { field: 'id', dir: 'desc' } });
  const page = useSpamPage(domainId, {
    order_by: formatOrderBy(list.sort),
    page: list.page,
    pageLength: list.pageLength,
  });
  const [editing, setEditing] = useState<{ schedule: Schedule | null } | null>(null);
  const remove = useDripsMutation(deleteSpam);

  if (domainId === undefined) return <Alert color="yellow">Website not found.</Alert>;
  const onDelete = async (s: Schedule) => {
    if (
      !(await confirmAction({
        text: `You will delete the spam schedule ${s.name ?? ''}.`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    remove.mutate(s.id, {
      onSuccess: () => notifySuccess(MSG.successfully),
      onError: (e) => notifyFailure(errorMessage(e, MSG.error)),
    });
  };

  const columns: DataTableColumn<Schedule>[] = [
    { key: 'id', title: 'Id', sortable: true, width: 70 },
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (s) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {s.name}
        </Text>
      ),
    },
    { key: 'frequency', title: 'Frequency', sortable: true },
    { key: 'time', title: 'Duration' },
    { key: 'date_start', title: 'Start', render: (s) => s.date_start ?? '—' },
    { key: 'date_end', title: 'End', render: (s) => s.date_end ?? '—' },
    { key: 'days_of_week', title: 'Days', render: (s) => daysText(s.days_of_week) },
    { key: 'timezone', title: 'Timezone' },
    {
      key: 'drips',
      title: 'Drips',
      render: (s) => (s.drips ?? []).map((d) => `#${d.id} ${d.title}`).join(', ') || '—',
    },
    {
      key: 'is_active',
      title: 'Status',
      sortable: true,
      render: (s) => (
        <Badge color={s.is_active === 1 ? 'teal' : 'gray'} variant="light">
          {s.is_active === 1 ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (s) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit ${s.name ?? s.id}`}
            onClick={() => setEditing({ schedule: s })}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name ?? s.id}`} onClick={() => onDelete(s)}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1300}>
      <DripPageHeader
        domainId={domainId}
        title="Spam Schedules"
        trail={[{ label: 'Recurring Drips', to: dripPaths.regular(domainId) }]}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ schedule: null })}>
            Create Spam Schedule
          </Button>
        }
      />
      {page.isError && (
        <PanelError
          title={MSG.error}
          message={errorMessage(page.error, 'The spam schedules could not be loaded.')}
          onRetry={() => page.refetch()}
          retrying={page.isFetching}
        />
      )}
      <DataTable
        caption="Spam Schedules"
        columns={columns}
        rows={page.data?.rows ?? []}
        total={page.data?.total ?? 0}
        page={list.page}
        pageLength={list.pageLength}
        sort={list.sort}
        onChange={list.onTableChange}
        rowKey="id"
        loading={page.isPending || page.isFetching}
        loadingText="Loading Spam Schedules ..."
        emptyText={
          <EmptyState title="No Spam Schedule created." hint="Add one with Create Spam Schedule above the list." />
        }
      />
      <SpamFormDialog
        opened={editing !== null}
        domainId={domainId}
        schedule={editing?.schedule}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
