import { Stack, Title } from '@mantine/core';
import type { SegmentType } from '@pushdeck/contracts';
import { useParams, useSearchParams } from 'react-router';
import { useListParams } from '@/components/data-table/use-list-params';
import { useCan } from '@/lib/auth';
import { useSegment } from '../api/use-segments';
import { useWebsiteSubscribers } from '../api/use-subscribers';
import { MODE_TEXT, routeId } from '../lib/mode';
import { AudienceBreadcrumbs, type Crumb, websiteCrumbs } from './breadcrumbs';
import { subscriberColumns } from './subscriber-columns';
import { SubscriberTable } from './subscriber-table';

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
      <SubscriberTable
        page={page}
        list={list}
        columns={subscriberColumns(editable)}
        counted="list"
        emptyText="No subscribers yet."
      />
    </Stack>
  );
}
