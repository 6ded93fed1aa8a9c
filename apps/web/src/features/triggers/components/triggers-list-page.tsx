import { Button, Group, Stack, Title } from '@mantine/core';
import { PAGE_SIZES_SMALL } from '@pushdeck/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import { formatOrderBy, useListParams } from '@/components/data-table/use-list-params';
import { useDripStatsAllowed } from '@/components/drip-stats/drip-stats-columns';
import { notifyFailure } from '@/components/feedback/notify';
import { SearchInput } from '@/components/search-input/search-input';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import type { Trigger } from '../api/triggers-api';
import { useDeleteTrigger, useTriggerPage } from '../api/use-triggers';
import { routeId, triggerPaths } from '../lib/route-ids';
import { TRIGGER_TEXTS } from '../lib/trigger-texts';
import { confirmDeleteTrigger } from './delete-trigger';
import { TriggerCodeDialog } from './trigger-code-dialog';
import { triggerColumns } from './trigger-columns';
import { TriggersBreadcrumbs } from './triggers-breadcrumbs';
import { WebsiteMissing } from './website-missing';

const DEFAULT_SORT = { field: 'id', dir: 'desc' } as const;

/** /dashboard/:id/triggers (TriggeredNotifications): the website's triggers, searchable, sortable, paged. */
export function TriggersListPage() {
  const domainId = routeId(useParams().id);
  if (domainId === undefined) return <WebsiteMissing />;
  // A new website is a new list: nothing of the previous one stays (keyed remount).
  return <TriggersList key={domainId} domainId={domainId} />;
}

function TriggersList({ domainId }: { domainId: number }) {
  const canCreate = useCan('triggers.create');
  const canEdit = useCan('triggers.edit');
  const list = useListParams({ sort: DEFAULT_SORT });
  const orderBy = formatOrderBy(list.sort) ?? 'id:desc';
  const withStats = useDripStatsAllowed();
  const query = { domainId, search: list.search, page: list.page, pageLength: list.pageLength, orderBy, withStats };
  const page = useTriggerPage(query);
  const remove = useDeleteTrigger();
  const [codeOf, setCodeOf] = useState<Trigger | null>(null);

  const rows = page.data?.rows ?? [];
  const { setParams } = list;
  const onDelete = async (trigger: Trigger) => {
    const deleted = await confirmDeleteTrigger(
      () => remove.mutateAsync(trigger.id),
      (error) => notifyFailure(errorMessage(error, 'Error!')),
    );
    // The last row of a page is gone: show the page before it.
    if (deleted && rows.length === 1 && list.page > 1) setParams({ page: list.page - 1 });
  };
  const columns = triggerColumns({ canEdit, withStats, onCode: setCodeOf, onDelete: (t) => void onDelete(t) });

  return (
    <Stack gap="md">
      <TriggersBreadcrumbs domainId={domainId} />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {TRIGGER_TEXTS.listTitle}
        </Title>
        {canCreate && (
          <Button component={Link} to={triggerPaths.create(domainId)} leftSection={<IconPlus size={16} aria-hidden />}>
            {TRIGGER_TEXTS.createButton}
          </Button>
        )}
      </Group>
      <SearchInput value={list.search} onSearch={list.setSearch} placeholder="Search by name, title or message" />
      {page.isError && (
        <PanelError
          title={TRIGGER_TEXTS.loadError}
          message={errorMessage(page.error, 'Error!')}
          onRetry={() => page.refetch()}
          retrying={page.isFetching}
        />
      )}
      <DataTable
        caption={TRIGGER_TEXTS.listTitle}
        columns={columns}
        rows={rows}
        total={page.data?.total ?? 0}
        page={list.page}
        pageLength={list.pageLength}
        pageSizes={PAGE_SIZES_SMALL}
        sort={list.sort}
        onChange={list.onTableChange}
        rowKey="id"
        loading={page.isPending}
        loadingText={TRIGGER_TEXTS.loading}
        emptyText={
          list.search ? (
            <EmptyState title={TRIGGER_TEXTS.noMatch} hint="Try another search, or clear it to see them all." />
          ) : (
            <EmptyState
              title={TRIGGER_TEXTS.empty}
              hint={canCreate ? 'Send a message when a subscriber does something: start with Create.' : undefined}
            />
          )
        }
      />
      <TriggerCodeDialog event={codeOf ? (codeOf.event ?? '') : null} onClose={() => setCodeOf(null)} />
    </Stack>
  );
}
