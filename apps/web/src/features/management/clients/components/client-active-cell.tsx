import { Badge } from '@mantine/core';
import type { ManagedClient } from '@pushdeck/contracts';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { isApiRequestError } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useSetClientActive } from '../api/use-clients';
import { DELETE_TEXTS, requestFailed } from '../lib/client-texts';
import { ActiveSwitch } from './active-switch';

const question = (client: ManagedClient) => (next: boolean) =>
  next
    ? `${client.name} will be switched on: its users can sign in, its schedules send and its websites accept subscribers again.`
    : `${client.name} will be switched off: its users are signed out, its schedules stop sending and its websites accept no new subscribers.`;

function failure(error: unknown): string {
  if (!isApiRequestError(error)) return 'Error';
  return error.status >= 400 && error.status < 500 && error.message ? error.message : requestFailed(error.status);
}

/** A client's activeness: a switch (after a confirmation) for who may change it, else a badge. */
export function ClientActiveCell({ client }: { client: ManagedClient }) {
  const canWrite = useCan('management.clients.write');
  const update = useSetClientActive();
  if (client.deleting) {
    return (
      <Badge color="red" variant="light">
        {DELETE_TEXTS.badge}
      </Badge>
    );
  }
  const change = (active: boolean) =>
    update.mutate(
      { id: client.id, active },
      {
        onSuccess: () => notifySuccess(`${client.name} is now ${active ? 'active' : 'inactive'}.`),
        onError: (error) => notifyFailure(failure(error)),
      },
    );
  return (
    <ActiveSwitch
      label={client.name}
      active={client.is_active === 1}
      pending={update.isPending}
      onChange={canWrite ? change : undefined}
      question={question(client)}
    />
  );
}
