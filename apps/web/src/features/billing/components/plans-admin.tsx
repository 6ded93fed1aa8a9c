import { Alert, Button, Group, Select, Stack, Table, Title } from '@mantine/core';
import { PLAN_FEATURES, type Plan, type PlanBody } from '@pushdeck/contracts';
import { useState } from 'react';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { errorMessage } from '@/lib/api';
import { useAllClients, usePlanAdmin, usePlans } from '../api/billing-api';
import { EMPTY_PLAN, PlanForm } from './plan-form';
import { FEATURE_LABELS, shownQuota as shown } from './plan-texts';

const bodyOf = (p: Plan): PlanBody => ({
  name: p.name,
  monthly_sends: p.monthly_sends,
  active_subscribers: p.active_subscribers,
  websites: p.websites,
  features: p.features,
});

/** Admin: the plans (create, edit, delete) and the plan of each client. */
export function PlansAdmin() {
  const plans = usePlans();
  const clients = useAllClients();
  const admin = usePlanAdmin();
  const [editing, setEditing] = useState<{ id: number; body: PlanBody } | null>(null);
  const [clientId, setClientId] = useState<string | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  const error = admin.create.error ?? admin.update.error ?? admin.remove.error ?? admin.assign.error;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Plans
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error, 'Error')}
        </Alert>
      )}
      {plans.isError ? (
        <PanelError
          message={errorMessage(plans.error, 'The plans could not be loaded.')}
          onRetry={() => plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : plans.isPending ? (
        <PanelSkeleton lines={3} height={30} label="Loading plans" />
      ) : plans.data.length === 0 ? (
        <EmptyState title="No plans yet." hint="Create the first one with the form below." />
      ) : (
        <Table aria-label="Plans">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Monthly sends</Table.Th>
              <Table.Th>Active subscribers</Table.Th>
              <Table.Th>Websites</Table.Th>
              <Table.Th>Features off</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{shown(p.monthly_sends)}</Table.Td>
                <Table.Td>{shown(p.active_subscribers)}</Table.Td>
                <Table.Td>{shown(p.websites)}</Table.Td>
                <Table.Td>
                  {PLAN_FEATURES.filter((f) => p.features[f] === false)
                    .map((f) => FEATURE_LABELS[f])
                    .join(', ') || '—'}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setEditing({ id: p.id, body: bodyOf(p) })}>
                      Edit {p.name}
                    </Button>
                    <Button size="xs" variant="default" color="red" onClick={() => admin.remove.mutate(p.id)}>
                      Delete {p.name}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing ? (
        <PlanForm
          key={editing.id}
          label="Edit plan"
          initial={editing.body}
          submitLabel="Save plan"
          busy={admin.update.isPending}
          onSubmit={(body) => admin.update.mutate({ id: editing.id, body }, { onSuccess: () => setEditing(null) })}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <PlanForm
          label="New plan"
          initial={EMPTY_PLAN}
          submitLabel="Create plan"
          busy={admin.create.isPending}
          onSubmit={(body, done) => admin.create.mutate(body, { onSuccess: done })}
        />
      )}
      <Group align="end">
        <Select
          label="Client"
          searchable
          data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={clientId}
          onChange={setClientId}
        />
        <Select
          label="Plan"
          data={[
            { value: 'none', label: 'Unlimited (no plan)' },
            ...(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          value={planId}
          onChange={setPlanId}
        />
        <Button
          disabled={!clientId || !planId}
          loading={admin.assign.isPending}
          onClick={() =>
            admin.assign.mutate({ clientId: Number(clientId), planId: planId === 'none' ? null : Number(planId) })
          }
        >
          Assign plan
        </Button>
        {admin.assign.isSuccess && <span role="status">Plan assigned.</span>}
      </Group>
    </Stack>
  );
}
