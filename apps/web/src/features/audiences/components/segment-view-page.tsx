import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { IconArrowLeft, IconUsers } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { useListParams } from '@/components/data-table/use-list-params';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useSegment } from '../api/use-segments';
import { useSegmentSubscribers } from '../api/use-subscribers';
import { describeQuery } from '../lib/builder-model';
import { MODE_TEXT, modeOf, routeId } from '../lib/mode';
import { AudienceBreadcrumbs, websiteCrumbs } from './breadcrumbs';
import { SegmentCount } from './segment-count';
import { segmentDetailColumns } from './subscriber-columns';
import { SubscriberTable } from './subscriber-table';
import { XlsxButton } from './xlsx-button';

function SegmentSubscribers({ segmentId, editable }: { segmentId: number; editable: boolean }) {
  const list = useListParams();
  const page = useSegmentSubscribers(segmentId, { page: list.page, pageLength: list.pageLength });
  return (
    <Stack gap="xs">
      <SubscriberTable
        page={page}
        list={list}
        columns={segmentDetailColumns(editable)}
        counted="segment"
        emptyText="No subscriber matches."
      />
    </Stack>
  );
}

/**
 * ViewAud / Manual Segment (`…/audience-creator/view/:seg_id`, `…/manual-segmentation/view/:seg_id`): the segment's
 * query and count, a link back, 'Upload as XLSX', 'All Audience' / 'All Segments', and its subscribers.
 */
export function SegmentViewPage() {
  const params = useParams();
  const domainId = routeId(params.id) ?? 0;
  const segmentId = routeId(params.seg_id) ?? 0;
  const type = modeOf(useLocation().pathname);
  const text = MODE_TEXT[type];
  const editable = useCan('audiences.edit');
  const segment = useSegment(domainId, segmentId, type);
  const listPath = `/dashboard/${domainId}/${text.listPath}`;
  const name = segment.data?.name ?? `${text.title} ${segmentId}`;

  return (
    <Stack gap="md">
      <AudienceBreadcrumbs items={[...websiteCrumbs(domainId), { label: text.list, to: listPath }, { label: name }]} />
      <Anchor component={Link} to={listPath} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Back to {text.list}
        </Group>
      </Anchor>
      {segment.isPending ? (
        // the name's and the filter's places in grey: nothing jumps when the segment comes
        <Stack gap="md" aria-busy>
          <SkeletonBar height={36} width="40%" />
          <Paper withBorder p="sm">
            <PanelSkeleton lines={2} height={18} />
          </Paper>
        </Stack>
      ) : segment.isError ? (
        <PanelError
          message={errorMessage(segment.error, MSG.error)}
          onRetry={() => segment.refetch()}
          retrying={segment.isFetching}
        />
      ) : segment.data === null ? (
        <Alert color="yellow" role="alert">
          {text.title} not found.
        </Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {segment.data.name}
            </Title>
            <Group gap="xs">
              <XlsxButton segmentId={segment.data.id} />
              <Button
                variant="light"
                component={Link}
                to={`/dashboard/${domainId}/more-info-subs?type=${type}&seg_id=${segment.data.id}`}
                leftSection={<IconUsers size={16} aria-hidden />}
              >
                {text.all}
              </Button>
            </Group>
          </Group>
          <Paper withBorder p="sm">
            <Text size="sm">
              <Text span fw={600}>
                Filter:{' '}
              </Text>
              {describeQuery(segment.data.query)}
            </Text>
            <Group gap={6} mt={4}>
              <Text size="sm" fw={600}>
                Subscribers:
              </Text>
              <SegmentCount id={segment.data.id} />
            </Group>
          </Paper>
          <SegmentSubscribers segmentId={segment.data.id} editable={editable} />
        </>
      )}
    </Stack>
  );
}
