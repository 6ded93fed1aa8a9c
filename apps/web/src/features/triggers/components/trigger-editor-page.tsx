import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { errorMessage, errorStatus } from '@/lib/api';
import { TriggerNotFoundError } from '../api/triggers-api';
import { useTrigger, useWebsite } from '../api/use-triggers';
import { routeId, triggerPaths } from '../lib/route-ids';
import { formFromTrigger } from '../lib/trigger-form';
import { TRIGGER_TEXTS, TRIGGER_TIMINGS } from '../lib/trigger-texts';
import { TriggerForm } from './trigger-form';
import { TriggersBreadcrumbs } from './triggers-breadcrumbs';
import { WebsiteMissing } from './website-missing';

/** The editor's spinner stays at least 1 s (spec part 1 §2), restarting when the trigger changes. */
function useMinimumSpinner(key: string): boolean {
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDone(key), TRIGGER_TIMINGS.editorSpinnerMs);
    return () => clearTimeout(timer);
  }, [key]);
  return done !== key;
}

/**
 * /dashboard/:id/triggers/edit/:trigger_id (TriggerEdit): the creator's form, prefilled; Edit saves. `statsSlot`
 * shows below the form (the statistics feature's chart of this trigger, composed in app/).
 */
export function TriggerEditorPage({ statsSlot }: { statsSlot?: (domainId: number, dripId: number) => ReactNode } = {}) {
  const params = useParams();
  const domainId = routeId(params.id);
  const triggerId = routeId(params.trigger_id);
  const trigger = useTrigger(domainId, triggerId);
  const website = useWebsite(domainId);
  const spinning = useMinimumSpinner(`${domainId}/${triggerId}`);
  if (domainId === undefined) return <WebsiteMissing />;

  const missing =
    triggerId === undefined || trigger.error instanceof TriggerNotFoundError || errorStatus(trigger.error) === 404;
  let body: React.ReactNode;
  if (missing) {
    body = (
      <Alert color="red" role="alert" title="Not found">
        {TRIGGER_TEXTS.notFound}{' '}
        <Anchor component={Link} to={triggerPaths.list(domainId)}>
          Back to {TRIGGER_TEXTS.listTitle}
        </Anchor>
      </Alert>
    );
  } else if (trigger.isError) {
    body = (
      <PanelError
        message={errorMessage(trigger.error, 'Error!')}
        onRetry={() => trigger.refetch()}
        retrying={trigger.isFetching}
      />
    );
  } else if (spinning || !trigger.data) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Loading the triggered notification…</Text>
      </Group>
    );
  } else {
    body = (
      <TriggerForm
        key={trigger.data.id}
        mode="edit"
        domainId={domainId}
        trigger={trigger.data}
        initial={formFromTrigger(trigger.data)}
        site={website.data?.url}
      />
    );
  }
  const stats = !missing && !spinning && trigger.data ? statsSlot?.(domainId, trigger.data.id) : null;

  return (
    <Stack gap="md">
      <TriggersBreadcrumbs domainId={domainId} current={TRIGGER_TEXTS.editorTitle} />
      <Title order={1} size="h2">
        {TRIGGER_TEXTS.editorTitle}
      </Title>
      {body}
      {stats}
    </Stack>
  );
}
