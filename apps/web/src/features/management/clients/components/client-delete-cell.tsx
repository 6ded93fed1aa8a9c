import { ActionIcon } from '@mantine/core';
import type { ManagedClient } from '@pushdeck/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeferredTooltip } from '@/components/deferred/deferred-tooltip';
import { useCan } from '@/lib/auth';
import { DELETE_TEXTS } from '../lib/client-texts';
import { DeleteClientDialog } from './delete-client-dialog';

/** The delete button of a client's row (admin only) and its dialog. */
export function ClientDeleteCell({ client }: { client: ManagedClient }) {
  const canWrite = useCan('management.clients.write');
  const [open, setOpen] = useState(false);
  if (!canWrite) return null;
  return (
    <>
      <DeferredTooltip label={DELETE_TEXTS.title}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={DELETE_TEXTS.action(client.name)}
          onClick={() => setOpen(true)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </DeferredTooltip>
      <DeleteClientDialog client={open ? client : null} onClose={() => setOpen(false)} />
    </>
  );
}
