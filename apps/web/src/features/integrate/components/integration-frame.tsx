import { Alert, Anchor, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { errorMessage, errorStatus } from '@/lib/api';
import { type IntegrationDomain, useIntegrationDomain, WebsiteNotFoundError } from '../api/integration-api';

function routeId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

interface IntegrationFrameProps {
  title: string;
  children: (domain: IntegrationDomain) => ReactNode;
}

/** Loads the website of /dashboard/:id/… and shows the title, its address and the guide. */
export function IntegrationFrame({ title, children }: IntegrationFrameProps) {
  const id = routeId(useParams().id);
  const domain = useIntegrationDomain(id);
  const notFound =
    id === undefined || domain.error instanceof WebsiteNotFoundError || errorStatus(domain.error) === 404;

  let body: ReactNode;
  if (notFound) {
    body = (
      <Alert color="yellow" title="Website not found.">
        <Anchor component={Link} to="/dashboard">
          Back to Dashboard
        </Anchor>
      </Alert>
    );
  } else if (domain.isPending) {
    body = (
      // the address line and the guide's first lines in grey while the website loads
      <Stack gap="xs" aria-busy>
        <VisuallyHidden role="status">Loading website…</VisuallyHidden>
        <PanelSkeleton lines={4} height={20} label="Loading website" />
      </Stack>
    );
  } else if (domain.isError) {
    body = (
      <PanelError
        title="Error!"
        message={errorMessage(domain.error, 'The website could not be loaded.')}
        onRetry={() => domain.refetch()}
        retrying={domain.isFetching}
      />
    );
  } else {
    body = (
      <>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {domain.data.url} · Website Id <span style={{ fontFamily: 'monospace' }}>{domain.data.website_id}</span>
        </Text>
        {children(domain.data)}
      </>
    );
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
