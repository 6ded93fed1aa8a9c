import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { deleteDrip } from '../api/drips-api';
import { useDomainUrl, useDrip, useDripsMutation } from '../api/use-drips';
import { dripPaths, routeId } from '../lib/route';
import { useMinSpinner } from '../lib/use-min-spinner';
import { DripPageHeader } from './drip-page-header';
import { WelcomeEditor } from './welcome-editor';

const SPINNER_MS = 1500;

/**
 * /dashboard/:id/welcome/:edit_id (MainDash): edit a welcome drip, or create one when edit_id is 'new'.
 * `statsSlot` shows below the editor of an existing drip (the statistics feature's chart, composed in app/).
 */
export function WelcomeEditorPage({ statsSlot }: { statsSlot?: (domainId: number, dripId: number) => ReactNode } = {}) {
  const params = useParams();
  const domainId = routeId(params.id);
  const dripId = routeId(params.edit_id);
  const isNew = params.edit_id === 'new';
  const navigate = useNavigate();
  const drip = useDrip('welcome', domainId, dripId);
  const domainUrl = useDomainUrl(domainId);
  const spinning = useMinSpinner(params.edit_id, SPINNER_MS);
  const remove = useDripsMutation((d: { groupId: number | null; id: number }) =>
    deleteDrip('welcome', d.groupId, d.id),
  );

  if (domainId === undefined || (!isNew && dripId === undefined)) {
    return <Alert color="yellow">Welcome drip not found.</Alert>;
  }
  const back = () => navigate(dripPaths.welcome(domainId));
  const onDelete = async () => {
    if (!drip.data?.id) return;
    if (!(await confirmAction({ text: 'You will delete this welcome drip.', confirmLabel: 'Delete', danger: true })))
      return;
    remove.mutate(
      { groupId: drip.data.group_id ?? null, id: drip.data.id },
      {
        onSuccess: () => {
          notifySuccess(MSG.successfully);
          back();
        },
        onError: (error) => notifyFailure(errorMessage(error, MSG.error)),
      },
    );
  };

  const loading = spinning || (!isNew && drip.isPending);
  return (
    <Stack gap="md" maw={1200}>
      <DripPageHeader
        domainId={domainId}
        title={isNew ? 'Create Welcome Drip' : 'Edit Welcome Drip'}
        trail={[{ label: 'Welcome Drips', to: dripPaths.welcome(domainId) }]}
        actions={
          !isNew && drip.data ? (
            <Button color="red" variant="light" onClick={onDelete} loading={remove.isPending}>
              Delete
            </Button>
          ) : undefined
        }
      />
      {loading ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text c="dimmed">Loading Welcome Drip ...</Text>
        </Group>
      ) : drip.isError ? (
        <PanelError
          title={MSG.error}
          message={errorMessage(drip.error, 'The welcome drip could not be loaded.')}
          onRetry={() => drip.refetch()}
          retrying={drip.isFetching}
        />
      ) : !isNew && !drip.data ? (
        <Alert color="yellow" title="Welcome drip not found.">
          It may have been deleted.{' '}
          <Anchor component={Link} to={dripPaths.welcome(domainId)}>
            Back to Welcome Drips
          </Anchor>
        </Alert>
      ) : (
        <WelcomeEditor
          key={drip.data?.id ?? 'new'}
          domainId={domainId}
          drip={drip.data}
          domainUrl={domainUrl.data}
          onSaved={() => {
            if (isNew) back();
          }}
          onCancel={back}
        />
      )}
      {!loading && !isNew && drip.data?.id !== undefined && statsSlot?.(domainId, drip.data.id)}
    </Stack>
  );
}
