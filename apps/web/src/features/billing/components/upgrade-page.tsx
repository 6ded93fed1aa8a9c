import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Plan } from '@pushdeck/contracts';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { IfAllowed } from '@/components/if-allowed';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage, useSelectedClientUid } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useDecide, usePlans, useRequestPlan, useRequests, useUsage } from '../api/billing-api';
import { PlansAdmin } from './plans-admin';
import { StaffClientPicker } from './staff-client-picker';

const quota = (n: number | null) => (n === null ? 'Unlimited' : n.toLocaleString('en-US'));
const FEATURES = { data_explorer: 'Data Explorer', copy_tools: 'Copy Tools', exports: 'Exports' } as const;

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  /** Whether the user may ask for a plan (the client's owner and staff: ACTIONS['billing.request']). */
  canAsk: boolean;
  onAsk: () => void;
  busy: boolean;
}

function PlanCard({ plan, current, canAsk, onAsk, busy }: PlanCardProps) {
  return (
    <Card withBorder aria-label={`Plan ${plan.name}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {plan.name}
          </Title>
          {current && <Badge>Current plan</Badge>}
        </Group>
        <Text size="sm">Monthly sends: {quota(plan.monthly_sends)}</Text>
        <Text size="sm">Active subscribers: {quota(plan.active_subscribers)}</Text>
        <Text size="sm">Websites: {quota(plan.websites)}</Text>
        {(Object.keys(FEATURES) as (keyof typeof FEATURES)[]).map((f) => (
          <Text size="sm" key={f}>
            {FEATURES[f]}: {plan.features[f] === false ? 'no' : 'yes'}
          </Text>
        ))}
        {!current && canAsk && (
          <Button onClick={onAsk} loading={busy}>
            Ask for {plan.name}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** Three cards of grey lines (name, quotas, features, button) while the plans load. */
function PlanCardSkeletons() {
  return [1, 2, 3].map((n) => (
    <Card withBorder key={n}>
      <PanelSkeleton lines={7} height={18} label="Loading plans" />
    </Card>
  ));
}

function PendingRequests() {
  const requests = useRequests('pending');
  const decide = useDecide();
  const rows = requests.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Requests waiting for an answer
      </Title>
      {decide.isError && <Alert color="red">{errorMessage(decide.error, 'Error')}</Alert>}
      {requests.isError ? (
        <PanelError
          message={errorMessage(requests.error, 'The requests could not be loaded.')}
          onRetry={() => requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : requests.isPending ? (
        <PanelSkeleton lines={2} height={30} label="Loading requests" />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No pending request."
          hint="When a client asks for another plan, the request shows here to approve or decline."
        />
      ) : (
        <Table aria-label="Pending plan requests">
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.client_name}</Table.Td>
                <Table.Td>
                  {r.current_plan_name ?? 'Unlimited'} → {r.plan_name}
                </Table.Td>
                <Table.Td>{r.requested_by_email}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}>
                      Approve
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => decide.mutate({ id: r.id, decision: 'decline' })}
                    >
                      Decline
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * Upgrade: the plans side by side; a client asks for one; admins approve or decline the requests. Staff with no
 * client picked see the plans and a picker for the client whose plan to change (no current plan, nothing to ask).
 */
export function UpgradePage() {
  const staff = useCan('management.clients.read');
  const admin = useCan('management.clients.write');
  const [clientUid] = useSelectedClientUid();
  const noClient = staff && clientUid === null;
  const plans = usePlans();
  const usage = useUsage(!noClient);
  const ask = useRequestPlan();
  const mayAsk = useCan('billing.request');
  const canAsk = mayAsk && !noClient;
  const currentId = usage.data?.plan?.id ?? null;
  const pending = usage.data?.pending_request;
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Upgrade' }]} />
      <Title order={1} size="h2">
        Upgrade
      </Title>
      {pending && (
        <Alert color="blue" role="status">
          Your request for {pending.plan_name} is waiting for an administrator.
        </Alert>
      )}
      {ask.isError && (
        <Alert color="red" role="alert">
          {errorMessage(ask.error, 'Error')}
        </Alert>
      )}
      {staff && (
        <StaffClientPicker prompt={noClient ? 'Pick the client whose plan to change:' : 'Changing the plan of:'} />
      )}
      {noClient && (
        <Text c="dimmed">
          {admin
            ? 'No client is picked: pick one to see its current plan and ask for another, or put any client on a plan under Plans below.'
            : 'No client is picked: pick one to see its current plan and ask for another on its behalf.'}
        </Text>
      )}
      {!mayAsk && (
        <Text c="dimmed">The owner of your client account can ask for another plan; ask them if you need more.</Text>
      )}
      {plans.isError ? (
        <PanelError
          message={errorMessage(plans.error, 'The plans could not be loaded.')}
          onRetry={() => plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : plans.isSuccess && plans.data.length === 0 ? (
        <EmptyState title="No plans yet." hint="Every client is unlimited until an administrator creates plans." />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {plans.isPending && <PlanCardSkeletons />}
        {(plans.data ?? []).map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={plan.id === currentId}
            canAsk={canAsk}
            busy={ask.isPending && ask.variables === plan.id}
            onAsk={() => ask.mutate(plan.id)}
          />
        ))}
      </SimpleGrid>
      <IfAllowed action="management.clients.write">
        <PendingRequests />
        <PlansAdmin />
      </IfAllowed>
    </Stack>
  );
}
