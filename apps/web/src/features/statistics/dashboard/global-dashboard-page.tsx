import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth';
import { ClientGate } from '../components/client-gate';
import { StatsBreadcrumbs } from '../components/stats-breadcrumbs';
import { CreatedDomainsCard } from './created-domains-card';
import { GlobalStats } from './global-stats';

/**
 * /dashboard: the Global Stats dashboard over every website of the actor's client; `top` shows under the title
 * (the getting-started checklist, composed in app/).
 */
export function GlobalDashboardPage({ top }: { top?: ReactNode } = {}) {
  const { isModerator } = useAuth();
  const stats = <GlobalStats extraCard={<CreatedDomainsCard />} />;
  return (
    <Stack gap="md">
      <StatsBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Dashboard' }]} />
      <Title order={1} size="h2">
        Dashboard
      </Title>
      {top}
      {isModerator ? <ClientGate>{stats}</ClientGate> : stats}
    </Stack>
  );
}

/** /moderation-dashboard: a moderator picks a client, then sees that client's Global Stats. */
export function ModerationDashboardPage() {
  return (
    <Stack gap="md">
      <StatsBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Moderation Dashboard' }]} />
      <Title order={1} size="h2">
        Moderation Dashboard
      </Title>
      <ClientGate>
        <GlobalStats extraCard={<CreatedDomainsCard />} />
      </ClientGate>
    </Stack>
  );
}
