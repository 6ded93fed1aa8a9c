import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { hasAnyPermission } from '@pushdeck/contracts';
import { IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { useAuth } from '@/lib/auth';
import { formatCount } from '@/lib/format-number';
import { useDomainCount } from '../api/use-pickers';

/** Created Domains: how many websites are in scope; 'More Info' opens Domain List for those who may see it. */
export function CreatedDomainsCard() {
  const { permissions } = useAuth();
  const count = useDomainCount();
  const canList = hasAnyPermission(permissions, ['menu.domain_list', 'domain_list']);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Created Domains">
      <Group gap="xs" mb="xs">
        <IconWorld size={18} aria-hidden />
        <Title order={2} size="h5">
          Created Domains
        </Title>
      </Group>
      {count.isPending ? (
        <SkeletonBar height={48} width={80} label="Loading" />
      ) : count.isError ? (
        <PanelError message="Error!" onRetry={() => count.refetch()} retrying={count.isFetching} />
      ) : (
        <Text fz={32} fw={700} title={count.data.toLocaleString('en-US')}>
          {formatCount(count.data)}
        </Text>
      )}
      {canList && (
        <Anchor component={Link} to="/domain-list" size="sm">
          More Info
        </Anchor>
      )}
    </Paper>
  );
}
