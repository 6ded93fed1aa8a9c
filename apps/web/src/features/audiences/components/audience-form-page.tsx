import { Alert, Stack, Title } from '@mantine/core';
import { MSG, type Segment, type SegmentType } from '@pushdeck/contracts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useJsSegment } from '../api/use-segments';
import { fromQuery, newCondition } from '../lib/builder-model';
import { MODE_TEXT, routeId } from '../lib/mode';
import { AudienceForm, type AudienceFormValues } from './audience-form';
import { AudienceBreadcrumbs, websiteCrumbs } from './breadcrumbs';

/**
 * After a save, the saved item opens at once (its own list's detail page: Audience Creator or Manual
 * Segmentation, by the type it was saved as). The spec waits 2.5 s on the filled form, where a second Save made a
 * duplicate; replacing the form in the history keeps Back from reopening it.
 */
function useOpenSaved(domainId: number | undefined) {
  const navigate = useNavigate();
  return (saved: Segment) => {
    notifySuccess(MSG.successfully);
    void navigate(`/dashboard/${domainId}/${MODE_TEXT[saved.type].listPath}/view/${saved.id}`, { replace: true });
  };
}

/** Audience Create (`/dashboard/:id/audience-creator/create`, `?type=segment` for a segment). */
export function AudienceCreatePage() {
  const domainId = routeId(useParams().id);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const type: SegmentType = params.get('type') === 'segment' ? 'segment' : 'audience';
  const listPath = `/dashboard/${domainId}/${MODE_TEXT[type].listPath}`;
  const openSaved = useOpenSaved(domainId);
  if (domainId === undefined) return <Alert color="red">Website not found.</Alert>;
  const initial: AudienceFormValues = { name: '', type, nodes: [newCondition()] };
  return (
    <Stack gap="md">
      <AudienceBreadcrumbs
        items={[...websiteCrumbs(domainId), { label: MODE_TEXT[type].list, to: listPath }, { label: 'Create' }]}
      />
      <Title order={1} size="h2">
        Create {MODE_TEXT[type].title}
      </Title>
      <AudienceForm domainId={domainId} initial={initial} onSaved={openSaved} onCancel={() => navigate(listPath)} />
    </Stack>
  );
}

/** Edit Audience (`/dashboard/:id/audience-creator/edit/:aud_id`): the stored query loaded into the builder. */
export function AudienceEditPage() {
  const params = useParams();
  const domainId = routeId(params.id);
  const segmentId = routeId(params.aud_id);
  const segment = useJsSegment(segmentId);
  const navigate = useNavigate();
  const type = segment.data?.type ?? 'audience';
  const listPath = `/dashboard/${domainId}/${MODE_TEXT[type].listPath}`;
  const openSaved = useOpenSaved(domainId);
  if (domainId === undefined || segmentId === undefined) return <Alert color="red">Audience not found.</Alert>;

  return (
    <Stack gap="md">
      <AudienceBreadcrumbs
        items={[...websiteCrumbs(domainId), { label: MODE_TEXT[type].list, to: listPath }, { label: 'Edit' }]}
      />
      <Title order={1} size="h2">
        Edit {MODE_TEXT[type].title}
      </Title>
      {segment.isPending ? (
        // the form's fields (name, type, a condition or two) as grey bars while the audience loads
        <PanelSkeleton lines={4} height={36} />
      ) : segment.isError ? (
        <PanelError
          message={errorMessage(segment.error, MSG.error)}
          onRetry={() => segment.refetch()}
          retrying={segment.isFetching}
        />
      ) : (
        <AudienceForm
          key={segment.data.id}
          domainId={domainId}
          segmentId={segmentId}
          initial={{ name: segment.data.name, type: segment.data.type, nodes: fromQuery(segment.data.query) }}
          onSaved={openSaved}
          onCancel={() => navigate(listPath)}
        />
      )}
    </Stack>
  );
}
