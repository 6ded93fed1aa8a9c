import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { ManagedClient } from '@pushdeck/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { OneValueDialog } from '@/components/dialogs/one-value-dialog';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { useCan } from '@/lib/auth';
import { useRenameClient } from '../api/use-clients';
import { CLIENT_TEXTS, failureText } from '../lib/client-texts';

/** A client's name, with Rename (a one-field dialog) for who may change clients. */
export function ClientNameCell({ client }: { client: ManagedClient }) {
  const canWrite = useCan('management.clients.write');
  const rename = useRenameClient();
  const [opened, setOpened] = useState(false);
  const save = async (name: string) => {
    if (name === client.name) return setOpened(false);
    try {
      await rename.mutateAsync({ id: client.id, name });
      notifySuccess(CLIENT_TEXTS.clientRenamed(name));
      setOpened(false);
    } catch (error) {
      notifyFailure(failureText(error, CLIENT_TEXTS.clientUpdateFailed));
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{client.name}</Text>
      {canWrite && (
        <>
          <Tooltip label="Rename">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Rename ${client.name}`}
              onClick={(event) => {
                event.stopPropagation();
                setOpened(true);
              }}
            >
              <IconPencil size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <OneValueDialog
            opened={opened}
            title={`Rename ${client.name}`}
            label="Name"
            initialValue={client.name}
            onSubmit={save}
            onClose={() => setOpened(false)}
          />
        </>
      )}
    </Group>
  );
}
