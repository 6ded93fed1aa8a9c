import { Alert, Button, Checkbox, Group, NumberInput, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { PLAN_FEATURES, type PlanBody } from '@pushdeck/contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/api';
import { useAllClients, usePlanAdmin, usePlans } from '../api/billing-api';

const FEATURE_LABELS: Record<(typeof PLAN_FEATURES)[number], string> = {
  data_explorer: 'Data Explorer',
  copy_tools: 'Copy Tools',
  exports: 'Exports',
  extensible: 'Extensible',
};
const shown = (n: number | null) => (n === null ? 'Unlimited' : String(n));
const empty: PlanBody = { name: '', monthly_sends: null, active_subscribers: null, websites: null, features: {} };
const asQuota = (v: string | number) => (v === '' ? null : Number(v));

/** Admin: the plans (create, delete) and the plan of each client. */
export function PlansAdmin() {
  const plans = usePlans();
  const clients = useAllClients();
  const admin = usePlanAdmin();
  const [draft, setDraft] = useState<PlanBody>(empty);
  const [clientId, setClientId] = useState<string | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  const error = admin.create.error ?? admin.remove.error ?? admin.assign.error;
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
          {(plans.data ?? []).map((p) => (
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
                <Button size="xs" variant="default" color="red" onClick={() => admin.remove.mutate(p.id)}>
                  Delete {p.name}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          admin.create.mutate(draft, { onSuccess: () => setDraft(empty) });
        }}
      >
        <Group align="end">
          <TextInput
            label="Plan name"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          {(['monthly_sends', 'active_subscribers', 'websites'] as const).map((k) => (
            <NumberInput
              key={k}
              label={k === 'monthly_sends' ? 'Monthly sends' : k === 'websites' ? 'Websites' : 'Active subscribers'}
              placeholder="Unlimited"
              min={0}
              allowDecimal={false}
              value={draft[k] ?? ''}
              onChange={(v) => setDraft({ ...draft, [k]: asQuota(v) })}
            />
          ))}
          {PLAN_FEATURES.map((f) => (
            <Checkbox
              key={f}
              label={FEATURE_LABELS[f]}
              checked={draft.features[f] !== false}
              onChange={(e) => setDraft({ ...draft, features: { ...draft.features, [f]: e.currentTarget.checked } })}
            />
          ))}
          <Button type="submit" loading={admin.create.isPending}>
            Create plan
          </Button>
        </Group>
      </form>
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
