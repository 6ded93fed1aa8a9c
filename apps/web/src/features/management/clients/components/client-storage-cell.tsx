import { Button } from '@mantine/core';
import type { ManagedClient } from '@pushdeck/contracts';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '@/lib/auth';
import { ImageStorageDialog } from './image-storage-dialog';

/** The 'Image storage' button of a client's row (admin only) and its dialog. */
export function ClientStorageCell({ client }: { client: ManagedClient }) {
  const canWrite = useCan('management.infrastructure');
  const [open, setOpen] = useState(false);
  if (!canWrite) return null;
  return (
    <>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPhoto size={14} aria-hidden />}
        aria-label={`Image storage: ${client.name}`}
        onClick={() => setOpen(true)}
      >
        Storage
      </Button>
      <ImageStorageDialog client={open ? client : null} onClose={() => setOpen(false)} />
    </>
  );
}
