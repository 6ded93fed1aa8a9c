import { Alert, Stack, Text, Title } from '@mantine/core';
import { MSG, type SegmentType } from '@pushdeck/contracts';
import { useParams, useSearchParams } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useSegment } from '../api/use-segments';
import { useWebsiteSubscribers } from '../api/use-subscribers';
import { MODE_TEXT, routeId } from '../lib/mode';
import { AudienceBreadcrumbs, type Crumb, websiteCrumbs } from './breadcrumbs';
import { subscriberColumns } from './subscriber-columns';

/** The segment named by `seg_id`, for the title and the crumbs. */
function useSegmentCrumbs(domainId: number, segId: number | undefined, type: SegmentType): Crumb[] {
  const segment = useSegment(domainId, segId ?? 0, type);
  if (segId === undefined) return [{ label: 'More Info', to: `/dashboard/${domainId}/more-info` }];
  const text = MODE_TEXT[type];
  const base = `/dashboard/${domainId}/${text.listPath}`;
  return [
    { label: text.list, to: base },
    { label: segment.data?.name ?? `${text.title} ${segId}`, to: `${base}/view/${segId}` },
  ];
}

/**
 * More Info Subs (params type, seg_id; route id): a website's subscribers, or a segment's, 10 per page, newest
 * first, the spec's 15 columns with the first three sticky and Last Url Visited editable inline.
 */
export function SubscriberListPage() {
  const domainId = routeId(useParams().id) ?? 0;
  const [search] = useSearchParams();
  const segId = routeId(search.get('seg_id') ?? undefined);
  const type: SegmentType = search.get('type') === 'segment' ? 'segment' : 'audience';
  const list = useListParams();
  const editable = useCan('audiences.edit');
  const crumbs = useSegmentCrumbs(domainId, segId, type);
  const page = useWebsiteSubscribers(domainId, segId, { page: list.page, pageLength: list.pageLength });

  return (
    <Stack gap="md">
      <AudienceBreadcrumbs items={[...websiteCrumbs(domainId), ...crumbs, { label: 'Subscribers' }]} />
      <Title order={1} size="h2">
        Subscribers
      </Title>
      {page.isError && (
        <Alert color="red" role="alert">
          {errorMessage(page.error, MSG.error)}
        </Alert>
      )}
      {page.data?.total_is_estimate && (
        <Text size="sm" c="dimmed">
          The total is an estimate: the list is too large to count within the time limit.
        </Text>
      )}
      <DataTable
        caption="Subscribers"
        columns={subscriberColumns(editable)}
        rows={page.data?.data ?? []}
        total={page.data?.total ?? 0}
        page={list.page}
        pageLength={list.pageLength}
        sort={null}
        onChange={list.onTableChange}
        rowKey="id"
        loading={page.isPending || page.isPlaceholderData}
        loadingText="Loading subscribers ..."
        emptyText="No subscribers yet."
      />
    </Stack>
  );
}
