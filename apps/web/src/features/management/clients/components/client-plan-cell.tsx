import { Select, Text } from '@mantine/core';
import type { ManagedClient } from '@pushdeck/contracts';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useAssignPlan, useClientPlans, usePlanOptions } from '../api/client-plans-api';

const UNLIMITED = 'none';

/** A client's plan (issue #18): a select for admins (applies at once), the plan's name for other staff. */
export function ClientPlanCell({ client }: { client: ManagedClient }) {
  const canWrite = useCan('management.clients.write');
  const plans = usePlanOptions();
  const assigned = useClientPlans();
  const assign = useAssignPlan();
  const planId = assigned.data?.get(client.id) ?? null;
  const value = planId === null ? UNLIMITED : String(planId);
  const options = [
    { value: UNLIMITED, label: 'Unlimited' },
    ...(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
  ];
  if (!canWrite) {
    return <Text size="sm">{options.find((o) => o.value === value)?.label ?? '…'}</Text>;
  }
  return (
    <Select
      size="xs"
      aria-label={`Plan: ${client.name}`}
      data={options}
      value={assigned.data ? value : null}
      disabled={!assigned.data || !plans.data || assign.isPending}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (next === null || next === value) return;
        const label = options.find((o) => o.value === next)?.label ?? next;
        assign.mutate(
          { clientId: client.id, planId: next === UNLIMITED ? null : Number(next) },
          {
            onSuccess: () => notifySuccess(`${client.name} is now on the plan ${label}.`),
            onError: (error) => notifyFailure(errorMessage(error, 'Error')),
          },
        );
      }}
    />
  );
}
