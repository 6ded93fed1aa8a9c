import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Segment } from '@pushdeck/contracts';
import { IconPlus } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { useListParams } from '@/components/data-table/use-list-params';
import { SearchInput } from '@/components/search-input/search-input';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useSegments } from '../api/use-segments';
import { MODE_TEXT, modeOf, routeId } from '../lib/mode';
import { AudienceBreadcrumbs, websiteCrumbs } from './breadcrumbs';
import { SegmentCount } from './segment-count';
import { SegmentRowActions } from './segment-row-actions';

/**
 * Audience Creator and Manual Segmentation: the website's audiences (or segments), newest first, with search,
 * page sizes 10/25/50, and per row the count, visualize, edit and delete. The list comes in pages of 1000 as the
 * spec asks (part 2 §7); the table shows one page of it, its state in the URL.
 */
export function SegmentListPage() {
  const domainId = routeId(useParams().id) ?? 0;
  const type = modeOf(useLocation().pathname);
  const text = MODE_TEXT[type];
  const other = type === 'audience' ? 'segment' : 'audience';
  const list = useListParams();
  // Spec part 2 §6: audience_create controls the Create button (the Audience Create route's own rule, narrower than
  // the call's: Copy Tools 2.0 may create audiences but not open the creator); audience_edit the edit button.
  const canCreate = useCan('audiences.createForm');
  const canEdit = useCan('audiences.edit');
  const segments = useSegments({ domainId, type, search: list.search });

  const all = segments.data ?? [];
  const pages = Math.max(1, Math.ceil(all.length / list.pageLength));
  // A delete that empties the last page shows the page before it.
  const page = Math.min(list.page, pages);
  const rows = all.slice((page - 1) * list.pageLength, page * list.pageLength);

  const columns: DataTableColumn<Segment>[] = [
    { key: 'id', title: 'Id', width: 80 },
    { key: 'name', title: 'Name', render: (row) => row.name },
    { key: 'count', title: 'Count', width: 110, render: (row) => <SegmentCount id={row.id} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: 140,
      render: (row) => <SegmentRowActions segment={row} canEdit={canEdit} />,
    },
  ];

  return (
    <Stack gap="md">
      <AudienceBreadcrumbs items={[...websiteCrumbs(domainId), { label: text.list }]} />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {text.list}
          </Title>
          <Text size="sm" c="dimmed">
            {type === 'audience' ? 'Segments are listed in ' : 'Audiences are listed in '}
            <Anchor component={Link} to={`/dashboard/${domainId}/${MODE_TEXT[other].listPath}`} underline="always">
              {MODE_TEXT[other].list}
            </Anchor>
            .
          </Text>
        </Stack>
        {canCreate && (
          <Button
            component={Link}
            to={`/dashboard/${domainId}/audience-creator/create${type === 'segment' ? '?type=segment' : ''}`}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Create {text.title}
          </Button>
        )}
      </Group>
      <SearchInput value={list.search} onSearch={list.setSearch} placeholder="Search by name" />
      {segments.isError && (
        <PanelError
          message={errorMessage(segments.error, 'Error!')}
          onRetry={() => segments.refetch()}
          retrying={segments.isFetching}
        />
      )}
      <DataTable
        caption={text.list === 'Audience Creator' ? 'Audiences' : 'Segments'}
        columns={columns}
        rows={rows}
        total={all.length}
        page={page}
        pageLength={list.pageLength}
        sort={null}
        onChange={list.onTableChange}
        rowKey="id"
        loading={segments.isPending}
        loadingText={`Loading ${text.title}s ...`}
        emptyText={
          list.search ? (
            <EmptyState title={`No ${text.noun} matches the search.`} hint="Try another search, or clear it." />
          ) : (
            <EmptyState
              title={`No ${text.noun} created.`}
              hint={canCreate ? `Pick subscribers by their traits with Create ${text.title}.` : undefined}
            />
          )
        }
      />
    </Stack>
  );
}
