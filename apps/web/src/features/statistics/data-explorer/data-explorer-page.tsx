import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { StatsBreadcrumbs } from '../components/stats-breadcrumbs';
import { routeId } from '../lib/route-id';
import { DataExplorer } from './data-explorer';

/** /data-explorer (DataExplorer): every website in scope. */
export function DataExplorerPage() {
  const { isModerator } = useAuth();
  return (
    <Stack gap="md">
      <StatsBreadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Dashboard', to: '/dashboard' }, { label: 'Data Explorer' }]}
      />
      <Title order={1} size="h2">
        Data Explorer
      </Title>
      <Paper withBorder p="md" radius="md">
        <DataExplorer moder={isModerator} />
      </Paper>
    </Stack>
  );
}

/** /dashboard/:id/data-explorer (DataExplorerWithDashboard): one website, no website or client filters. */
export function DomainDataExplorerPage() {
  const id = routeId(useParams().id);
  if (id === undefined) return <Alert color="yellow">Website not found.</Alert>;
  return (
    <Stack gap="md">
      <StatsBreadcrumbs
        items={[
          { label: 'Home', to: '/' },
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Website Dashboard', to: `/dashboard/${id}` },
          { label: 'Data Explorer' },
        ]}
      />
      <Title order={1} size="h2">
        Data Explorer
      </Title>
      <Paper withBorder p="md" radius="md">
        <DataExplorer key={id} moder={false} domainId={id} />
      </Paper>
    </Stack>
  );
}
