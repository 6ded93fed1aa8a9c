import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Domain } from '@pushdeck/contracts';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage, errorStatus } from '@/lib/api';
import { useAuth, useCan } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { DomainNotFoundError } from '../api/domains-api';
import { useDomain } from '../api/use-domains';
import { ThingsToDoPanel } from './things-to-do-panel';

/** The route's `:id` as a positive integer, else undefined. */
export function routeDomainId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

function WebsiteFacts({ domain }: { domain: Domain }) {
  // the Integrate route's own action: the link never leads to a refusal
  const canIntegrate = useCan('domains.integrate');
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <div>
          <Text size="xs" c="dimmed">
            Website Id
          </Text>
          <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {domain.website_id}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Status
          </Text>
          <Badge color={domain.is_active === 1 ? 'teal' : 'gray'} variant="light">
            {domain.is_active === 1 ? 'Active' : 'Inactive'}
          </Badge>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Created at
          </Text>
          <Text size="sm">{formatDate(domain.created_at)}</Text>
        </div>
      </SimpleGrid>
      {canIntegrate && (
        <Text size="sm" mt="md">
          Not receiving subscribers yet?{' '}
          <Anchor component={Link} to={`/dashboard/${domain.id}/integrate`}>
            Install the script
          </Anchor>
        </Text>
      )}
    </Paper>
  );
}

/**
 * /dashboard/:id (MainCont): the website's breadcrumb, facts and 'Things to do' (not for the user role), then
 * `statsSlot` (the statistics feature's cards and chart, composed in app/screens.tsx).
 */
export function WebsiteDashboardPage({
  statsSlot,
  actionsSlot,
}: {
  statsSlot?: (domain: Domain) => ReactNode;
  /** Buttons beside the title (composed in app/screens.tsx: the admin's Connection settings). */
  actionsSlot?: (domain: Domain) => ReactNode;
} = {}) {
  const id = routeDomainId(useParams().id);
  const { firstRole } = useAuth();
  const domain = useDomain(id);
  const notFound = id === undefined || domain.error instanceof DomainNotFoundError || errorStatus(domain.error) === 404;

  return (
    <Stack gap="md" maw={1100}>
      <PageBreadcrumbs
        items={[
          { label: 'Home', to: '/' },
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Website Dashboard' },
          ...(domain.data ? [{ label: domain.data.url }] : []),
        ]}
      />
      {notFound ? (
        <Alert color="yellow" title="Website not found.">
          It may have been deleted, or it belongs to another client.{' '}
          <Anchor component={Link} to="/dashboard">
            Back to Dashboard
          </Anchor>
        </Alert>
      ) : domain.isPending ? (
        // the title's and the facts' places in grey: the page does not jump when the website comes
        <Stack gap="md" aria-busy>
          <VisuallyHidden role="status">Loading website…</VisuallyHidden>
          <SkeletonBar height={36} width="40%" />
          <Paper withBorder p="lg" radius="md">
            <PanelSkeleton lines={3} height={18} label="Loading website" />
          </Paper>
        </Stack>
      ) : domain.isError ? (
        <PanelError
          title="Error!"
          message={errorMessage(domain.error, 'The website could not be loaded.')}
          onRetry={() => domain.refetch()}
          retrying={domain.isFetching}
        />
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {domain.data.url}
            </Title>
            {actionsSlot?.(domain.data)}
          </Group>
          <WebsiteFacts domain={domain.data} />
          {firstRole !== 'user' && <ThingsToDoPanel domain={domain.data} />}
          {statsSlot?.(domain.data)}
        </>
      )}
    </Stack>
  );
}
