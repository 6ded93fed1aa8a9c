import { Stack, Title } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import { ClientGate } from '../components/client-gate';
import { StatsBreadcrumbs } from '../components/stats-breadcrumbs';
import { CreatedDomainsCard } from '../dashboard/created-domains-card';
import { GlobalStats } from '../dashboard/global-stats';
import { WebsiteTotalsTable } from './website-totals-table';

/**
 * /global-stats (Main Stats, 'Global Overview'): the Global Stats blocks and chart across the actor's websites,
 * then a per-website table of totals for the chart's range.
 */
export function GlobalOverviewPage() {
  const { isModerator } = useAuth();
  const stats = (
    <GlobalStats
      extraCard={<CreatedDomainsCard />}
      below={(s) => <WebsiteTotalsTable range={s.range} timezone={s.timezone} />}
    />
  );
  return (
    <Stack gap="md">
      <StatsBreadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Dashboard', to: '/dashboard' }, { label: 'Global Overview' }]}
      />
      <Title order={1} size="h2">
        Global Overview
      </Title>
      {isModerator ? <ClientGate>{stats}</ClientGate> : stats}
    </Stack>
  );
}
