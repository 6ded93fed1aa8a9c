import { Badge, Switch } from '@mantine/core';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { useUpdateCluster, useUpdateDbSub } from '../api/use-clusters';
import { CLUSTER_TEXTS } from '../lib/cluster-texts';

export interface InfraActiveSwitchProps {
  kind: 'cluster' | 'db sub';
  id: number;
  name: string;
  active: boolean;
}

/** Activeness of a cluster or db sub: 1/0 after 'Are you sure?' (spec part 2 §4); failure says so (§8). */
export function InfraActiveSwitch({ kind, id, name, active }: InfraActiveSwitchProps) {
  const cluster = useUpdateCluster();
  const sub = useUpdateDbSub();
  const pending = cluster.isPending || sub.isPending;
  const toggle = async () => {
    if (pending) return;
    const next = active ? 0 : 1;
    if (!(await confirmAction({ text: `${name} will be switched ${next ? 'on' : 'off'}.` }))) return;
    const options = {
      onSuccess: () => notifySuccess(`${name} is now ${next ? 'active' : 'inactive'}.`),
      onError: () => notifyFailure(CLUSTER_TEXTS.syncFailed),
    };
    if (kind === 'cluster') cluster.mutate({ id, is_active: next }, options);
    else sub.mutate({ id, is_active: next }, options);
  };
  return (
    <Switch
      checked={active}
      onChange={() => void toggle()}
      disabled={pending}
      aria-label={`Active: ${name}`}
      label={active ? 'On' : 'Off'}
    />
  );
}

export function DefaultBadge({ value }: { value: number }) {
  return value === 1 ? (
    <Badge color="blue" variant="light">
      Default
    </Badge>
  ) : (
    <Badge color="gray" variant="outline">
      0
    </Badge>
  );
}
