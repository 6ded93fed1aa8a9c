import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { MSG, type SegmentType } from '@pushdeck/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useJsSegment } from '../api/use-segments';
import { fromQuery, newCondition } from '../lib/builder-model';
import { MODE_TEXT, routeId } from '../lib/mode';
import { AudienceForm, type AudienceFormValues } from './audience-form';
import { AudienceBreadcrumbs, websiteCrumbs } from './breadcrumbs';

/** Redirect delay after saving (spec part 2 §9: 'Redirect delay after creation 2.5 s'). */
export const SAVED_REDIRECT_MS = 2500;

function useBackAfterSave(listPath: string) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    notifySuccess(MSG.successfully);
    timer.current = setTimeout(() => navigate(listPath), SAVED_REDIRECT_MS);
  };
}

/** Audience Create (`/dashboard/:id/audience-creator/create`, `?type=segment` for a segment). */
export function AudienceCreatePage() {
  const domainId = routeId(useParams().id);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const type: SegmentType = params.get('type') === 'segment' ? 'segment' : 'audience';
  const listPath = `/dashboard/${domainId}/${MODE_TEXT[type].listPath}`;
  const back = useBackAfterSave(listPath);
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
      <AudienceForm domainId={domainId} initial={initial} onSaved={back} onCancel={() => navigate(listPath)} />
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
  const back = useBackAfterSave(listPath);
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
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : segment.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(segment.error, MSG.error)}
        </Alert>
      ) : (
        <AudienceForm
          key={segment.data.id}
          domainId={domainId}
          segmentId={segmentId}
          initial={{ name: segment.data.name, type: segment.data.type, nodes: fromQuery(segment.data.query) }}
          onSaved={back}
          onCancel={() => navigate(listPath)}
        />
      )}
    </Stack>
  );
}
