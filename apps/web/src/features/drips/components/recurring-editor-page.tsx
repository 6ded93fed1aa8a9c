import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { errorMessage } from '@/lib/api';
import { useDomainUrl, useDrip } from '../api/use-drips';
import { dripPaths, routeId } from '../lib/route';
import { DripPageHeader } from './drip-page-header';
import { RecurringEditor } from './recurring-editor';

/**
 * /dashboard/:id/recurring/send (Send) and /dashboard/:id/recurring/edit/:recurr_id (Recurring). `statsSlot` shows
 * below the editor of an existing drip (the statistics feature's chart, composed in app/).
 */
export function RecurringEditorPage({
  statsSlot,
}: {
  statsSlot?: (domainId: number, dripId: number) => ReactNode;
} = {}) {
  const params = useParams();
  const domainId = routeId(params.id);
  const isNew = params.recurr_id === undefined;
  const dripId = routeId(params.recurr_id);
  const navigate = useNavigate();
  const drip = useDrip('recurring', domainId, dripId);
  const domainUrl = useDomainUrl(domainId);

  if (domainId === undefined || (!isNew && dripId === undefined)) {
    return <Alert color="yellow">Recurring drip not found.</Alert>;
  }
  const list = dripPaths.regular(domainId);
  return (
    <Stack gap="md" maw={1200}>
      <DripPageHeader
        domainId={domainId}
        title={isNew ? 'Create Recurring Drip' : 'Edit Recurring Drip'}
        trail={[{ label: 'Recurring Drips', to: list }]}
      />
      {!isNew && drip.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text c="dimmed">Loading Recurring Drip ...</Text>
        </Group>
      ) : drip.isError ? (
        <PanelError
          title={MSG.error}
          message={errorMessage(drip.error, 'The recurring drip could not be loaded.')}
          onRetry={() => drip.refetch()}
          retrying={drip.isFetching}
        />
      ) : !isNew && !drip.data ? (
        <Alert color="yellow" title="Recurring drip not found.">
          It may have been deleted.
        </Alert>
      ) : (
        <RecurringEditor
          key={drip.data?.id ?? 'new'}
          domainId={domainId}
          drip={drip.data}
          domainUrl={domainUrl.data}
          onCancel={() => navigate(list)}
          onSaved={(saved, draft) => {
            if (!isNew) return;
            if (draft) navigate(dripPaths.drafts(domainId));
            else if (saved.group_id) navigate(dripPaths.group(domainId, saved.group_id));
            else navigate(list);
          }}
        />
      )}
      {!isNew && drip.data?.id !== undefined && statsSlot?.(domainId, drip.data.id)}
    </Stack>
  );
}
