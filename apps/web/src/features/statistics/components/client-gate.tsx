import { Alert, Stack } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useSelectedClientUid } from '@/lib/api';
import { useClients } from '../api/use-pickers';
import { ClientPicker } from './client-picker';

/**
 * A moderator picks the client to act for before any statistics load: the picker, then 'Select a client!' until
 * one is chosen. The choice is the acting client (sent as the `client` header); changing it remounts the content.
 */
export function ClientGate({ children }: { children: ReactNode }) {
  const [uid, setUid] = useSelectedClientUid();
  const clients = useClients();
  const chosen = uid !== null && (!clients.data || clients.data.some((c) => c.client_uid === uid));
  return (
    <Stack gap="md">
      <ClientPicker clients={clients.data} loading={clients.isPending} value={uid} onChange={setUid} />
      {chosen ? (
        <Fragment key={uid}>{children}</Fragment>
      ) : (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {MSG.selectClient}
        </Alert>
      )}
    </Stack>
  );
}
