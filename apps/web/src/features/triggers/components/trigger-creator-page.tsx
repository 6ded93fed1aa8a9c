import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useWebsite } from '../api/use-triggers';
import { routeId } from '../lib/route-ids';
import { EMPTY_TRIGGER_FORM } from '../lib/trigger-form';
import { TRIGGER_TEXTS } from '../lib/trigger-texts';
import { TriggerForm } from './trigger-form';
import { TriggersBreadcrumbs } from './triggers-breadcrumbs';
import { WebsiteMissing } from './website-missing';

/** /dashboard/:id/triggers/create (TriggerCreator). */
export function TriggerCreatorPage() {
  const domainId = routeId(useParams().id);
  const website = useWebsite(domainId);
  if (domainId === undefined) return <WebsiteMissing />;
  return (
    <Stack gap="md">
      <TriggersBreadcrumbs domainId={domainId} current={TRIGGER_TEXTS.creatorTitle} />
      <Title order={1} size="h2">
        {TRIGGER_TEXTS.creatorTitle}
      </Title>
      <TriggerForm
        key={domainId}
        mode="create"
        domainId={domainId}
        initial={EMPTY_TRIGGER_FORM}
        site={website.data?.url}
      />
    </Stack>
  );
}
