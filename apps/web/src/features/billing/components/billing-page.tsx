import { Anchor, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { QuotaUsage } from '@pushdeck/contracts';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage, useSelectedClientUid } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { USAGE_EXPORT_URL, useUsage } from '../api/billing-api';
import { DAILY_CHART_HEIGHT, DailyChart } from './daily-chart';
import { sendsHint } from './plan-texts';
import { QuotaBanner } from './quota-banner';
import { StaffClientPicker } from './staff-client-picker';
import { UsageOverview } from './usage-overview';

function QuotaRow({ label, quota, hint }: { label: string; quota: QuotaUsage; hint?: string }) {
  const color = quota.level === 'reached' ? 'red' : quota.level === 'near' ? 'yellow' : 'blue';
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={500}>{label}</Text>
        <Text size="sm" aria-label={`${label} used`}>
          {quota.limit === null ? `${quota.used} (unlimited)` : `${quota.used} of ${quota.limit}`}
        </Text>
      </Group>
      {quota.limit !== null && (
        <Progress value={Math.min(100, quota.percent ?? 0)} color={color} aria-label={`${label}: ${quota.percent} %`} />
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Billing: the client's plan, this month's usage against each quota, the daily chart and the last 12 months. Staff
 * (who act across clients) with no client picked see every client's usage instead, and pick one to see its Billing.
 */
export function BillingPage() {
  const staff = useCan('management.clients.read');
  const [clientUid] = useSelectedClientUid();
  const overview = staff && clientUid === null;
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Billing' }]} />
      <Title order={1} size="h2">
        Billing
      </Title>
      {staff && <StaffClientPicker prompt={overview ? 'Every client, or one:' : 'Client:'} allClients />}
      {overview ? <UsageOverview /> : <ClientBilling />}
    </Stack>
  );
}

/** One client's Billing (the signed-in user's, or the client staff picked). */
function ClientBilling() {
  const usage = useUsage();
  const u = usage.data;
  return (
    <>
      {usage.isError && (
        <PanelError
          title="Usage could not be loaded"
          message={errorMessage(usage.error, 'Error')}
          onRetry={() => usage.refetch()}
          retrying={usage.isFetching}
        />
      )}
      {usage.isPending && (
        // the plan line and the three quotas, then the daily chart's height: nothing jumps when the usage comes
        <>
          <Paper withBorder p="md">
            <PanelSkeleton lines={4} height={24} label="Loading usage" />
          </Paper>
          <SkeletonBar height={DAILY_CHART_HEIGHT} />
        </>
      )}
      {u && (
        <>
          <QuotaBanner usage={u} />
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Text>
                Plan: <strong>{u.plan?.name ?? 'Unlimited'}</strong> · {u.month} ({u.timezone}) ·{' '}
                <Anchor href="/upgrade">Change plan</Anchor>
              </Text>
              <QuotaRow label="Monthly sends" quota={u.sends} hint={sendsHint(u.timezone)} />
              <QuotaRow label="Active subscribers" quota={u.active_subscribers} />
              <QuotaRow label="Websites" quota={u.websites} />
              <Text size="sm" c="dimmed">
                Over the limit this month: {u.over_quota.sends} sends not sent, {u.over_quota.subscribers} subscriptions
                refused.
              </Text>
            </Stack>
          </Paper>
          <Title order={2} size="h4">
            Sends by day
          </Title>
          <DailyChart days={u.daily} />
          <Group justify="space-between">
            <Title order={2} size="h4">
              Last 12 months
            </Title>
            <Anchor href={USAGE_EXPORT_URL} download>
              Export usage (CSV)
            </Anchor>
          </Group>
          <Table striped aria-label="Usage by month">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Sends</Table.Th>
                <Table.Th>Over quota</Table.Th>
                <Table.Th>Refused subscribers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...u.months].reverse().map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{m.month}</Table.Td>
                  <Table.Td>{m.sends}</Table.Td>
                  <Table.Td>{m.over_quota}</Table.Td>
                  <Table.Td>{m.refused_subscribers}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </>
  );
}
